import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Each stop rule of page and offset APIs, alone, on the page where it must fire and on the page
/// before, where it must not.
@Suite struct StopRuleTests {
    private let pages = PageCounterStyle(template: template("https://x.example/?page={page}"), firstPage: 1, pageSize: 10)
    private let zeroBased = PageCounterStyle(template: template("https://x.example/?page={page}"), firstPage: 0, pageSize: 10)
    private let offsets = PageCounterStyle(template: template("https://x.example/?offset={offset}"), firstPage: 1, pageSize: 10)

    /// The key of the `n`-th page (1-based) after full pages of 10.
    private func key(_ style: PageCounterStyle, page n: Int) -> PageKey {
        var key = style.firstKey()
        for _ in 1..<n { key = key.advanced(by: 10) }
        return key
    }

    private func decide(_ style: PageCounterStyle, page: Int, _ json: String, headers: [(String, String)] = []) -> NextPage {
        style.next(after: key(style, page: page), response: response(json, headers: headers))
    }

    @Test func anEmptyPageEnds() {
        #expect(decide(pages, page: 4, #"{"items": []}"#).reason == "end of list (page 4 is empty)")
        #expect(decide(pages, page: 4, "[]").reason == "end of list (page 4 is empty)")
    }

    @Test func hasMoreFalseEnds() {
        #expect(decide(pages, page: 1, #"{"data": \#(itemsJSON(10)), "has_more": true}"#).key != nil)
        #expect(decide(pages, page: 2, #"{"data": \#(itemsJSON(10)), "has_more": false}"#).reason == "has_more=false")
        #expect(decide(pages, page: 2, #"{"data": \#(itemsJSON(10)), "hasMore": false}"#).reason == "hasMore=false")
        #expect(decide(pages, page: 2, #"{"data": \#(itemsJSON(10)), "pageInfo": {"hasNextPage": false}}"#).reason == "pageInfo.hasNextPage=false")
    }

    @Test func lastTrueEnds() {
        #expect(decide(zeroBased, page: 1, #"{"content": \#(itemsJSON(10)), "last": false}"#).key != nil)
        #expect(decide(zeroBased, page: 3, #"{"content": \#(itemsJSON(10)), "last": true}"#).reason == "last=true")
        #expect(decide(zeroBased, page: 3, #"{"content": \#(itemsJSON(10)), "last": "https://x/last"}"#).key != nil)
    }

    @Test func algoliasNbPagesCountsFromZero() {
        #expect(decide(zeroBased, page: 2, #"{"hits": \#(itemsJSON(10)), "page": 1, "nbPages": 3}"#).key != nil)
        #expect(decide(zeroBased, page: 3, #"{"hits": \#(itemsJSON(10)), "page": 2, "nbPages": 3}"#).reason == "page 3 of 3 (nbPages)")
    }

    @Test(arguments: ["total_pages", "totalPages", "last_page", "meta.total_pages", "pagination.total_pages"])
    func pageCountsEnd(field: String) {
        let parts = field.split(separator: ".").map(String.init)
        let json = { (count: Int) in
            parts.count == 1
                ? #"{"items": \#(itemsJSON(10)), "\#(field)": \#(count)}"#
                : #"{"items": \#(itemsJSON(10)), "\#(parts[0])": {"\#(parts[1])": \#(count)}}"#
        }
        #expect(decide(pages, page: 4, json(5)).key != nil)
        #expect(decide(pages, page: 5, json(5)).reason == "page 5 of 5 (\(field))")
    }

    @Test func theResponsesCurrentPageIsBelievedOverTheCount() {
        // An offset API that names its page: position 3 of 3 although only one page was walked.
        #expect(decide(offsets, page: 1, #"{"objects": \#(itemsJSON(10)), "current_page": 3, "total_pages": 3}"#).reason == "page 3 of 3 (total_pages)")
        #expect(decide(offsets, page: 1, #"{"objects": \#(itemsJSON(10)), "current_page": 2, "total_pages": 3}"#).key != nil)
    }

    @Test func gitLabHeadersEnd() {
        let more = [("X-Page", "2"), ("X-Total-Pages", "3"), ("X-Next-Page", "3")]
        #expect(decide(pages, page: 2, itemsJSON(10), headers: more).key != nil)
        #expect(decide(pages, page: 3, itemsJSON(10), headers: [("x-page", "3"), ("x-total-pages", "3")]).reason == "page 3 of 3 (x-total-pages)")
        #expect(decide(pages, page: 9, itemsJSON(10), headers: [("X-Next-Page", "")]).reason == "x-next-page is empty")
        #expect(decide(pages, page: 9, itemsJSON(10), headers: [("X-Next-Page", "10")]).key != nil)
    }

    @Test func aLinkHeaderWithoutNextEnds() {
        let last = [("Link", #"<https://x.example/?page=1>; rel="first", <https://x.example/?page=4>; rel="prev""#)]
        #expect(decide(pages, page: 5, itemsJSON(10), headers: last).reason == "no rel=next")
        let more = [("Link", #"<https://x.example/?page=6>; rel="next""#)]
        #expect(decide(pages, page: 5, itemsJSON(10), headers: more).key != nil)
        #expect(decide(pages, page: 5, itemsJSON(10), headers: [("Link", "garbage")]).key != nil)
    }

    @Test(arguments: [
        (#"{"items": ITEMS, "total_count": 50}"#, [(String, String)](), "total_count"),
        (#"{"content": ITEMS, "totalElements": 50}"#, [], "totalElements"),
        (#"{"hits": ITEMS, "nbHits": 50}"#, [], "nbHits"),
        (#"{"data": ITEMS, "total": "50"}"#, [], "total"),
        (#"{"results": ITEMS, "count": 50}"#, [], "count"),
        (#"{"hits": {"total": {"value": 50, "relation": "eq"}, "hits": ITEMS}}"#, [], "hits.total.value"),
        ("ITEMS", [("X-Total-Count", "50")], "X-Total-Count"),
        ("ITEMS", [("x-total", " 50 ")], "X-Total"),
    ])
    func aReachedTotalEnds(json: String, headers: [(String, String)], source: String) {
        let body = json.replacingOccurrences(of: "ITEMS", with: itemsJSON(10))
        #expect(decide(pages, page: 4, body, headers: headers).key != nil)
        #expect(decide(pages, page: 5, body, headers: headers).reason == "all 50 items received (\(source))")
        #expect(TotalCount.find(in: response(body, headers: headers))?.value == 50)
    }

    /// Hacker News: `nbHits` counts 34 million stories, but only `nbPages` × `hitsPerPage` can be
    /// fetched: that is the total shown ("of 1,000"), and the list ends when it is reached.
    @Test func algoliasReachableHitsAreTheTotal() {
        let body = #"{"hits": \#(itemsJSON(10)), "nbHits": 34567890, "page": 0, "nbPages": 100, "hitsPerPage": 10}"#
        let found = TotalCount.find(in: response(body))
        #expect(found?.value == 1_000)
        #expect(found?.source == "nbPages × hitsPerPage, of 34,567,890 hits in nbHits")
        let few = #"{"hits": \#(itemsJSON(10)), "nbHits": 57, "page": 0, "nbPages": 6, "hitsPerPage": 10}"#
        #expect(TotalCount.find(in: response(few))?.value == 57)
    }

    @Test func aCountEqualToThePageIsNotATotal() {
        // Some APIs' "count" is the size of the page: it must not end the list after page 1.
        #expect(decide(pages, page: 1, #"{"results": \#(itemsJSON(10)), "count": 10}"#).key != nil)
        #expect(TotalCount.find(in: response(#"{"results": \#(itemsJSON(10)), "count": 10}"#)) == nil)
    }

    @Test func anElasticsearchLowerBoundIsNotATotal() {
        let json = #"{"hits": {"total": {"value": 10, "relation": "gte"}, "hits": \#(itemsJSON(10))}}"#
        #expect(decide(pages, page: 1, json).key != nil)
    }

    @Test func aFullPageWithoutSignalsGoesOn() {
        let next = decide(pages, page: 3, #"{"items": \#(itemsJSON(10)), "page": 3}"#).key
        #expect(next == PageKey(index: 3, page: 4, offset: 30))
    }
}
