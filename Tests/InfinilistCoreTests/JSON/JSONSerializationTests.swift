import Testing
@testable import InfinilistCore

@Suite struct JSONSerializationTests {
    @Test func compactEveryKind() {
        let value = object([
            "n": .null, "t": .bool(true), "f": .bool(false), "num": .number("-0.0"),
            "s": .string("x"), "a": .array([.number("1"), .array([]), .object([:])]),
            "o": object(["k": .string("v")]),
        ])
        #expect(value.compactJSON == #"{"n":null,"t":true,"f":false,"num":-0.0,"s":"x","a":[1,[],{}],"o":{"k":"v"}}"#)
        #expect(value.description == value.compactJSON)
    }

    @Test func rfcEscapes() {
        let value = JSONValue.string("q\" b\\ n\n r\r t\t b\u{8} f\u{C} nul\u{0} esc\u{1B} us\u{1F} /")
        #expect(value.compactJSON == #""q\" b\\ n\n r\r t\t b\b f\f nul\u0000 esc\u001b us\u001f /""#)
    }

    @Test func terminalAndJavaScriptUnsafeCharactersAreEscaped() {
        let value = JSONValue.string("del\u{7F} c1\u{80}\u{85}\u{9B}\u{9F} ls\u{2028} ps\u{2029} ok\u{A0}\u{2027}\u{202A}")
        #expect(value.compactJSON == "\"del\\u007f c1\\u0080\\u0085\\u009b\\u009f ls\\u2028 ps\\u2029 ok\u{A0}\u{2027}\u{202A}\"")
    }

    @Test func nonASCIIStaysUTF8() {
        #expect(JSONValue.string("é中😀👨‍👩‍👧").compactJSON == "\"é中😀👨‍👩‍👧\"")
        #expect(object(["ключ": .string("значение")]).compactJSON == #"{"ключ":"значение"}"#)
    }

    @Test func keysAreEscaped() {
        #expect(object(["a\"b\n": .null]).compactJSON == #"{"a\"b\n":null}"#)
    }

    @Test func pretty() throws {
        let value = try json(#"{"a":1,"b":[true,{"c":null}],"d":{},"e":[],"f":"x\ny"}"#)
        #expect(value.prettyJSON() == """
            {
              "a": 1,
              "b": [
                true,
                {
                  "c": null
                }
              ],
              "d": {},
              "e": [],
              "f": "x\\ny"
            }
            """)
        #expect(value.prettyJSON(indent: 4).contains("\n        true,\n"))
        #expect(try json("[1,2]").prettyJSON(indent: 0) == "[\n1,\n2\n]")
        #expect(JSONValue.array([]).prettyJSON() == "[]")
        #expect(JSONValue.object([:]).prettyJSON() == "{}")
        #expect(JSONValue.number("7").prettyJSON() == "7")
    }

    @Test func prettyParsesBackToTheSameValue() throws {
        let value = try json(#"{"a":[1,{"b":"\u2028"}],"c":1e400}"#)
        #expect(try json(value.prettyJSON()) == value)
        #expect(try json(value.prettyJSON(indent: 0)) == value)
    }

    @Test(arguments: [
        "null", "true", "false", "0", "-0.0", "1234567890123456789", "1e400", "1.5E-7",
        #""""#, #""plain""#, #""é中😀""#, #""\"\\\n\r\t\b\f\u0000\u001f\u007f\u0085\u2028\u2029""#,
        "[]", "{}", "[[],{},[[]]]", #"{"b":1,"a":2}"#, #"{"":""}"#,
        #"{"id":1234567890123456789,"items":[{"t":"x","n":-1.0e-10}],"ok":true,"next":null}"#,
    ])
    func roundTripCompact(_ text: String) throws {
        #expect(try json(text).compactJSON == text)
    }

    @Test func roundTripNormalisesWhitespaceAndEscapes() throws {
        #expect(try json(#" { "a" : [ 1 , "\/\u0041\u00e9" ] } "#).compactJSON == #"{"a":[1,"/Aé"]}"#)
        #expect(try json(#""\uFFFF""#).compactJSON == "\"\u{FFFF}\"")
    }
}
