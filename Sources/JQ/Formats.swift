import InfinilistCore

/// `@text @json @html @uri @csv @tsv @sh @base64 @base64d`, as jq 1.6 writes them (its `@uri`
/// keeps `!*'()` unescaped; `@html` writes `'` as `&apos;`).
enum Formats {
    typealias Formatter = @Sendable (JSONValue) throws -> String

    static func formatter(_ name: String) throws(JQSyntaxError) -> Formatter {
        switch name {
        case "text": return { text($0) }
        case "json": return { JQOutput.compact($0) }
        case "html": return { html(text($0)) }
        case "uri": return { uri(text($0)) }
        case "csv": return { try row($0, csv: true) }
        case "tsv": return { try row($0, csv: false) }
        case "sh": return sh
        case "base64": return { base64(Array(text($0).utf8)) }
        case "base32": return { Base32.encode(Array(text($0).utf8)) }
        case "base32d": return { v in
            guard let bytes = Base32.decode(text(v)) else { throw JQRuntimeError("\(JSONValue.string(text(v)).typeAndValue) is not valid base32 data") }
            return String(decoding: bytes, as: UTF8.self)
        }
        case "base64d": return { v in
            let s = JSONValue.string(text(v))
            guard let decoded = base64Decode(text(v)) else { throw JQRuntimeError("\(s.typeAndValue) is not valid base64 data") }
            guard let decoded = decoded else { throw JQRuntimeError("\(s.typeAndValue) trailing base64 byte found") }
            return decoded
        }
        default: throw JQSyntaxError("\(name) is not a valid format", column: 1)
        }
    }

    /// `tostring`: a string as is, anything else as compact JSON.
    static func text(_ v: JSONValue) -> String {
        if case .string(let s) = v { return s }
        return JQOutput.compact(v)
    }

    static func html(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "'": out += "&" + "apos;"  // jq 1.6 (six bytes; checked against it)
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func uri(_ s: String) -> String {
        var out: [UInt8] = []
        for b in s.utf8 {
            let c = Unicode.Scalar(b)
            if (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c))
                || "-_.~".unicodeScalars.contains(c) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func row(_ v: JSONValue, csv: Bool) throws -> String {
        guard case .array(let items) = v else {
            throw JQRuntimeError("\(v.typeAndValue) cannot be \(csv ? "csv" : "tsv")-formatted, only array")
        }
        var fields: [String] = []
        for item in items {
            switch item {
            case .number(let n): fields.append(NumberText.output(n))
            case .bool(let b): fields.append(b ? "true" : "false")
            case .null: fields.append("")
            case .string(let s):
                if csv {
                    fields.append("\"" + s.replacingAll("\"", with: "\"\"") + "\"")
                } else {
                    fields.append(s.replacingAll("\\", with: "\\\\").replacingAll("\t", with: "\\t")
                        .replacingAll("\r", with: "\\r").replacingAll("\n", with: "\\n"))
                }
            default:
                throw JQRuntimeError("\(item.typeAndValue) is not valid in a csv row")
            }
        }
        return fields.joined(separator: csv ? "," : "\t")
    }

    static func sh(_ v: JSONValue) throws -> String {
        let items: [JSONValue]
        if case .array(let a) = v { items = a } else { items = [v] }
        var words: [String] = []
        for item in items {
            switch item {
            case .string(let s): words.append("'" + s.replacingAll("'", with: "'\\''") + "'")
            case .array, .object: throw JQRuntimeError("\(item.typeAndValue) can not be escaped for shell")
            default: words.append(JQOutput.compact(item))
            }
        }
        return words.joined(separator: " ")
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            for k in 0..<4 {
                out.append(k <= n ? alphabet[Int((triple >> (18 - 6 * UInt32(k))) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes up to the padding; nil when a byte is outside the alphabet, `.some(nil)` when a
    /// lone character is left over (6 bits, no byte). Bytes that are not UTF-8 become U+FFFD.
    static func base64Decode(_ s: String) -> String?? {
        var out: [UInt8] = []
        var acc: UInt32 = 0, bits = 0
        var count = 0
        for c in s.utf8 {
            if c == UInt8(ascii: "=") { break }
            guard let v = alphabet.firstIndex(of: c) else { return nil }
            count += 1
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((acc >> UInt32(bits)) & 0xFF))
            }
        }
        if count % 4 == 1 { return .some(nil) }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Replaces every occurrence, comparing code points (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        Strings.split(self, by: target).joined(separator: replacement)
    }
}
