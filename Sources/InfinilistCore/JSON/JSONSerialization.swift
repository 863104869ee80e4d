/// Writing JSON back out. Items are stored as compact JSON (the row model keeps no parsed tree)
/// and shown pretty-printed in the detail view; both must be byte-faithful for numbers and key
/// order, and safe to put on a terminal or into JavaScript, hence the extra escapes.
extension JSONValue {
    /// JSON without any whitespace: the storage and `--dump` form of an item.
    public var compactJSON: String {
        var writer = JSONWriter(indent: nil)
        writer.write(self, level: 0)
        return writer.result
    }

    /// JSON with one member per line, `indent` spaces per level, `"key": value`; for the detail
    /// view, where structure matters more than width. Empty containers stay `[]` and `{}`.
    public func prettyJSON(indent: Int = 2) -> String {
        var writer = JSONWriter(indent: max(0, indent))
        writer.write(self, level: 0)
        return writer.result
    }
}

/// Appends UTF-8 to one byte buffer; building a `String` piece by piece is several times slower.
struct JSONWriter {
    /// `nil` for compact output.
    let indent: Int?
    var bytes: [UInt8] = []

    init(indent: Int?) {
        self.indent = indent
    }

    var result: String { String(decoding: bytes, as: UTF8.self) }

    /// Recursive: depth is bounded by the parser's `maxDepth` for every value read from input.
    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let b):
            bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let literal):
            bytes.append(contentsOf: literal.utf8)
        case .string(let s):
            JSONWriter.appendQuoted(s, to: &bytes)
        case .array(let elements):
            guard !elements.isEmpty else {
                bytes.append(contentsOf: "[]".utf8)
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level: level + 1)
                write(element, level: level + 1)
            }
            newline(level: level)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                bytes.append(contentsOf: "{}".utf8)
                return
            }
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                newline(level: level + 1)
                JSONWriter.appendQuoted(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if indent != nil { bytes.append(UInt8(ascii: " ")) }
                write(member, level: level + 1)
            }
            newline(level: level)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    mutating func newline(level: Int) {
        guard let indent else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// Writes `s` as a JSON string. Besides what RFC 8259 requires, DEL, the C1 controls and
    /// U+2028/U+2029 are escaped so that the output cannot drive a terminal and is valid JavaScript.
    static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var native = s   // `withUTF8` is mutating: it makes bridged strings contiguous first.
        native.withUTF8 { appendEscaped($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var i = 0
        let count = source.count
        while i < count {
            let byte = source[i]
            var escape: (code: UInt32, length: Int)?
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                escape = (UInt32(byte), 1)
            } else if byte == 0xC2, i + 1 < count, source[i + 1] >= 0x80, source[i + 1] <= 0x9F {
                escape = (UInt32(source[i + 1]), 2)   // C1 control U+0080...U+009F
            } else if byte == 0xE2, i + 2 < count, source[i + 1] == 0x80,
                      source[i + 2] == 0xA8 || source[i + 2] == 0xA9 {
                escape = (0x2000 | UInt32(source[i + 2] & 0x3F), 3)   // U+2028, U+2029
            }
            guard let escape else {
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<i]))
            appendEscape(escape.code, to: &bytes)
            i += escape.length
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<count]))
    }

    private static func appendEscape(_ code: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch code {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(digits[Int((code >> UInt32(shift)) & 0xF)])
            }
        }
    }
}
