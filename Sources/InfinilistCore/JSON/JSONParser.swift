import Collections

/// Reads JSON from raw response bytes. Hand-written rather than Foundation's
/// `JSONSerialization` so that key order and number literals survive, nesting is bounded without
/// recursion (a hostile 100,000-deep document is an error, not a stack overflow), and errors name
/// the byte offset in words a user understands.
public enum JSONParser {
    /// The nesting limit used unless a caller asks otherwise; far above what real APIs send.
    public static let defaultMaxDepth = 256

    /// Parses one JSON document (RFC 8259, optionally after a UTF-8 BOM). Bytes that are not
    /// UTF-8 inside a string become U+FFFD, as browsers decode them: one stray byte in one title
    /// must not cost the user the whole page, and the strings (so every item's compact JSON) stay
    /// valid UTF-8. Outside strings such a byte is a syntax error. Accepts any byte
    /// collection so that `[UInt8]`, `Data`, NIO byte views and raw buffers all work without copies
    /// when their storage is contiguous.
    ///
    /// Nesting deeper than `maxDepth` is an error. Parsing itself never recurses, but releasing,
    /// comparing and printing a value do, so keep `maxDepth` in the thousands at most.
    public static func parse(
        _ bytes: some Collection<UInt8>,
        maxDepth: Int = JSONParser.defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        let contiguous: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            parseResult(buffer, maxDepth: maxDepth)
        }
        let result = contiguous ?? Array(bytes).withUnsafeBufferPointer { parseResult($0, maxDepth: maxDepth) }
        return try result.get()
    }

    /// Parses JSON held in a `String` (tests, command-line arguments, config). Offsets in errors
    /// are UTF-8 byte offsets.
    public static func parse(
        _ text: String,
        maxDepth: Int = JSONParser.defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        try parse(text.utf8, maxDepth: maxDepth)
    }

    private static func parseResult(
        _ buffer: UnsafeBufferPointer<UInt8>,
        maxDepth: Int
    ) -> Result<JSONValue, JSONParseError> {
        var parser = ByteParser(bytes: buffer, maxDepth: maxDepth)
        do {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

/// The parser's working state. An explicit stack of open containers replaces recursion, and
/// pending elements live in two flat arrays so that opening a container allocates nothing.
private struct ByteParser {
    /// An open array or object: where its elements (and keys) start in the flat stacks.
    struct Frame {
        var isObject: Bool
        var valueStart: Int
        var keyStart: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    let maxDepth: Int
    var pos = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.end = bytes.count
        self.maxDepth = maxDepth
    }

    // MARK: Document structure

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            pos = 3
        }
        skipWhitespace()
        if pos == end {
            throw JSONParseError(message: "unexpected end of input at byte \(pos) (empty input, no JSON value)", offset: pos)
        }

        var values: [JSONValue] = []
        var keys: [String] = []
        var frames: [Frame] = []

        parsing: while true {
            skipWhitespace()
            guard pos < end else { throw endOfInput() }
            var value: JSONValue
            switch bytes[pos] {
            case UInt8(ascii: "["):
                try checkDepth(frames.count + 1)
                pos += 1
                skipWhitespace()
                if pos < end, bytes[pos] == UInt8(ascii: "]") {
                    pos += 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false, valueStart: values.count, keyStart: keys.count))
                    continue parsing
                }
            case UInt8(ascii: "{"):
                try checkDepth(frames.count + 1)
                pos += 1
                skipWhitespace()
                if pos < end, bytes[pos] == UInt8(ascii: "}") {
                    pos += 1
                    value = .object([:])
                } else {
                    frames.append(Frame(isObject: true, valueStart: values.count, keyStart: keys.count))
                    keys.append(try parseKeyAndColon())
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                throw unexpected(at: pos, expected: "a JSON value")
            }

            // A value is complete: add it to its container, closing every container that ends here.
            while let frame = frames.last {
                values.append(value)
                skipWhitespace()
                guard pos < end else { throw endOfInput() }
                let byte = bytes[pos]
                if byte == UInt8(ascii: ",") {
                    pos += 1
                    if frame.isObject {
                        keys.append(try parseKeyAndColon())
                    }
                    continue parsing
                }
                if frame.isObject {
                    guard byte == UInt8(ascii: "}") else { throw unexpected(at: pos, expected: "',' or '}'") }
                    value = .object(Self.makeObject(keys: keys[frame.keyStart...], values: values[frame.valueStart...]))
                    keys.removeSubrange(frame.keyStart...)
                } else {
                    guard byte == UInt8(ascii: "]") else { throw unexpected(at: pos, expected: "',' or ']'") }
                    value = .array(Array(values[frame.valueStart...]))
                }
                pos += 1
                values.removeSubrange(frame.valueStart...)
                frames.removeLast()
            }

            skipWhitespace()
            if pos < end {
                throw unexpected(at: pos, expected: "nothing after the JSON value")
            }
            return value
        }
    }

    static func makeObject(
        keys: ArraySlice<String>,
        values: ArraySlice<JSONValue>
    ) -> OrderedDictionary<String, JSONValue> {
        var object = OrderedDictionary<String, JSONValue>()
        object.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            // Last value wins; an existing key keeps its first position.
            object.updateValue(value, forKey: key)
        }
        return object
    }

    mutating func parseKeyAndColon() throws(JSONParseError) -> String {
        skipWhitespace()
        guard pos < end else { throw endOfInput() }
        guard bytes[pos] == UInt8(ascii: "\"") else { throw unexpected(at: pos, expected: "a quoted key") }
        let key = try parseString()
        skipWhitespace()
        guard pos < end else { throw endOfInput() }
        guard bytes[pos] == UInt8(ascii: ":") else { throw unexpected(at: pos, expected: "':' after the key") }
        pos += 1
        return key
    }

    func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth > maxDepth {
            throw JSONParseError(message: "nesting deeper than \(maxDepth) levels at byte \(pos)", offset: pos)
        }
    }

    mutating func skipWhitespace() {
        while pos < end {
            switch bytes[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    // MARK: Scalars

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for i in 0..<count {
            guard pos < end else { throw endOfInput() }
            guard bytes[pos] == expected[i] else {
                throw unexpected(at: pos, expected: "'\(literal)'")
            }
            pos += 1
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = pos
        if bytes[pos] == UInt8(ascii: "-") {
            pos += 1
        }
        guard pos < end else { throw endOfInput() }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < end, Self.isDigit(bytes[pos]) {
                throw JSONParseError(
                    message: "invalid number at byte \(start): leading zeros are not allowed",
                    offset: pos
                )
            }
        } else {
            try digits(expected: "a digit")
        }
        if pos < end, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            try digits(expected: "a digit after '.'")
        }
        if pos < end, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < end, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") {
                pos += 1
            }
            try digits(expected: "a digit in the exponent")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
    }

    /// One or more digits.
    mutating func digits(expected: String) throws(JSONParseError) {
        guard pos < end else { throw endOfInput() }
        guard Self.isDigit(bytes[pos]) else { throw unexpected(at: pos, expected: expected) }
        pos += 1
        while pos < end, Self.isDigit(bytes[pos]) {
            pos += 1
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote. Plain runs are copied in one go; only
    /// strings with escapes go through the scratch buffer.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = pos
        pos += 1
        var segmentStart = pos
        var escaped = false
        while true {
            guard pos < end else {
                throw JSONParseError(
                    message: "unexpected end of input at byte \(pos) inside the string that starts at byte \(open) (truncated?)",
                    offset: pos
                )
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<pos]))
                try parseEscape()
                segmentStart = pos
            } else if byte < 0x20 {
                throw JSONParseError(
                    message: "unescaped control character \(Self.hex(byte)) in the string at byte \(pos)",
                    offset: pos
                )
            } else if byte < 0x80 {
                pos += 1
            } else {
                switch utf8Sequence(at: pos) {
                case .valid(let length):
                    pos += length
                case .truncated:
                    throw endOfInput()
                case .invalid:
                    // Left in the run: `String(decoding:as:)` replaces it with U+FFFD. One byte at
                    // a time, so a quote or backslash after a broken sequence is still seen.
                    pos += 1
                }
            }
        }
        let text: String
        if escaped {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<pos]))
            text = String(decoding: scratch, as: UTF8.self)
        } else {
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[segmentStart..<pos]), as: UTF8.self)
        }
        pos += 1
        return text
    }

    /// Decodes the escape at `pos` (a backslash) into `scratch`. Surrogate pairs are joined; a
    /// surrogate without its partner becomes U+FFFD, as browsers do.
    mutating func parseEscape() throws(JSONParseError) {
        let start = pos
        pos += 1
        guard pos < end else { throw endOfInput() }
        let byte = bytes[pos]
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw JSONParseError(
                message: "invalid escape in the string at byte \(start): '\\' followed by \(describe(at: pos))",
                offset: start
            )
        }
        pos += 1
        if let simple {
            scratch.append(simple)
            return
        }
        let unit = try hex4(escapeStart: start)
        var scalar = unit
        if (0xD800...0xDBFF).contains(unit) {
            if pos + 6 <= end,
               bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u"),
               let low = hexValue(at: pos + 2), (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                pos += 6
            } else {
                scalar = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(unit) {
            scalar = 0xFFFD
        }
        appendUTF8(scalar)
    }

    mutating func hex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        for i in 0..<4 {
            guard pos + i < end else {
                pos += i
                throw endOfInput()
            }
            guard Self.hexDigit(bytes[pos + i]) != nil else {
                throw JSONParseError(
                    message: "invalid \\u escape in the string at byte \(escapeStart): expected 4 hex digits",
                    offset: escapeStart
                )
            }
        }
        let value = hexValue(at: pos) ?? 0xFFFD
        pos += 4
        return value
    }

    func hexValue(at index: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for i in index..<(index + 4) {
            guard let digit = Self.hexDigit(bytes[i]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    // MARK: UTF-8

    enum UTF8Check {
        case valid(Int)
        case invalid
        case truncated
    }

    /// Checks the multi-byte sequence starting at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    func utf8Sequence(at index: Int) -> UTF8Check {
        let lead = bytes[index]
        var continuation = 0
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuation = 1
        case 0xE0: continuation = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: continuation = 2
        case 0xED: continuation = 2; high = 0x9F
        case 0xF0: continuation = 3; low = 0x90
        case 0xF1...0xF3: continuation = 3
        case 0xF4: continuation = 3; high = 0x8F
        default: return .invalid
        }
        for i in 1...continuation {
            guard index + i < end else { return .truncated }
            let byte = bytes[index + i]
            let range = i == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return .invalid }
        }
        return .valid(continuation + 1)
    }

    // MARK: Errors

    func endOfInput() -> JSONParseError {
        JSONParseError(message: "unexpected end of input at byte \(end) (truncated?)", offset: end)
    }

    func unexpected(at index: Int, expected: String) -> JSONParseError {
        JSONParseError(message: "unexpected \(describe(at: index)) at byte \(index) (expected \(expected))", offset: index)
    }

    /// Names the input at `index` the way a user would recognise it: `character '<'`, or the
    /// byte in hex when it is not printable. Non-ASCII characters are shown sanitized.
    func describe(at index: Int) -> String {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        if byte >= 0x80, case .valid(let length) = utf8Sequence(at: index) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
            return "character '\(TerminalText.sanitize(text))'"
        }
        return "byte \(Self.hex(byte))"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
    }
}
