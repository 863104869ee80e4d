import Testing
@testable import InfinilistCore

@Suite struct JSONParserTests {
    @Test func scalars() throws {
        #expect(try json("null") == .null)
        #expect(try json("true") == .bool(true))
        #expect(try json("false") == .bool(false))
        #expect(try json("42") == .number("42"))
        #expect(try json("\"hi\"") == .string("hi"))
        #expect(try json("\"\"") == .string(""))
    }

    @Test func containersKeepOrder() throws {
        let value = try json(#"{"z":1,"a":[true,null,{"m":"x"}],"k":{}, "e":[]}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(Array(members.keys) == ["z", "a", "k", "e"])
        #expect(members["a"] == .array([.bool(true), .null, object(["m": .string("x")])]))
        #expect(members["k"] == .object([:]))
        #expect(members["e"] == .array([]))
    }

    @Test func duplicateKeysLastWinsAtFirstPosition() throws {
        let value = try json(#"{"a":1,"b":2,"a":3}"#)
        #expect(value == object(["a": .number("3"), "b": .number("2")]))
        #expect(value.compactJSON == #"{"a":3,"b":2}"#)
    }

    @Test func whitespaceAndBOM() throws {
        #expect(try json(" \t\r\n [ 1 , 2 ] \n") == .array([.number("1"), .number("2")]))
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        #expect(try JSONParser.parse(bom) == object(["a": .number("1")]))
        // A BOM anywhere else is an error, reported visibly.
        let error = try #require(jsonError([0x20, 0xEF, 0xBB, 0xBF, 0x31]))
        #expect(error.offset == 1)
        #expect(error.message == "unexpected character '\\u{FEFF}' at byte 1 (expected a JSON value)")
    }

    @Test(arguments: ["1234567890123456789", "1e400", "-0.0", "0", "-0", "1.5E+10", "12.50", "2e-7",
                      "-123456789012345678901234567890", "0.1", "1E5", "3.0e0"])
    func numbersKeptVerbatim(_ literal: String) throws {
        #expect(try json(literal) == .number(literal))
        #expect(try json("[\(literal)]").compactJSON == "[\(literal)]")
    }

    @Test(arguments: ["01", "-", "1.", ".5", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "-Infinity",
                      "1.e5", "-.5", "00", "--1", "1ee5"])
    func invalidNumbers(_ literal: String) {
        #expect(jsonError(literal) != nil, "\(literal) should be rejected")
        #expect(jsonError("[\(literal)]") != nil, "[\(literal)] should be rejected")
    }

    @Test func leadingZeroMessage() throws {
        let error = try #require(jsonError("[01]"))
        #expect(error.message == "invalid number at byte 1: leading zeros are not allowed")
        #expect(error.offset == 2)
    }

    @Test func simpleEscapes() throws {
        #expect(try json(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try json(#""a\u0041\u00e9\u20AC\u0000z""#) == .string("aAé€\u{0}z"))
    }

    @Test func surrogatePairs() throws {
        #expect(try json(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try json(#""\uD834\uDD1E""#) == .string("𝄞"))
        // Lone surrogates become U+FFFD; what follows them is kept.
        #expect(try json(#""\ud83d""#) == .string("\u{FFFD}"))
        #expect(try json(#""\ude00x""#) == .string("\u{FFFD}x"))
        #expect(try json(#""\ud83dx""#) == .string("\u{FFFD}x"))
        #expect(try json(#""\ud83d\u0041""#) == .string("\u{FFFD}A"))
        #expect(try json(#""\ud83d\ud83d\ude00""#) == .string("\u{FFFD}😀"))
        #expect(try json(#""\ude00\ud83d""#) == .string("\u{FFFD}\u{FFFD}"))
    }

    @Test func invalidEscapes() throws {
        let bad = try #require(jsonError(#""ab\x""#))
        #expect(bad.message == "invalid escape in the string at byte 3: '\\' followed by character 'x'")
        #expect(bad.offset == 3)
        let hex = try #require(jsonError(#""\u12G4""#))
        #expect(hex.message == "invalid \\u escape in the string at byte 1: expected 4 hex digits")
        #expect(jsonError(#""\u12"#)?.message == "unexpected end of input at byte 5 (truncated?)")
        #expect(jsonError(#""\ud83d\u12"#)?.message == "unexpected end of input at byte 11 (truncated?)")
    }

    @Test func rawControlCharacterInString() throws {
        let error = try #require(jsonError("\"a\nb\""))
        #expect(error.message == "unescaped control character 0x0A in the string at byte 2")
        #expect(error.offset == 2)
    }

    @Test func validUTF8IsKept() throws {
        #expect(try json("\"é中😀\u{7FF}\u{FFFF}\u{10FFFF}\"") == .string("é中😀\u{7FF}\u{FFFF}\u{10FFFF}"))
    }

    /// Invalid UTF-8 inside a string is replaced, one U+FFFD per maximal invalid subpart (as
    /// Unicode recommends and browsers do), so the page survives and the string stays valid.
    @Test(arguments: [
        ([0x22, 0xFF, 0x22], "\u{FFFD}"),                                  // never valid
        ([0x22, 0x61, 0x80, 0x22], "a\u{FFFD}"),                           // lone continuation byte
        ([0x22, 0xC0, 0x80, 0x22], "\u{FFFD}\u{FFFD}"),                     // overlong NUL
        ([0x22, 0xE0, 0x80, 0x80, 0x22], "\u{FFFD}\u{FFFD}\u{FFFD}"),        // overlong 3-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "\u{FFFD}\u{FFFD}\u{FFFD}"),        // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"), // above U+10FFFF
        ([0x22, 0xE9, 0x74, 0xE9, 0x22], "\u{FFFD}t\u{FFFD}"),              // Latin-1 "été"
        ([0x22, 0xC3, 0x22], "\u{FFFD}"),                                  // continuation missing
        ([0x22, 0xE2, 0x82, 0x5C, 0x6E, 0x22], "\u{FFFD}\n"),               // cut short by an escape
    ] as [([UInt8], String)])
    func invalidUTF8InAStringIsReplaced(_ bytes: [UInt8], expected: String) throws {
        let value = try JSONParser.parse(bytes)
        #expect(value == .string(expected))
        // What is stored (compact JSON) is valid UTF-8 JSON that reads back the same.
        #expect(try JSONParser.parse(Array(value.compactJSON.utf8)) == value)
    }

    @Test func invalidUTF8OutsideAStringIsAnError() throws {
        let error = try #require(jsonError([0x5B, 0xFF, 0x5D]))
        #expect(error.message == "unexpected byte 0xFF at byte 1 (expected a JSON value)")
    }

    @Test func truncatedUTF8AtEndIsTruncation() throws {
        let error = try #require(jsonError([0x22, 0xE4, 0xB8]))
        #expect(error.message == "unexpected end of input at byte 3 (truncated?)")
    }

    @Test func htmlErrorPage() throws {
        let error = try #require(jsonError("<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>"))
        #expect(error.offset == 0)
        #expect(error.message == "unexpected character '<' at byte 0 (expected a JSON value)")
        #expect(error.description == error.message)
        // After a BOM or whitespace the offset still points at the '<'.
        #expect(jsonError("  <html>")?.offset == 2)
    }

    @Test func truncatedDocuments() throws {
        let error = try #require(jsonError(#"{"a": [1, 2"#))
        #expect(error.message == "unexpected end of input at byte 11 (truncated?)")
        #expect(error.offset == 11)
        #expect(jsonError(#"{"a""#)?.message == "unexpected end of input at byte 4 (truncated?)")
        #expect(jsonError(#"{"a":"#)?.offset == 5)
        #expect(jsonError("[1,")?.offset == 3)
        #expect(jsonError("tru")?.message == "unexpected end of input at byte 3 (truncated?)")
        #expect(jsonError(#"["abc"#)?.message
            == "unexpected end of input at byte 5 inside the string that starts at byte 1 (truncated?)")
    }

    @Test func emptyInput() {
        #expect(jsonError("")?.message == "unexpected end of input at byte 0 (empty input, no JSON value)")
        #expect(jsonError(" \n ")?.offset == 3)
        #expect(jsonError([0xEF, 0xBB, 0xBF])?.offset == 3)
    }

    @Test func trailingGarbage() throws {
        let error = try #require(jsonError("{} x"))
        #expect(error.message == "unexpected character 'x' at byte 3 (expected nothing after the JSON value)")
        #expect(jsonError("[1] [2]")?.offset == 4)
        #expect(jsonError("1 2")?.offset == 2)
        #expect(jsonError("truex")?.offset == 4)
        #expect(jsonError("{}\u{0}")?.message == "unexpected byte 0x00 at byte 2 (expected nothing after the JSON value)")
    }

    @Test func structuralErrors() {
        #expect(jsonError("[1 2]")?.message == "unexpected character '2' at byte 3 (expected ',' or ']')")
        #expect(jsonError(#"{"a" 1}"#)?.message == "unexpected character '1' at byte 5 (expected ':' after the key)")
        #expect(jsonError("{a:1}")?.message == "unexpected character 'a' at byte 1 (expected a quoted key)")
        #expect(jsonError(#"{"a":1,}"#)?.offset == 7)
        #expect(jsonError("[1,]")?.message == "unexpected character ']' at byte 3 (expected a JSON value)")
        #expect(jsonError(#"{"a":1]"#)?.message == "unexpected character ']' at byte 6 (expected ',' or '}')")
        #expect(jsonError("[}")?.offset == 1)
        #expect(jsonError("nul1")?.message == "unexpected character '1' at byte 3 (expected 'null')")
        #expect(jsonError("True")?.offset == 0)
        #expect(jsonError("'a'")?.offset == 0)
        #expect(jsonError("{“a”: 1}")?.message == "unexpected character '“' at byte 1 (expected a quoted key)")
        #expect(jsonError("\u{1b}[31m")?.message == "unexpected byte 0x1B at byte 0 (expected a JSON value)")
    }

    @Test func errorMessagesAreTerminalSafe() {
        let message = jsonError("\u{202E}")?.message ?? ""
        #expect(message == "unexpected character '\\u{202E}' at byte 0 (expected a JSON value)")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(jsonError(deep))
        #expect(error.message == "nesting deeper than 256 levels at byte 256")
        #expect(error.offset == 256)

        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(jsonError(objects)?.message == "nesting deeper than 256 levels at byte 1280")

        let mixed = String(repeating: #"[{"a":"#, count: 50_000)
        #expect(jsonError(mixed)?.offset != nil)
    }

    @Test func depthLimitIsExact() throws {
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(jsonError(ok) == nil)
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(jsonError(tooDeep)?.offset == 256)
        #expect(jsonError("[[1]]", maxDepth: 1)?.message == "nesting deeper than 1 levels at byte 1")
        #expect(jsonError("[1]", maxDepth: 1) == nil)
        #expect(jsonError("[]", maxDepth: 0) != nil)
        #expect(jsonError("1", maxDepth: 0) == nil)
    }

    @Test func largeMaxDepthDoesNotRecurse() throws {
        let depth = 5_000
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let value = try json(text, maxDepth: depth)
        #expect(value.compactJSON == text)
    }

    @Test func acceptsAnyByteCollection() throws {
        let text = #"{"id":1234567890123456789,"t":"é"}"#
        let expected = try json(text)
        let bytes = Array(text.utf8)
        #expect(try JSONParser.parse(bytes) == expected)
        #expect(try JSONParser.parse(bytes[...]) == expected)
        #expect(try JSONParser.parse(ContiguousArray(bytes)) == expected)
        // A collection without contiguous storage goes through a copy.
        #expect(try JSONParser.parse(bytes.lazy.map { $0 }) == expected)
        let fromRaw = try bytes.withUnsafeBytes { raw in try JSONParser.parse(raw) }
        #expect(fromRaw == expected)
    }

    @Test func stringsAsKeysUseEscapesToo() throws {
        let value = try json(#"{"a\nb":1,"\u00e9":2}"#)
        #expect(value.objectValue.map { Array($0.keys) } == ["a\nb", "é"])
    }
}
