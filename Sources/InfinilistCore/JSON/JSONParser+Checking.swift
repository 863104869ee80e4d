/// Whether a text is JSON, without building it, a bounded step at a time.
///
/// The detail view must know whether an item is JSON (then it is pretty-printed) or some other
/// text (shown as it is); parsing a 32 MB item of 16 million numbers into a tree to learn that
/// took hundreds of megabytes, and even a walk that builds nothing takes seconds in a debug
/// build. So the check keeps only where it is and one flag per open container, follows the
/// parser's own rules (the same strings, numbers, literals and depth limit: what it accepts is
/// what `JSONParser.parse` accepts), and can stop after `budget` bytes and go on later: the view
/// shows the lines at once and checks the rest a step per message (`DetailView.advance`).
struct JSONCheck: Sendable, Equatable {
    /// Where the check goes on: always where a value is expected.
    private var position = 0
    /// For each open container, whether it is an object.
    private var objects: [Bool] = []
    /// True or false once the whole text is checked.
    private(set) var verdict: Bool?

    /// Checks on from where the last step stopped, for about `budget` bytes (the whole text
    /// with `.max`); `verdict` is set once it reaches the end or an error.
    mutating func run(_ text: String, budget: Int = .max) {
        guard verdict == nil else { return }
        var text = text   // `withUTF8` is mutating: it makes a bridged string contiguous first.
        text.withUTF8 { bytes in
            var parser = ByteParser(bytes: bytes, maxDepth: JSONParser.defaultMaxDepth)
            parser.pos = position
            let limit = position > Int.max - max(1, budget) ? Int.max : position + max(1, budget)
            do {
                if let done = try parser.checkDocument(objects: &objects, until: limit) {
                    verdict = done
                }
            } catch {
                verdict = false
            }
            position = parser.pos
        }
    }
}

extension JSONParser {
    /// Whether `text` is one JSON value the parser accepts.
    public static func isValid(_ text: String) -> Bool {
        var check = JSONCheck()
        check.run(text)
        return check.verdict == true
    }
}

extension ByteParser {
    /// `parseDocument` without the values, from `pos` (0, or where a value is expected inside
    /// the containers `objects`); stops where a value is expected past byte `limit` and returns
    /// nil, or returns true at the end of a valid document. Throws at the first error.
    mutating func checkDocument(objects: inout [Bool], until limit: Int) throws(JSONParseError) -> Bool? {
        if pos == 0 {
            if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
            skipWhitespace()
            guard pos < end else { throw endOfInput() }
        }
        parsing: while true {
            if pos > limit { return nil }
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
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
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
            return true
        }
    }
}
