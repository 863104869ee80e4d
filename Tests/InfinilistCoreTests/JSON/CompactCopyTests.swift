import Testing
@testable import InfinilistCore

/// `JSONParser.compactCopy` finds an item's compact JSON without building its tree: whenever it
/// answers, the answer must be the bytes `parse(bytes).compactJSON` writes; when it cannot be
/// sure it must say so (and the caller parses).
@Suite struct CompactCopyTests {
    /// What the copy gives, as bytes; nil when it asks for a parse.
    private func copied(_ bytes: [UInt8]) -> [UInt8]? {
        switch JSONParser.compactCopy(bytes) {
        case .slice(let range): Array(bytes[range])
        case .copied(let output): output
        case .needsParse: nil
        }
    }

    private func copied(_ text: String) -> String? {
        copied(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Checks the one rule: an answer is the parse's compact JSON; `needsParse` is always allowed.
    private func expectFaithful(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let answer = copied(bytes) else { return }
        let parsed = try? JSONParser.parse(bytes)
        #expect(parsed != nil, "copied what does not parse: \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        if let parsed {
            #expect(answer == Array(parsed.compactJSON.utf8), "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    @Test func compactInputIsTheSliceItself() {
        let line = Array(#"{"id":1,"title":"a \"q\" é\n","tags":["x",-2.5e3,true,null,{}],"n":[]}"#.utf8)
        #expect(JSONParser.compactCopy(line) == .slice(0..<line.count))
        let padded = Array("  \t[1,2]\r\n".utf8)
        #expect(JSONParser.compactCopy(padded) == .slice(3..<8))
    }

    @Test func whitespaceBetweenTokensIsTakenOut() {
        #expect(copied(#"{ "id" : 1 , "a" : [ 1 , { } , [ ] ] }"#) == #"{"id":1,"a":[1,{},[]]}"#)
        #expect(copied("[\n  \"x y\",\n  2\n]\n") == #"["x y",2]"#)
        #expect(copied(#"  "string with  spaces"  "#) == #""string with  spaces""#)
    }

    @Test func whatTheWriterWritesAnotherWayIsParsed() {
        for text in [
            #""a\/b""#, #""\u0041""#, #""\u00e9""#, #""\ud83d\ude00""#, #""\u001f""#,   // other escapes
            "\"a\u{7F}\"", "\"\u{85}\"", "\"\u{2028}\"", "\"\u{2029}\"",                  // escaped by the writer
            #"{"a":1,"a":2}"#, #"{"a":{"b":1,"b":1}}"#,                                  // a key twice
            #"{"é":1}"#, "{\"cafe\u{301}\":1,\"café\":2}",                               // keys compared as Strings
            "\u{FEFF}[1]",                                                               // a byte order mark
            "[1] [2]", "{", "[1,]", "01", "\"a", "", "  ", "nul", "tru", "[1}",           // not one JSON value
        ] {
            #expect(copied(text) == nil, "\(text)")
        }
        #expect(copied([0x22, 0xFF, 0x22]) == nil)   // not UTF-8
        #expect(copied([0x22, 0xED, 0xA0, 0x80, 0x22]) == nil)   // a surrogate in UTF-8
    }

    @Test func theEscapesWrittenOneWayAreKept() {
        let text = #"{"k\n":"\"\\\n\r\t\b\f","é":0}"#
        #expect(copied(#"["\"\\\n\r\t\b\f"]"#) == #"["\"\\\n\r\t\b\f"]"#)
        #expect(copied(#"{"k\t":"v","k\n":"w"}"#) == #"{"k\t":"v","k\n":"w"}"#)
        #expect(copied(text) == nil)   // the non-ASCII key
        #expect(copied("\"é 日本 😀\"") == "\"é 日本 😀\"")
    }

    /// The string scan reads eight bytes at a time while they are plain ASCII: every byte value
    /// at every place of a word (and of the tail after the last whole word) must be seen.
    @Test func everyByteAtEveryPlaceOfAStringIsSeen() {
        for byte in 0...255 {
            for place in 0..<19 {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                text[place] = UInt8(byte)
                let bytes = [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
                expectFaithful(bytes)
                let plain = byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C
                if plain { #expect(JSONParser.compactCopy(bytes) == .slice(0..<bytes.count), "byte \(byte) at \(place)") }
                if !plain, byte < 0x80 { #expect(JSONParser.compactCopy(bytes) == .needsParse, "byte \(byte) at \(place)") }
            }
        }
    }

    @Test func nestingPastTheLimitIsLeftToTheParser() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(copied(deep) == nil)
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(copied(fine) == fine)
    }

    @Test func anObjectOfManyKeysIsParsed() {
        let keys = (0..<CompactCopy.keysCompared).map { #""k\#($0)":\#($0)"# }
        #expect(copied("{" + keys.joined(separator: ",") + "}") != nil)
        #expect(copied("{" + keys.joined(separator: ",") + #","last":0}"#) == nil)
    }

    /// Random values written compact and pretty, with whitespace scattered between tokens.
    @Test func generatedValuesCopyAsTheyParse() throws {
        var generator = SplitMix64(seed: 0xC0FFEE)
        var answered = 0
        for _ in 0..<500 {
            let value = randomValue(depth: 0, using: &generator)
            for text in [value.compactJSON, value.prettyJSON(indent: 1)] {
                let bytes = Array(text.utf8)
                expectFaithful(bytes)
                if copied(bytes) != nil { answered += 1 }
            }
        }
        #expect(answered > 400)   // the generator's values are mostly ones the copy takes
    }

    @Test func randomAndMutatedBytesNeverGiveAWrongAnswer() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array(#"{}[]:,"\/ubfnrt0123456789-+.eE aAzZ"#.utf8) + [0x00, 0x0A, 0x09, 0x7F, 0x80, 0xC2, 0xC3, 0xA9, 0xE2, 0xED, 0xFF]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &generator)
            expectFaithful((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
        }
        let seed = Array(#"{"a": [1, -2.5e3, "x\u00e9 é", true, false, null, {"b": {}}], "c": "\n", "a2": {"a": 1}}"#.utf8)
        for _ in 0..<3_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            expectFaithful(bytes)
        }
    }

    private func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        let strings = ["", "a", "a b", "q\"uote", "back\\slash", "tab\t", "line\n", "é", "日本", "😀", "x/y", "\u{1}", "\u{7F}", "\u{2028}"]
        let numbers = ["0", "-1", "12", "1.5", "-0.25e-3", "1E+2", "123456789012345678901234567890"]
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(numbers.randomElement(using: &generator) ?? "0")
        case 3, 4: return .string(strings.randomElement(using: &generator) ?? "")
        case 5:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            let count = Int.random(in: 0...5, using: &generator)
            let keys = (0..<count).map { _ in ["id", "a", "b", "k\t", "user", "é"].randomElement(using: &generator) ?? "id" }
            let values = keys.map { _ in randomValue(depth: depth + 1, using: &generator) }
            return .object(JSONObject(keys: keys, values: values))
        }
    }
}
