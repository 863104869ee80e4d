import CZlib

/// Bodies compressed as a server would send them with `Content-Encoding: gzip` or `deflate`
/// (zlib data, RFC 9110), so the tests' routes can serve real compressed answers.
public enum Compression: String, Sendable, CaseIterable {
    case gzip
    case deflate

    /// `bytes` compressed in this encoding.
    public func compress(_ bytes: [UInt8]) -> [UInt8] {
        let capacity = czlib_bound(UInt(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                czlib_compress(input.baseAddress, UInt(input.count), out.baseAddress, capacity, self == .gzip ? 1 : 0)
            }
        }
        precondition(written >= 0, "zlib could not compress \(bytes.count) bytes")
        return Array(output.prefix(written))
    }

    /// `text`'s UTF-8 compressed in this encoding.
    public func compress(_ text: String) -> [UInt8] { compress(Array(text.utf8)) }
}
