/// Parsing only the members a reader will look at. A jq program such as
/// `select(.state == "open") | {id, title}` reads four members of an item that may have forty;
/// building the others (strings copied, arrays and objects allocated) was most of `--dump --jq`'s
/// time. The members not kept are stepped over, their strings eight bytes at a time.
extension JSONParser {
    /// The document in `bytes`, but when it is an object, only its members `members` names are
    /// built (in document order, duplicates as `parse` reads them); any other value is parsed
    /// whole. The members left out are skipped, **not checked**: this is for JSON already
    /// checked, such as an item's compact JSON (`Item.jsonText`).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, keeping members: MemberSelection) throws(JSONParseError) -> JSONValue {
        var parser = ByteParser(bytes: bytes, maxDepth: defaultMaxDepth)
        return try parser.parseDocument(keeping: members)
    }

    /// Names of members to build, made once for many documents: a key is matched by its bytes,
    /// so the members skipped cost no `String` and no hash.
    public struct MemberSelection: Sendable {
        let names: [(utf8: [UInt8], name: String)]

        public init(_ names: Set<String>) {
            self.names = names.sorted().map { (Array($0.utf8), $0) }
        }

        /// The name whose bytes are `key`'s (a key without escapes), or nil.
        func name(matching key: UnsafeBufferPointer<UInt8>) -> String? {
            for candidate in names where candidate.utf8.count == key.count && candidate.utf8.elementsEqual(key) {
                return candidate.name
            }
            return nil
        }

        func contains(_ key: String) -> Bool {
            names.contains { $0.name == key }
        }
    }
}

extension ByteParser {
    mutating func parseDocument(keeping wanted: JSONParser.MemberSelection) throws(JSONParseError) -> JSONValue {
        let start = end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        pos = start
        skipWhitespace()
        guard pos < end, bytes[pos] == UInt8(ascii: "{") else {
            pos = start
            return try parseDocument()
        }
        pos += 1
        var keys: [String] = []
        var values: [JSONValue] = []
        skipWhitespace()
        if pos < end, bytes[pos] == UInt8(ascii: "}") {
            pos += 1
        } else {
            members: while true {
                if let key = try wantedKey(wanted) {
                    skipWhitespace()
                    keys.append(key)
                    values.append(try parseValue(depth: 1))
                } else {
                    try skipValue()
                }
                skipWhitespace()
                guard pos < end else { throw endOfInput() }
                switch bytes[pos] {
                case UInt8(ascii: ","): pos += 1
                case UInt8(ascii: "}"): pos += 1; break members
                default: throw unexpected(at: pos, expected: "',' or '}'")
                }
            }
        }
        skipWhitespace()
        if pos < end { throw unexpected(at: pos, expected: "nothing after the JSON value") }
        return .object(JSONObject(keys: keys[...], values: values[...]))
    }

    /// Reads the key at `pos` and its colon: the key when `wanted` names it, else nil. A key
    /// without escapes is compared as it is, by its bytes.
    private mutating func wantedKey(_ wanted: JSONParser.MemberSelection) throws(JSONParseError) -> String? {
        skipWhitespace()
        guard pos < end, bytes[pos] == UInt8(ascii: "\"") else { return try parseKeyAndColon() }
        let start = pos + 1
        var close = start
        while close < end, bytes[close] != UInt8(ascii: "\""), bytes[close] != UInt8(ascii: "\\") { close += 1 }
        guard close < end, bytes[close] == UInt8(ascii: "\"") else {
            let key = try parseKeyAndColon()
            return wanted.contains(key) ? key : nil
        }
        pos = close + 1
        skipWhitespace()
        guard pos < end else { throw endOfInput() }
        guard bytes[pos] == UInt8(ascii: ":") else { throw unexpected(at: pos, expected: "':' after the key") }
        pos += 1
        return wanted.name(matching: UnsafeBufferPointer(rebasing: bytes[start..<close]))
    }

    /// Moves past the value at `pos` (after any whitespace) without building it: brackets are
    /// counted and strings stepped over; a scalar ends at the next `,`, `}`, `]` or space.
    mutating func skipValue() throws(JSONParseError) {
        skipWhitespace()
        var depth = 0
        repeat {
            guard pos < end else { throw endOfInput() }
            switch bytes[pos] {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                pos += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { throw unexpected(at: pos, expected: "a JSON value") }
                depth -= 1
                pos += 1
            default:
                if depth > 0 {
                    pos += 1
                } else {
                    while pos < end, !Self.endsScalar(bytes[pos]) { pos += 1 }
                }
            }
        } while depth > 0
    }

    /// Moves past the string whose opening quote is at `pos`.
    private mutating func skipString() throws(JSONParseError) {
        pos += 1
        while true {
            if let base = bytes.baseAddress {
                while pos + 8 <= end {
                    let word = ByteWord.load(base, at: pos)
                    if ByteWord.holds(0x22, in: word) || ByteWord.holds(0x5C, in: word) { break }
                    pos += 8
                }
            }
            guard pos < end else { throw endOfInput() }
            switch bytes[pos] {
            case UInt8(ascii: "\""): pos += 1; return
            case UInt8(ascii: "\\"): pos += 2
            default: pos += 1
            }
        }
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
