/// Whether a text is JSON, without building it: the detail view needs only that answer before
/// it lays out the lines on screen (`PrettyLines`). Parsing a 32 MB item of 16 million numbers
/// into a tree took hundreds of megabytes just to be thrown away; this walk keeps one flag per
/// open container and the parser's own rules (the same strings, numbers, literals and depth
/// limit), so what it accepts is what `JSONParser.parse` accepts.
extension JSONParser {
    public static func isValid(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> Bool {
        var text = text   // `withUTF8` is mutating: it makes a bridged string contiguous first.
        return text.withUTF8 { bytes in
            var parser = ByteParser(bytes: bytes, maxDepth: maxDepth)
            do {
                try parser.checkDocument()
                return true
            } catch {
                return false
            }
        }
    }
}

extension ByteParser {
    /// `parseDocument` without the values: each container is only whether it is an object.
    mutating func checkDocument() throws(JSONParseError) {
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
        skipWhitespace()
        guard pos < end else { throw endOfInput() }
        var objects: [Bool] = []
        parsing: while true {
            skipWhitespace()
            guard pos < end else { throw endOfInput() }
            switch bytes[pos] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = bytes[pos] == UInt8(ascii: "{")
                try checkDepth(objects.count + 1)
                pos += 1
                skipWhitespace()
                if pos < end, bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                } else {
                    objects.append(isObject)
                    if isObject { _ = try parseKeyAndColon() }
                    continue parsing
                }
            case UInt8(ascii: "\""): _ = try parseString()
            case UInt8(ascii: "t"): try expectLiteral("true")
            case UInt8(ascii: "f"): try expectLiteral("false")
            case UInt8(ascii: "n"): try expectLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
            default: throw unexpected(at: pos, expected: "a JSON value")
            }
            // A value is complete: close every container that ends here.
            while let isObject = objects.last {
                skipWhitespace()
                guard pos < end else { throw endOfInput() }
                if bytes[pos] == UInt8(ascii: ",") {
                    pos += 1
                    if isObject { _ = try parseKeyAndColon() }
                    continue parsing
                }
                guard bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(at: pos, expected: isObject ? "',' or '}'" : "',' or ']'")
                }
                pos += 1
                objects.removeLast()
            }
            skipWhitespace()
            if pos < end { throw unexpected(at: pos, expected: "nothing after the JSON value") }
            return
        }
    }
}
