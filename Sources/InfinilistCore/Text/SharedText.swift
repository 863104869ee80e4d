/// UTF-8 text that is either its own `String` or a range of a byte buffer it shares with other
/// texts. A dump writing JSON keeps a page's items as one buffer of compact JSON (`CompactItems`);
/// its items' JSON points into that buffer instead of being copied out into a string per item,
/// which held the page twice while its rows were made: 2.9 MB of buffer beside 3.3 MB of strings
/// for a page of 10,000 records (decision 90). The buffer lives as long as one of its texts does,
/// so only a dump, whose rows are written and dropped a page at a time, shares one.
///
/// Read as a `String` where one is needed (`string`), or as bytes where it is written out
/// (`withUTF8`). Two texts are equal when their strings are, however they are held.
public struct SharedText: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    private enum Storage: Sendable {
        case string(String)
        /// Bytes `start..<end` of `buffer`. Offsets are 32-bit so that an `Item` stays 72 bytes.
        case slice(buffer: [UInt8], start: UInt32, end: UInt32)
    }

    private let storage: Storage

    public init(_ string: String) {
        storage = .string(string)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Bytes `range` of `buffer`, which must be UTF-8 there (anything else is repaired when read),
    /// sharing the buffer; a copy of them when the range does not fit 32-bit offsets.
    public init(sharing buffer: [UInt8], range: Range<Int>) {
        if let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound) {
            storage = .slice(buffer: buffer, start: start, end: end)
        } else {
            storage = .string(String(decoding: buffer[range], as: UTF8.self))
        }
    }

    /// The text as a `String`: the one held, or one decoded from the shared bytes.
    public var string: String {
        switch storage {
        case .string(let string):
            return string
        case .slice(let buffer, let start, let end):
            return buffer.withUnsafeBufferPointer { bytes in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
            }
        }
    }

    public var description: String { string }

    /// Whether the bytes are a shared buffer's: what keeps a dump's page held once.
    public var isShared: Bool {
        if case .slice = storage { return true }
        return false
    }

    /// Calls `body` with the text's UTF-8 bytes, without making a `String` of shared ones.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .string(var string):
            return try string.withUTF8(body)
        case .slice(let buffer, let start, let end):
            return try buffer.withUnsafeBufferPointer { bytes in
                try body(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]))
            }
        }
    }

    public static func == (left: SharedText, right: SharedText) -> Bool {
        if case .string(let leftString) = left.storage, case .string(let rightString) = right.storage {
            return leftString == rightString
        }
        return left.string == right.string
    }
}
