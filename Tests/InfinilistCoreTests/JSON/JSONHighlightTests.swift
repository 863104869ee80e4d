import Testing
@testable import InfinilistCore

@Suite struct JSONHighlightTests {
    private func joined(_ lines: [[Span]]) -> String {
        lines.map { $0.map(\.text).joined() }.joined(separator: "\n")
    }

    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":{"d":"e\n\"f\""},"g":[],"h":{}}"#,
        #"[1,-0.0,1e400,"\u001b[31m","\u2028",{"日本":"🍎"}]"#,
        #""just a string""#,
        "42",
        "[]",
        #"{"nested":[[[{"x":[]}]]]}"#,
    ])
    func linesJoinToExactlyThePrettyJSON(json: String) throws {
        let value = try JSONParser.parse(json)
        #expect(joined(value.highlightedLines()) == value.prettyJSON())
        #expect(joined(value.highlightedLines(indent: 4)) == value.prettyJSON(indent: 4))
    }

    @Test func eachTokenHasItsStyle() throws {
        let value = try JSONParser.parse(#"{"name":"x","n":12,"ok":true,"none":null}"#)
        let lines = value.highlightedLines()
        #expect(lines[0] == [Span("{", .jsonPunctuation)])
        #expect(lines[1] == [Span("  "), Span("\"name\"", .jsonKey), Span(":", .jsonPunctuation), Span(" "),
                             Span("\"x\"", .jsonString), Span(",", .jsonPunctuation)])
        #expect(lines[2].contains(Span("12", .jsonNumber)))
        #expect(lines[3].contains(Span("true", .jsonLiteral)))
        #expect(lines[4].contains(Span("null", .jsonLiteral)))
        #expect(lines[5] == [Span("}", .jsonPunctuation)])
    }
}
