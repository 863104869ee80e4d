import Testing
@testable import InfinilistCore

@Suite struct JSONPathTests {
    @Test func dottedKeys() throws {
        let p = try path("response_metadata.next_cursor")
        #expect(p.components == [.key("response_metadata"), .key("next_cursor")])
        #expect(p.description == "response_metadata.next_cursor")
        #expect(try path("_embedded.orders").components == [.key("_embedded"), .key("orders")])
        #expect(try path("a b.$c").components == [.key("a b"), .key("$c")])
    }

    @Test func numericComponents() throws {
        let p = try path("hits.0.title")
        #expect(p.components == [.key("hits"), .index(0), .key("title")])
        #expect(p.components[1] == JSONPath.Component(key: "0", index: 0))
        #expect(try path("a.12").components[1].index == 12)
        // Not canonical numbers: keys only.
        #expect(try path("a.007").components[1] == .key("007"))
        #expect(try path("a.-1").components[1] == .key("-1"))
        #expect(try path("a.99999999999999999999999").components[1].index == nil)
    }

    @Test func brackets() throws {
        #expect(try path(#"data["a.b"]"#).components == [.key("data"), .key("a.b")])
        #expect(try path(#"["page[size]"]"#).components == [.key("page[size]")])
        #expect(try path(#"links["next"].href"#).components == [.key("links"), .key("next"), .key("href")])
        #expect(try path(#"a.["b"]"#).components == [.key("a"), .key("b")])
        #expect(try path(#"a["x"]["y"]"#).components == [.key("a"), .key("x"), .key("y")])
        #expect(try path(#"hits[0].title"#).components == [.key("hits"), .index(0), .key("title")])
        #expect(try path(#"[""]"#).components == [.key("")])
        #expect(try path(#"["q\"uote\\d"]"#).components == [.key(#"q"uote\d"#)])
        #expect(try path(#"["0"]"#).components == [.key("0")])
        #expect(try path(#"["a}b{"]"#).components == [.key("a}b{")])
    }

    @Test(arguments: [
        "data.children", "hits.0.title", #"data["a.b"]"#, #"["page[size]"]"#, #"["0"].1"#,
        #"a[""]"#, #"["q\"uote\\d"]"#, "a.007", #"x["{y}"]"#, "ключ.значение",
    ])
    func descriptionRoundTrips(_ text: String) throws {
        let p = try path(text)
        #expect(try path(p.description) == p)
    }

    @Test func canonicalDescription() throws {
        #expect(try path("hits[0].title").description == "hits.0.title")
        #expect(try path(#"["plain"]"#).description == "plain")
        #expect(JSONPath([]).description == "(root)")
        #expect(JSONPath([.key("a.b"), .key("c")]).description == #"["a.b"].c"#)
        #expect(JSONPath([.key("a\u{1b}")]).description == #"["a\x1B"]"#)
    }

    @Test(arguments: [
        ("", "malformed path '': the path is empty at character 0", 0),
        ("a..b", "malformed path 'a..b': empty component at character 2", 2),
        (".a", "malformed path '.a': empty component at character 0", 0),
        ("a.", "malformed path 'a.': empty component at character 2", 2),
        ("a[", "malformed path 'a[': unclosed '[' at character 1", 1),
        (#"a["x"#, #"malformed path 'a["x': unclosed quote at character 2"#, 2),
        (#"a["x""#, #"malformed path 'a["x"': unclosed '[' at character 1"#, 1),
        (#"a["x"b"#, #"malformed path 'a["x"b': expected ']' at character 5"#, 5),
        (#"a["x"]b"#, #"malformed path 'a["x"]b': expected '.' or '[' after ']' at character 6"#, 6),
        ("a[x]", "malformed path 'a[x]': expected a quoted key or an index after '[' at character 2", 2),
        ("a]", "malformed path 'a]': unexpected ']' at character 1", 1),
        ("a[1]]", "malformed path 'a[1]]': unexpected ']' at character 4", 4),
        ("a[01]", "malformed path 'a[01]': invalid index '01' (too large or leading zeros) at character 2", 2),
        ("a[-1]", "malformed path 'a[-1]': expected a quoted key or an index after '[' at character 2", 2),
        (#"a["\n"]"#, #"malformed path 'a["\n"]': invalid escape (only \" and \\ are allowed) at character 3"#, 3),
        ("a\u{1b}b", #"malformed path 'a\x1Bb': control character \x1B not allowed at character 1"#, 1),
        ("a\nb", #"malformed path 'a\nb': control character \n not allowed at character 1"#, 1),
        ("a[\"\u{7}\"]", #"malformed path 'a["\x07"]': control character \x07 not allowed at character 3"#, 3),
        ("é..", "malformed path 'é..': empty component at character 2", 2),
    ] as [(String, String, Int)])
    func malformed(_ text: String, message: String, position: Int) throws {
        let error = try #require(pathError(text))
        #expect(error.message == message)
        #expect(error.description == message)
        #expect(error.position == position)
    }

    @Test func lookup() throws {
        let doc = try json(#"{"data":{"children":[{"t":"a"},{"t":"b"}],"0":"zero"},"a.b":1,"list":[[10,11]]}"#)
        #expect(doc[try path("data.children.1.t")] == .string("b"))
        #expect(doc[try path("data.0")] == .string("zero"))          // numeric key on an object
        #expect(doc[try path(#"["a.b"]"#)] == .number("1"))
        #expect(doc[try path("list.0.1")] == .number("11"))
        #expect(doc[try path("list[0][1]")] == .number("11"))
        #expect(doc[try path(#"list["0"]"#)] == nil)                  // quoted key never indexes
        #expect(doc[try path("list.5")] == nil)
        #expect(doc[try path("data.children.x")] == nil)
        #expect(doc[try path("data.children.0.t.more")] == nil)       // through a scalar
        #expect(doc[try path("missing")] == nil)
        #expect(doc.value(at: JSONPath([])) == doc)
    }

    @Test func scalarText() {
        #expect(JSONValue.string("a b").scalarText == "a b")
        #expect(JSONValue.number("1234567890123456789").scalarText == "1234567890123456789")
        #expect(JSONValue.number("1e400").scalarText == "1e400")
        #expect(JSONValue.bool(true).scalarText == "true")
        #expect(JSONValue.bool(false).scalarText == "false")
        #expect(JSONValue.null.scalarText == nil)
        #expect(JSONValue.array([]).scalarText == nil)
        #expect(JSONValue.object([:]).scalarText == nil)
    }

    @Test func accessors() {
        #expect(JSONValue.array([.null]).arrayValue == [.null])
        #expect(JSONValue.null.arrayValue == nil)
        #expect(object(["a": .null]).objectValue?["a"] == .null)
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.number("1").stringValue == nil)
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.null.isNull)
        #expect(!JSONValue.bool(false).isNull)
    }
}
