import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The RFC 8288 `Link` header parser against the headers servers really send, and against
/// malformed and random input, which must never crash it.
@Suite struct LinkHeaderTests {
    @Test func readsGitHubsHeader() {
        let value = #"<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last""#
        let links = LinkHeader.parse(value)
        #expect(links.map(\.target) == ["https://api.github.com/repositories/1/issues?page=2", "https://api.github.com/repositories/1/issues?page=5"])
        #expect(links.map(\.relations) == [["next"], ["last"]])
    }

    @Test(arguments: ["Link", "link", "LINK", "lInK"])
    func findsNextWhateverTheHeaderNameCase(name: String) {
        let headers = [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: name, value: "</p2>; rel=next")]
        #expect(LinkHeader.next(in: headers) == "/p2")
    }

    @Test func readsLinksSpreadOverSeveralHeaderLines() {
        let headers = [HeaderField(name: "Link", value: #"</first>; rel="first""#), HeaderField(name: "link", value: #"</second>; rel="next""#)]
        #expect(LinkHeader.next(in: headers) == "/second")
        #expect(LinkHeader.links(in: headers).count == 2)
    }

    @Test(arguments: [
        (#"</a>; rel=next"#, ["next"]),
        (#"</a>; rel="next""#, ["next"]),
        (#"</a>; REL="NEXT""#, ["next"]),
        (#"</a>; rel='next'"#, ["next"]),
        (#"</a>; rel="next last""#, ["next", "last"]),
        (#"</a>;rel="  prev   next  ""#, ["prev", "next"]),
        (#"</a> ; title="a, b; c" ; rel=next"#, ["next"]),
        (#"</a>; rel="next"; rel="prev""#, ["next"]),   // the first rel wins (RFC 8288 §3.3)
        (#"</a>"#, []),
        (#"</a>; rel"#, []),
        (#"</a>; rel="#, []),
    ])
    func readsRelations(value: String, relations: [String]) {
        #expect(LinkHeader.parse(value).first?.relations == relations, "\(value)")
    }

    @Test func keepsCommasAndSemicolonsInsideURLs() {
        let value = #"<https://x.example/search?q=a,b;c&page=2>; rel="next", <https://x.example/search?q=a,b;c&page=1>; rel="prev""#
        let links = LinkHeader.parse(value)
        #expect(links.map(\.target) == ["https://x.example/search?q=a,b;c&page=2", "https://x.example/search?q=a,b;c&page=1"])
        #expect(LinkHeader.next(in: [HeaderField(name: "Link", value: value)]) == "https://x.example/search?q=a,b;c&page=2")
    }

    @Test func shopifysPreviousRelationIsNotNext() {
        let value = #"<https://s.example/products.json?page_info=a>; rel="previous", <https://s.example/products.json?page_info=b>; rel="next""#
        #expect(LinkHeader.next(in: [HeaderField(name: "Link", value: value)]) == "https://s.example/products.json?page_info=b")
        #expect(LinkHeader.next(in: [HeaderField(name: "Link", value: #"<https://s.example/p?page_info=a>; rel="previous""#)]) == nil)
    }

    @Test func readsOtherParameters() {
        let link = LinkHeader.parse(#"<https://sentry.example/?cursor=0:100:0>; rel="next"; results="false"; cursor="0:100:0""#).first
        #expect(link?.parameters["results"] == "false")
        #expect(link?.parameters["cursor"] == "0:100:0")
    }

    @Test(arguments: [
        "",
        " , , ",
        "garbage",
        "rel=next",
        "<unclosed; rel=next",
        "</a> rel=next",
        #"</a>; rel="unclosed"#,
        #"</a>; rel="esc\"aped"; x, </b>; rel=next"#,
        "<>; rel=next",
        ";;;,,,<<<>>>",
        #"</a>; rel="next" junk, </b>; rel="prev""#,
        "\u{0}\u{1b}[31m<\u{7f}>; rel=\u{85}next",
    ])
    func malformedHeadersNeverCrash(value: String) {
        let links = LinkHeader.parse(value)
        #expect(links.count <= value.count)
    }

    @Test func skipsAMalformedLinkAndKeepsTheNextOne() {
        #expect(LinkHeader.next(in: [HeaderField(name: "Link", value: #"garbage; rel=next, </ok>; rel="next""#)]) == "/ok")
        #expect(LinkHeader.next(in: [HeaderField(name: "Link", value: #"</a>; rel="next" junk, </b>; rel="prev""#)]) == "/a")
        #expect(LinkHeader.next(in: [HeaderField(name: "Link", value: "<>; rel=next")]) == "")
    }

    @Test func randomInputNeverCrashes() {
        var random = SplitMix64(seed: 3)
        let alphabet = Array(#"<>;,="' \relnxtp/:?&\#u{0}é🇯🇵"#)
        for _ in 0..<3000 {
            let text = String((0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? " " })
            _ = LinkHeader.parse(text)
        }
    }
}

