import InfinilistCore

/// Reads a JSON body in which placeholders may stand where values go: bare (`"page_size": {limit}`)
/// or as a string that is exactly one placeholder (`"start_cursor": "{cursor}"`: the quotes are
/// part of the placeholder, so the body stays valid JSON for editors and `jq`). Everything else is
/// strict JSON (RFC 8259), and every problem names its line and column, so a mistake in a long
/// body from a file is found at once.
///
/// A bare `{` followed by a letter cannot begin a JSON object (a key is quoted), so the two never
/// mix. A string with more than the placeholder (`"after {cursor}"`, a GraphQL query's braces) is
/// text, sent as written.
struct JSONTemplateParser {
    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ text: String) throws(BodyTemplateError) -> JSONTemplate {
        var parser = JSONTemplateParser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.failure("unexpected \(parser.shownByte()) after the end of the JSON document")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value(depth: Int) throws(BodyTemplateError) -> JSONTemplate {
        guard depth < JSONParser.defaultMaxDepth else { throw failure("nested more than \(JSONParser.defaultMaxDepth) deep") }
        skipWhitespace()
        guard index < bytes.count else { throw failure("the body ends where a JSON value is expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if let placeholder = try barePlaceholder() { return placeholder }
            return try object(depth: depth)
        case UInt8(ascii: "["):
            return try array(depth: depth)
        case UInt8(ascii: "\""):
            let start = index
            let (text, raw) = try string()
            if let placeholder = try Self.placeholder(inString: raw, at: start, parser: self) { return placeholder }
            return .literal(.string(text))
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            throw failure("expected a JSON value, found \(shownByte())")
        }
    }

    private mutating func object(depth: Int) throws(BodyTemplateError) -> JSONTemplate {
        index += 1
        var members: [JSONTemplate.Member] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .literal(.object([:]))
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a quoted key, found \(shownByte())") }
            let key = try string().text
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after the key \"\(OneLine.clean(key, maxCharacters: 40))\", found \(shownByte())") }
            index += 1
            members.append(JSONTemplate.Member(key, try value(depth: depth + 1)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "}")) {
                index += 1
                return JSONTemplate.collapsed(.object(members))
            } else {
                throw failure("expected ',' or '}' after a member, found \(shownByte())")
            }
        }
    }

    private mutating func array(depth: Int) throws(BodyTemplateError) -> JSONTemplate {
        index += 1
        var elements: [JSONTemplate] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .literal(.array([]))
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "]")) {
                index += 1
                return JSONTemplate.collapsed(.array(elements))
            } else {
                throw failure("expected ',' or ']' after an element, found \(shownByte())")
            }
        }
    }

    /// `{name}` where a value goes; nil when the `{` opens an object instead.
    private mutating func barePlaceholder() throws(BodyTemplateError) -> JSONTemplate? {
        let start = index
        guard start + 1 < bytes.count, Self.isLetter(bytes[start + 1]) else { return nil }
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
            throw failure("unclosed placeholder: a '{' followed by a letter starts one, as {cursor}", at: start, placeholder: true)
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        index = end + 1
        return .placeholder(try Self.named(name, at: start, parser: self))
    }

    /// A string whose raw text is exactly `{name}` is a placeholder (an escaped brace, `\u007B`,
    /// is not: that is how such a string is written literally).
    private static func placeholder(inString raw: ArraySlice<UInt8>, at start: Int, parser: JSONTemplateParser) throws(BodyTemplateError) -> JSONTemplate? {
        guard raw.count >= 3, raw.first == UInt8(ascii: "{"), raw.last == UInt8(ascii: "}"), isLetter(raw[raw.startIndex + 1]) else { return nil }
        let inner = raw.dropFirst().dropLast()
        let plain = inner.allSatisfy { byte in
            byte != UInt8(ascii: "{") && byte != UInt8(ascii: "}") && byte != UInt8(ascii: "\\") && byte > 0x20
        }
        guard plain else { return nil }
        return .placeholder(try named(String(decoding: inner, as: UTF8.self), at: start, parser: parser))
    }

    private static func named(_ name: String, at offset: Int, parser: JSONTemplateParser) throws(BodyTemplateError) -> URLTemplate.Placeholder {
        let found: URLTemplate.Placeholder?
        do throws(JSONPathError) {
            found = try URLTemplate.Placeholder.named(name)
        } catch {
            throw parser.failure("in the placeholder {\(OneLine.clean(name, maxCharacters: 40))}: \(error.message)", at: offset, placeholder: true)
        }
        guard let found else {
            throw parser.failure(
                "unknown placeholder {\(OneLine.clean(name, maxCharacters: 40))}; known: \(URLTemplate.Placeholder.known) (a string meant literally writes its '{' as \\u007B)",
                at: offset,
                placeholder: true
            )
        }
        return found
    }

    /// A string at `index`: its text, and its raw bytes between the quotes.
    private mutating func string() throws(BodyTemplateError) -> (text: String, raw: ArraySlice<UInt8>) {
        let start = index
        index += 1
        var decoded: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let raw = bytes[(start + 1)..<index]
                index += 1
                return (String(decoding: decoded, as: UTF8.self), raw)
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("a string cannot hold a raw control character (a line break is written \\n)")
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw failure("unclosed string", at: start)
    }

    /// The escape at `index` (a backslash), decoded.
    private mutating func escape(into decoded: inout [UInt8]) throws(BodyTemplateError) {
        let start = index
        guard index + 1 < bytes.count else { throw failure("unclosed string") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[bytes[index + 1]] {
            decoded.append(byte)
            index += 2
            return
        }
        guard bytes[index + 1] == UInt8(ascii: "u") else { throw failure("invalid escape in a string", at: start) }
        index += 2
        var code = try hexQuad(escapeStart: start)
        if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            let low = index
            index += 2
            let second = try hexQuad(escapeStart: low)
            if (0xDC00...0xDFFF).contains(second) {
                code = 0x10000 + ((code - 0xD800) << 10) + (second - 0xDC00)
            } else {
                index = low
            }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func hexQuad(escapeStart: Int) throws(BodyTemplateError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hexadecimal digits", at: escapeStart) }
        var code: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = HexDigit.value(byte) else { throw failure("a \\u escape needs four hexadecimal digits", at: escapeStart) }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    private mutating func number() throws(BodyTemplateError) -> JSONTemplate {
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        let text = bytes[start..<index]
        do throws(JSONParseError) {
            let value = try JSONParser.parse(text)
            return .literal(value)
        } catch {
            throw failure("'\(String(decoding: text, as: UTF8.self))' is not a JSON number", at: start)
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(BodyTemplateError) -> JSONTemplate {
        let expected = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        guard bytes[index...].starts(with: expected) else { throw failure("expected a JSON value, found \(shownByte())") }
        index += expected.count
        return .literal(value)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// The character at `index`, quoted, for messages; "the end of the body" past it.
    private func shownByte() -> String {
        guard index < bytes.count else { return "the end of the body" }
        let rest = String(decoding: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self)
        return "'\(OneLine.clean(String(rest.prefix(1)), maxCharacters: 4))'"
    }

    /// A syntax error, or (`placeholder`) a placeholder that is not one: only the latter at the
    /// very start of the body suggests that the body may not be JSON at all.
    private func failure(_ message: String, at offset: Int? = nil, placeholder: Bool = false) -> BodyTemplateError {
        var error = BodyTemplateError.at(offset ?? index, in: bytes, message)
        let first = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        error.mayNotBeJSON = !placeholder || offset == first
        return error
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte)
    }
}
