import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The `{last.PATH}` style (Stripe's `starting_after`, `search_after`): the first request leaves
/// the parameter out, later ones carry the last item's field, and the ways it ends.
@Suite struct LastItemTests {
    private let style = LastItemStyle(template: template("https://x.example/v1/customers?limit=2&starting_after={last.id}"), firstPage: 1, pageSize: 2)

    @Test func theFirstRequestLeavesTheParameterOutAndLaterOnesCarryTheLastId() {
        #expect(style.url(for: style.firstKey()) == "https://x.example/v1/customers?limit=2")
        let next = style.next(after: style.firstKey(), response: response(#"{"data": [{"id": "cus_1"}, {"id": "cus_2"}], "has_more": true}"#)).key
        #expect(next?.lastItem == ["id": .string("cus_2")])
        #expect(next.map(style.url(for:)) == "https://x.example/v1/customers?limit=2&starting_after=cus_2")
    }

    @Test func endsOnHasMoreFalseAnEmptyPageOrALastItemWithoutTheField() {
        #expect(style.next(after: style.firstKey(), response: response(#"{"data": [{"id": "a"}], "has_more": false}"#)).reason == "has_more=false")
        #expect(style.next(after: style.firstKey(), response: response(#"{"data": [], "has_more": true}"#)).reason == "end of list (page 1 is empty)")
        #expect(style.next(after: style.firstKey(), response: response(#"{"data": [{"name": "a"}], "has_more": true}"#)).reason
            == "the last item has no id (needed for {last.id})")
        #expect(style.next(after: style.firstKey(), response: response(#"{"data": [{"id": null}], "has_more": true}"#)).reason
            == "the last item has no id (needed for {last.id})")
    }

    @Test func arraysAndObjectsAreSentAsCompactJSON() {
        let search = LastItemStyle(template: template("https://x.example/_search?search_after={last.sort}"), firstPage: 1, pageSize: 2)
        let next = search.next(after: search.firstKey(), response: response(#"{"hits": {"hits": [{"sort": [1700000000123, "log 1"]}]}}"#)).key
        #expect(next?.lastItem == ["sort": .array([.number("1700000000123"), .string("log 1")])])
        #expect(next.map(search.url(for:)) == "https://x.example/_search?search_after=%5B1700000000123%2C%22log%201%22%5D")
    }
}
