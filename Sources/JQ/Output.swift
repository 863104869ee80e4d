import InfinilistCore

/// What jq 1.6 writes for a value, byte for byte: `compact` is `jq -c`, `raw` is `jq -r -c`.
/// Numbers go through a double as jq's do (`1234567890123456789` prints `1234567890123456800`);
/// strings escape `"`, `\`, control characters and DEL (`\u007f`), and keep `/` and non-ASCII.
public enum JQOutput {
    /// The value as `jq -c` prints it (without the newline).
    public static func compact(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        write(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value as `jq -r -c` prints it: a string's text as is, anything else compact.
    public static func raw(_ value: JSONValue) -> String {
        if case .string(let s) = value { return s }
        return compact(value)
    }

    static func write(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): bytes.append(contentsOf: NumberText.output(n).utf8)
        case .string(let s): writeString(s, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in object.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member.value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    static func writeString(_ s: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x08: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
            case 0..<0x20, 0x7F:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(c >> 4)])
                bytes.append(hex[Int(c & 15)])
            default: bytes.append(c)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
