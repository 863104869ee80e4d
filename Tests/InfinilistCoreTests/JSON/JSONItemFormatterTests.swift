import Testing
@testable import InfinilistCore

@Suite struct JSONItemFormatterTests {
    private func render(_ template: String?, _ item: String) throws -> String {
        try ItemFormatter(template: template).text(for: try json(item))
    }

    @Test func template() throws {
        let item = #"{"title":"Hello","score":42,"user":{"login":"octo"},"tags":["a","b"],"meta":{"x":1},"ok":true,"gone":null}"#
        #expect(try render("{title} ({score}) by {user.login}", item) == "Hello (42) by octo")
        #expect(try render("{tags} {meta} {ok} [{gone}] [{missing}] [{user.login.deeper}]", item)
            == #"["a","b"] {"x":1} true [] [] []"#)
        #expect(try render("{tags.1}", item) == "b")
        #expect(try render("{{literal}} {title}}}", item) == "{literal} Hello}")
        #expect(try render("no placeholders", item) == "no placeholders")
        #expect(try render("", item) == "")
        #expect(try render(#"{["odd}key"]}!"#, #"{"odd}key":"v"}"#) == "v!")
        #expect(try render("{0}-{1}", #"["x","y"]"#) == "x-y")
        #expect(try render("{id}", #"{"id":1234567890123456789}"#) == "1234567890123456789")
    }

    @Test(arguments: [
        ("{title", "malformed template '{title': unclosed '{' at character 0", 0),
        ("a {b} {", "malformed template 'a {b} {': unclosed '{' at character 6", 6),
        ("x}", "malformed template 'x}': unmatched '}' (write '}}' for a literal brace) at character 1", 1),
        ("{}", "malformed template '{}': empty placeholder '{}' at character 0", 0),
        ("{a{b}}", "malformed template '{a{b}}': '{' inside a placeholder (write '{{' for a literal brace) at character 2", 2),
        ("ab {a..b}", "malformed template 'ab {a..b}': empty component at character 6", 6),
        ("{.x}", "malformed template '{.x}': empty component at character 1", 1),
        ("{x[}", "malformed template '{x[}': unclosed '[' at character 2", 2),
        (#"{x["y}"#, #"malformed template '{x["y}': unclosed '{' at character 0"#, 0),
        ("{a\u{1b}}", #"malformed template '{a\x1B}': control character \x1B not allowed at character 2"#, 2),
    ] as [(String, String, Int)])
    func malformedTemplates(_ template: String, message: String, position: Int) throws {
        let error = try #require(templateError(template))
        #expect(error.message == message)
        #expect(error.position == position)
    }

    @Test(arguments: [
        (#"{"id":1,"title":"GitHub issue","body":"long"}"#, "GitHub issue"),
        (#"{"name":"","full_name":"octo/repo"}"#, "octo/repo"),                 // empty skipped
        (#"{"title":"   ","name":"n"}"#, "n"),                                   // blank skipped
        (#"{"title":null,"text":"t"}"#, "t"),
        (#"{"title":5,"summary":"s"}"#, "s"),                                    // strings only
        (#"{"kind":"t3","data":{"title":"Reddit post","score":5}}"#, "Reddit post"),
        (#"{"kind":"t1","data":{"body":"a comment"}}"#, "a comment"),
        (#"{"type":"articles","id":"1","attributes":{"name":"JSON:API"}}"#, "JSON:API"),
        (#"{"kind":"youtube#searchResult","snippet":{"title":"Video"}}"#, "Video"),
        (#"{"id":"rec1","fields":{"Name":"x","label":"Airtable"}}"#, "Airtable"),
        (#"{"objectID":"1","story_title":"HN","comment_text":"<p>hi</p>"}"#, "HN"),
        (#"{"objectID":"1","comment_text":"<p>a &amp; b</p>"}"#, "<p>a &amp; b</p>"),
        (#"{"id":"U1","login":"octocat"}"#, "octocat"),
        (#"{"message":"Slack msg","title":"wins"}"#, "wins"),                    // key order of the list
        (#"{"url":"https://x"}"#, "https://x"),
        (#"{"id":7,"n":[1]}"#, #"{"id":7,"n":[1]}"#),                            // fallback: compact JSON
        (#"{"data":{"id":1}}"#, #"{"data":{"id":1}}"#),
        (#""a string item""#, "a string item"),
        ("12345678901234567890", "12345678901234567890"),
        ("true", "true"),
        ("null", "null"),
        ("[1,2]", "[1,2]"),
    ] as [(String, String)])
    func guessedText(_ item: String, expected: String) throws {
        #expect(try render(nil, item) == expected)
        #expect(ItemFormatter().text(for: try json(item)) == expected)
    }

    @Test func topLevelFieldsBeatWrappers() throws {
        #expect(try render(nil, #"{"data":{"title":"inner"},"name":"outer"}"#) == "outer")
        #expect(try render(nil, #"{"attributes":{"title":"attr"},"data":{"title":"data"}}"#) == "data")
    }

    @Test func textIsRawUntilSanitized() throws {
        let item = try json(#"{"title":"a\nb\u001b[2J"}"#)
        #expect(ItemFormatter().text(for: item) == "a\nb\u{1b}[2J")
        let built = makeItem(item, formatter: ItemFormatter(), idPath: nil)
        #expect(built.text == #"a\nb\x1B[2J"#)
    }

    /// A dump that writes JSON makes no row text (`ItemShape.makesText`); the JSON and id stay.
    @Test func withoutAFormatterAnItemHasNoText() throws {
        let value = try json(#"{"id": 7, "title": "Hi"}"#)
        let item = makeItem(value, formatter: nil, idPath: try path("id"))
        #expect(item.text == "")
        #expect(item.json == #"{"id":7,"title":"Hi"}"#)
        #expect(item.id == "7")
    }

    @Test func makeItemBuildsTheCoreItem() throws {
        let value = try json(#" {"id": 1234567890123456789, "title": "Hi\u2028there", "n": 1e400} "#)
        let item = makeItem(value, formatter: try ItemFormatter(template: "{title} #{id}"), idPath: try path("id"))
        #expect(item.json == #"{"id":1234567890123456789,"title":"Hi\u2028there","n":1e400}"#)
        #expect(item.text == #"Hi\u{2028}there #1234567890123456789"#)
        #expect(item.id == "1234567890123456789")

        let reddit = try json(#"{"kind":"t3","data":{"name":"t3_abc","title":"x"}}"#)
        #expect(makeItem(reddit, formatter: ItemFormatter(), idPath: try path("data.name")).id == "t3_abc")
        #expect(makeItem(reddit, formatter: ItemFormatter(), idPath: try path("missing")).id == nil)
        // An object there is a key of several fields: its compact JSON (decision 150).
        #expect(makeItem(reddit, formatter: ItemFormatter(), idPath: try path("data")).id == #"{"name":"t3_abc","title":"x"}"#)
        #expect(makeItem(try json(#"{"id":null}"#), formatter: nil, idPath: try path("id")).id == nil)
        #expect(makeItem(reddit, formatter: ItemFormatter(), idPath: nil).id == nil)
    }
}
