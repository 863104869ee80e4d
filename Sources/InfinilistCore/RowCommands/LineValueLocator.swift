/// Finds the value a line of the pretty-printed item shows, for `y`, from the item's text and
/// the line's first byte, without parsing the item: one pass over the bytes before the line
/// (keeping only the containers open there) and one over the value itself.
///
/// The rule is `JSONValue.lineValues`' (a test checks they agree on every line): a member's
/// or an element's line is its value, a closing bracket's line the container it closes, the
/// first line the whole item, and a line inside a string (after a line break) the string. Parsing a 32 MB item of 16 million numbers and listing every
/// line's value to copy one took gigabytes; this holds one frame per open container.
enum LineValueLocator {
    /// The value shown on the line starting at byte `offset`: its path (`user.login`,
    /// `labels[0]`, empty for the whole item) and its bytes in `bytes`. Nil when `offset` is not
    /// where a line starts, or the text is not JSON.
    static func value(in bytes: UnsafeBufferPointer<UInt8>, lineAt offset: Int) -> (path: String, range: Range<Int>)? {
        guard let first = PrettyLines.first(in: bytes) else { return nil }
        var open: [Frame] = []
        var i = first.offset
        while i < bytes.count {
            i = PrettyLines.skipSpace(bytes, i)
            guard i < bytes.count else { return nil }
            let byte = bytes[i]
            let expectsKey = open.last.map { $0.isObject && $0.key == nil } ?? false
            if i == offset {
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    guard let closed = open.last else { return nil }
                    return (closed.path, closed.start..<(i + 1))
                }
                var start = i
                var path = open.last?.childPath ?? ""
                if expectsKey, byte == UInt8(ascii: "\"") {
                    guard let (key, valueStart) = member(bytes, at: i) else { return nil }
                    path = open.last?.childPath(key: key) ?? key
                    start = valueStart
                }
                guard let end = valueEnd(bytes, at: start) else { return nil }
                return (path, start..<end)
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let path = open.last?.childPath ?? ""
                open.append(Frame(isObject: byte == UInt8(ascii: "{"), start: i, path: path))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !open.isEmpty else { return nil }
                open.removeLast()
                i += 1
            case UInt8(ascii: ","):
                guard !open.isEmpty else { return nil }
                open[open.count - 1].advance()
                i += 1
            case UInt8(ascii: "\"") where expectsKey:
                guard let (key, valueStart) = member(bytes, at: i) else { return nil }
                open[open.count - 1].key = key
                i = valueStart
            case UInt8(ascii: "\""):
                var plain = true
                let end = PrettyLines.stringEnd(bytes, i, plain: &plain)
                // A line inside the string (after one of its line breaks) shows the string.
                if offset > i, offset < end { return (open.last?.childPath ?? "", i..<end) }
                i = end
            default:
                let end = PrettyLines.scalarEnd(bytes, i)
                guard end > i else { return nil }
                i = end
            }
        }
        return nil
    }

    /// A container open before the line: where it starts, its path, and which member or
    /// element the scan is in.
    private struct Frame {
        let isObject: Bool
        let start: Int
        let path: String
        var index = 0
        /// The current member's key, once read (nil between a `,` and the next key).
        var key: String?

        /// The path of the current element or member.
        var childPath: String {
            isObject ? childPath(key: key ?? "") : "\(path)[\(index)]"
        }

        func childPath(key: String) -> String {
            path.isEmpty ? key : "\(path).\(key)"
        }

        mutating func advance() {
            index += 1
            key = nil
        }
    }

    /// The key of the member whose key string opens at `index`, and where its value starts.
    private static func member(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (key: String, valueStart: Int)? {
        var plain = true
        let end = PrettyLines.stringEnd(bytes, index, plain: &plain)
        let colon = PrettyLines.skipSpace(bytes, end)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        guard case .string(let key)? = try? JSONParser.parse(text) else { return nil }
        return (key, PrettyLines.skipSpace(bytes, colon + 1))
    }

    /// Past the value that starts at `index`: a container to its matching bracket, a string
    /// past its quote, a number or literal to the next structural byte.
    private static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = index
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                case UInt8(ascii: "\""):
                    var plain = true
                    i = PrettyLines.stringEnd(bytes, i, plain: &plain)
                    continue
                default: break
                }
                i += 1
            }
            return nil
        case UInt8(ascii: "\""):
            var plain = true
            return PrettyLines.stringEnd(bytes, index, plain: &plain)
        default:
            let end = PrettyLines.scalarEnd(bytes, index)
            return end > index ? end : nil
        }
    }
}
