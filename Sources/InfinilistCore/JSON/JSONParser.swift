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
/// The parser over one document's bytes; strings, UTF-8 and error wording are in
/// JSONParser+Strings.swift.
struct ByteParser {
    /// An open array or object: where its elements (and keys) start in the flat stacks.
    struct Frame {
        var isObject: Bool
        var valueStart: Int
        var keyStart: Int
        /// For an array kept as compact JSON: its place in `compacted`, where its elements go
        /// instead of `values`.
        var compactedSlot: Int? = nil
        /// For an array that may be kept so (`compaction`), not yet long enough: where its
        /// elements start in the input.
        var compactableFrom: Int? = nil
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    let maxDepth: Int
    var pos = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// Which arrays keep their elements as compact JSON (`JSONParser+Compacting.swift`), once
    /// `compactionThreshold` bytes of them are read.
    var compaction: ArrayCompaction?
    var compactionThreshold = 0
    /// Those arrays met so far: where each is, and its elements.
    var compacted: [CompactedArray] = []

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
        let value = try parseValue()
        skipWhitespace()
        if pos < end {
            throw unexpected(at: pos, expected: "nothing after the JSON value")
        }
        return value
    }

    /// Parses the value at `pos` and stops after it; `depth`: how deep it is (its containers
    /// count from there against `maxDepth`).
    mutating func parseValue(depth: Int = 0) throws(JSONParseError) -> JSONValue {
        var values: [JSONValue] = []
        var keys: [String] = []
        var frames: [Frame] = []

        parsing: while true {
            skipWhitespace()
            guard pos < end else { throw endOfInput() }
            var value: JSONValue
            switch bytes[pos] {
            case UInt8(ascii: "["):
                try checkDepth(depth + frames.count + 1)
                pos += 1
                skipWhitespace()
                if pos < end, bytes[pos] == UInt8(ascii: "]") {
                    pos += 1
                    value = .array([])
                } else {
                    let compactable = compaction != nil && keepsCompact(arrayOpeningAfter: frames, keys: keys, values: values)
                    frames.append(Frame(isObject: false, valueStart: values.count, keyStart: keys.count, compactableFrom: compactable ? pos : nil))
                    continue parsing
                }
            case UInt8(ascii: "{"):
                try checkDepth(depth + frames.count + 1)
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
            while var frame = frames.last {
                if let slot = frame.compactedSlot {
                    compacted[slot].items.append(value)   // its tree goes now
                } else {
                    values.append(value)
                    if let from = frame.compactableFrom, pos - from >= compactionThreshold {
                        compactTopArray(&frames, values: &values, keys: keys)
                        frame = frames[frames.count - 1]
                    }
                }
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
                    value = .object(JSONObject(keys: keys[frame.keyStart...], values: values[frame.valueStart...]))
                    keys.removeSubrange(frame.keyStart...)
                } else {
                    guard byte == UInt8(ascii: "]") else { throw unexpected(at: pos, expected: "',' or ']'") }
                    if let slot = frame.compactedSlot {
                        compacted[slot].items.releaseUnusedCapacity()
                        value = CompactedDocument.placeholder(slot)
                    } else {
                        value = .array(Array(values[frame.valueStart...]))
                    }
                }
                pos += 1
                values.removeSubrange(frame.valueStart...)
                frames.removeLast()
            }
            return value
        }
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
        try skipNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
    }

    /// Moves past the number at `pos`, checking its grammar: for `parseNumber`, and for
    /// `checkDocument`, which needs no string of it.
    mutating func skipNumber() throws(JSONParseError) {
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
}
