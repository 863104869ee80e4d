import Testing
@testable import InfinilistCore

/// Where `o` finds an item's page on the web, in the shapes real APIs send.
@Suite struct WebAddressTests {
    @Test(arguments: [
        // GitHub: html_url, not the API's url.
        (#"{"url":"https://api.github.com/repos/a/b/issues/1","html_url":"https://github.com/a/b/issues/1"}"#, "https://github.com/a/b/issues/1"),
        // GitLab.
        (#"{"id":1,"web_url":"https://gitlab.com/a/b/-/issues/1"}"#, "https://gitlab.com/a/b/-/issues/1"),
        // Reddit: a permalink inside `data`, a path on reddit.com.
        (#"{"kind":"t3","data":{"permalink":"/r/swift/comments/x/y/","url":"https://i.redd.it/z.png"}}"#, "https://www.reddit.com/r/swift/comments/x/y/"),
        // Hacker News (Algolia).
        (#"{"objectID":"1","url":"http://example.com/story"}"#, "http://example.com/story"),
        // HAL and JSON:API links.
        (#"{"_links":{"self":{"href":"https://api.example.com/1"},"html":{"href":"https://example.com/1"}}}"#, "https://example.com/1"),
        (#"{"links":{"html":{"href":"https://example.com/2"}}}"#, "https://example.com/2"),
        (#"{"links":{"html":"https://example.com/3"}}"#, "https://example.com/3"),
        // RSS-like.
        (#"{"title":"x","link":"HTTPS://EXAMPLE.COM/4"}"#, "HTTPS://EXAMPLE.COM/4"),
    ])
    func theUsualFields(json: String, address: String) {
        #expect(WebAddress.find(in: json) == .found(address))
    }

    @Test func onlyHTTPAndHTTPSAreOpened() {
        #expect(WebAddress.find(in: #"{"html_url":"javascript:alert(1)"}"#) == .notWeb("javascript:alert(1)"))
        #expect(WebAddress.find(in: #"{"url":"file:///etc/passwd"}"#) == .notWeb("file:///etc/passwd"))
        // A later field with a web address wins over an earlier one without.
        #expect(WebAddress.find(in: #"{"html_url":"ftp://x/y","url":"https://x/y"}"#) == .found("https://x/y"))
        for bad in ["https://", "http:///path", "https://exa mple.com", "https://x/\u{1B}]52;c;AAA\u{7}", "--help", "https:x"] {
            #expect(!WebAddress.isWeb(bad), "\(bad)")
        }
        #expect(WebAddress.find(in: #"{"title":"nothing","url":null}"#) == .absent)
        #expect(WebAddress.find(in: "not json") == .absent)
        #expect(WebAddress.find(in: #""a string item""#) == .absent)
    }

    @Test func openPathSaysWhich() throws {
        let json = #"{"html_url":"https://github.com/a","api":{"web":"https://example.com/w"},"data":{"permalink":"/r/x"}}"#
        #expect(WebAddress.find(in: json, path: try JSONPath(parsing: "api.web")) == .found("https://example.com/w"))
        #expect(WebAddress.find(in: json, path: try JSONPath(parsing: "data.permalink")) == .found("https://www.reddit.com/r/x"))
        #expect(WebAddress.find(in: json, path: try JSONPath(parsing: "nope")) == .absent)
    }
}

/// Which value each line of the detail view shows, for `y` there.
@Suite struct LineValueTests {
    @Test func oneValueForEveryLineTheDetailViewShows() throws {
        let samples = [
            #"{"a":1,"b":{"c":[1,2,{"d":null}],"e":{}},"f":[],"g":"text"}"#,
            #"[1,[2,[3]],{"x":true}]"#,
            #""just a string""#,
            "{}",
            #"{"body":"a\nb\nc","n":1}"#,
        ]
        for sample in samples {
            let value = try JSONParser.parse(sample)
            #expect(value.lineValues().count == value.highlightedLines(splitsStrings: true).count, "\(sample)")
        }
    }

    @Test func eachLineHasItsValueAndPath() throws {
        let value = try JSONParser.parse(#"{"user":{"login":"me"},"labels":["bug","ui"],"n":1.50}"#)
        let lines = value.lineValues()
        #expect(lines.map(\.path) == ["", "user", "user.login", "user", "labels", "labels[0]", "labels[1]", "labels", "n", ""])
        #expect(lines.map(\.value.copyText) == [
            value.compactJSON, #"{"login":"me"}"#, "me", #"{"login":"me"}"#, #"["bug","ui"]"#, "bug", "ui", #"["bug","ui"]"#,
            "1.50", value.compactJSON,
        ])
    }

    /// An http address of the wrong form is not said to be "not http" (hostile pass 3).
    @Test func theNoticeSaysWhatIsWrongWithTheAddress() {
        #expect(WebAddress.find(in: #"{"url":"http://a b/"}"#) == .notWeb("http://a b/"))
        #expect(CommandNotice.notWebAddress("http://a b/").text
                == "not opened: not a well-formed address (it has a space or a control character, or no host): http://a b/")
        #expect(CommandNotice.notWebAddress("javascript:alert(1)").text == "not opened: not an http or https address: javascript:alert(1)")
    }
}
