import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Following next links: the Link header first, then the body's common next-link fields;
/// relative links, URI templates and other hosts; and why a single page is single.
@Suite struct NextLinkTests {
    private let style = NextLinkStyle(template: template("https://api.example.com/v1/things?page=1"), pageSize: 50, nextPath: nil)

    @Test(arguments: [
        (#"{"next": "https://api.example.com/v1/things?page=2", "results": []}"#, "next"),
        (#"{"links": {"next": "https://api.example.com/v1/things?page=2"}, "data": []}"#, "links.next"),
        (#"{"links": {"next": {"href": "https://api.example.com/v1/things?page=2", "meta": {}}}, "data": []}"#, "links.next"),
        (#"{"_links": {"next": {"href": "/v1/things?page=2"}}, "_embedded": {"things": []}}"#, "_links.next"),
        (#"{"next_page_url": "https://api.example.com/v1/things?page=2", "data": []}"#, "next_page_url"),
        (#"{"paging": {"next": "https://api.example.com/v1/things?page=2"}, "data": []}"#, "paging.next"),
        (#"{"@odata.nextLink": "https://api.example.com/v1/things?page=2", "value": []}"#, #"["@odata.nextLink"]"#),
        (#"{"info": {"next": "https://api.example.com/v1/things?page=2"}, "results": []}"#, "info.next"),
    ])
    func detectsCommonNextLinks(json: String, path: String) {
        let decision = style.next(after: style.firstKey(), response: response(json))
        #expect(decision.key?.url == "https://api.example.com/v1/things?page=2")
        #expect(decision.key?.via == .field(path))
        #expect(decision.notes == ["following the next link at \(path) (auto-detected; --next PATH to choose another field)"])
    }

    @Test func anOpaqueStringInNextIsNotTakenForALink() {
        let decision = style.next(after: style.firstKey(), response: response(#"{"next": "abc123", "results": [1]}"#))
        #expect(decision.reason == "no next link (next is 'abc123', not a link)")
    }

    @Test func theLinkHeaderComesBeforeTheBody() {
        let decision = style.next(after: style.firstKey(), response: response(
            #"{"next": "https://api.example.com/body", "results": [1]}"#,
            headers: [("Link", #"<https://api.example.com/header>; rel="next""#)]
        ))
        #expect(decision.key?.url == "https://api.example.com/header")
        #expect(decision.key?.via == .linkHeader)
    }

    @Test func laterPagesAreReadWhereTheFirstOneWas() {
        var key = style.firstKey().advanced(by: 1)
        key.via = .linkHeader
        // A body link on a later page does not matter once the walk follows the Link header.
        let decision = style.next(after: key, response: response(#"{"next": "https://api.example.com/x", "results": [1]}"#))
        #expect(decision.reason == "no rel=next")
    }

    @Test func nextOptionReadsAnyFieldAndTakesRelativeStrings() throws {
        let custom = NextLinkStyle(template: template("https://api.example.com/v1/a/b"), pageSize: 50, nextPath: try JSONPath(parsing: "meta.more"))
        let decision = custom.next(after: custom.firstKey(), response: response(#"{"meta": {"more": "c?x=1"}, "items": [1]}"#, url: "https://api.example.com/v1/a/b"))
        #expect(decision.key?.url == "https://api.example.com/v1/a/c?x=1")
        let end = custom.next(after: custom.firstKey(), response: response(#"{"meta": {"more": null}, "items": [1]}"#))
        #expect(end.reason == "no next link (meta.more is null)")
    }

    @Test(arguments: [
        ("/orders?page=2", "https://api.example.com/orders?page=2"),
        ("?page=2", "https://api.example.com/v1/things?page=2"),
        ("../other?page=2", "https://api.example.com/other?page=2"),
        ("https://cdn.example.net/p2", "https://cdn.example.net/p2"),
        ("//cdn.example.net/p2", "https://cdn.example.net/p2"),
        ("https://api.example.com/people?page=1&size=20{&sort}", "https://api.example.com/people?page=1&size=20"),
        ("https://api.example.com/orders{?page,size}", "https://api.example.com/orders"),
        ("  https://api.example.com/spaced  ", "https://api.example.com/spaced"),
    ])
    func resolvesRelativeAndTemplatedLinks(href: String, url: String) {
        #expect(NextURL.resolve(href, against: "https://api.example.com/v1/things?page=1") == url)
    }

    @Test(arguments: ["", "   ", "ftp://files.example/x", "mailto:a@b.example", "{?page}", "http://"])
    func refusesWhatCannotBeRequested(href: String) {
        #expect(NextURL.resolve(href, against: "https://api.example.com/v1/things") == nil)
    }

    @Test func aNextLinkThatIsNotHTTPEndsTheListWithAReason() {
        let decision = style.next(after: style.firstKey(), response: response(#"{"results": [1]}"#, headers: [("Link", "<ftp://x/y>; rel=next")]))
        #expect(decision.reason == "the next link 'ftp://x/y' (Link rel=next) is a ftp: URL; only http and https can be requested")
    }

    @Test func aSinglePageSaysWhyAndHintsAtACursor() {
        let single = style.next(after: style.firstKey(), response: response(#"[1, 2]"#))
        #expect(single.reason == "single page: no Link rel=next and no next link in the body")
        let nulled = style.next(after: style.firstKey(), response: response(#"{"count": 2, "next": null, "results": [1, 2]}"#))
        #expect(nulled.reason == "no next link (next is null)")
        // Algolia given without {page}: where the list ends, what to put in the URL (issue 33.5).
        let algolia = style.next(after: style.firstKey(), response: response(#"{"hits": [1], "nbHits": 57, "page": 0, "nbPages": 3, "hitsPerPage": 20}"#))
        #expect(algolia.reason == "single page, but the answer says there are 3 pages (nbPages): put {page} in the URL (e.g. &page={page}) with --first-page 0 (its pages count from 0) to read them all")
        let cursor = style.next(after: style.firstKey(), response: response(#"{"members": [1], "response_metadata": {"next_cursor": "abc"}}"#))
        #expect(cursor.notes.first?.contains("{cursor}") == true)
    }
}
