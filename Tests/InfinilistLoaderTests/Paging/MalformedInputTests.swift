import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Hostile and broken responses through every style and the pager: any answer gives a page or an
/// end, never a crash or a key that cannot be requested.
@Suite struct MalformedInputTests {
    private static let styles: [any PaginationStyle] = [
        PageCounterStyle(template: template("https://x.example/?page={page}"), firstPage: 1, pageSize: 5),
        PageCounterStyle(template: template("https://x.example/?offset={offset}"), firstPage: 0, pageSize: 5),
        CursorStyle(template: template("https://x.example/?c={cursor}"), firstPage: 1, pageSize: 5, cursorPath: nil),
        LastItemStyle(template: template("https://x.example/?after={last.id}&s={last.sort}"), firstPage: 1, pageSize: 5),
        NextLinkStyle(template: template("https://x.example/"), pageSize: 5, nextPath: nil),
    ]

    private static let bodies = [
        "null", "true", "0", "\"\"", "[]", "{}", "[null]", "[[]]", "[{}]",
        #"{"next": 5, "items": "no"}"#,
        #"{"next": {"href": 5}, "links": {"next": []}, "_links": {"next": "x"}}"#,
        #"{"next_cursor": [], "nextPageToken": {}, "has_more": "false", "last": 1}"#,
        #"{"total_pages": -1, "nbPages": "x", "total": 1e400, "count": -5, "items": [1]}"#,
        #"{"total_pages": 99999999999999999999999, "items": [{"id": null}, {"id": [1]}]}"#,
        #"{"next": "http://[::1", "results": [1]}"#,
        #"{"next": "\u0000\u001b]2;evil\u0007", "results": [1]}"#,
        #"{"items": [{"id": 1, "sort": [1, {"a": null}]}], "next_cursor": "\u202e"}"#,
    ]

    private static let headerSets: [[(String, String)]] = [
        [],
        [("Link", "<>; rel=next")],
        [("Link", "<javascript:alert(1)>; rel=next")],
        [("X-Total-Count", "-3"), ("X-Total-Pages", "x"), ("X-Next-Page", "  ")],
    ]

    @Test func everyStyleSurvivesEveryBody() {
        for style in Self.styles {
            let pager = PagerRun(Pager(style: style, shape: ItemShape(), maxPages: nil))
            for body in Self.bodies {
                for headers in Self.headerSets {
                    let page = pager.page(for: style.firstKey(), response: response(body, headers: headers))
                    if let next = page.next {
                        #expect(next.index == 1)
                        #expect(WebOrigin(style.url(for: next)) != nil, "\(style.name): \(style.url(for: next))")
                    } else {
                        #expect(page.end != nil)
                    }
                    #expect(page.notes.allSatisfy { !$0.contains("\u{1b}") && !$0.contains("\n") })
                }
            }
        }
    }

    @Test func randomBodiesNeverCrash() {
        var random = SplitMix64(seed: 5)
        let keys = ["next", "links", "href", "_links", "items", "data", "next_cursor", "has_more", "last", "total", "count", "nbPages", "id", "page"]
        func value(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .number(["0", "-1", "3", "1e3", "99999999999999999999"].randomElement(using: &random) ?? "0")
            case 3: return .string(["", "x", "/p2", "https://x.example/2", "?a=1", "{&sort}"].randomElement(using: &random) ?? "")
            case 4: return .string("c\(Int.random(in: 0..<4, using: &random))")
            case 5: return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in value(depth + 1) })
            default:
                var members = JSONValue.Members()
                for _ in 0..<Int.random(in: 0..<5, using: &random) {
                    members[keys.randomElement(using: &random) ?? "x"] = value(depth + 1)
                }
                return .object(members)
            }
        }
        for style in Self.styles {
            let pager = PagerRun(Pager(style: style, shape: ItemShape(), maxPages: 50))
            var key = style.firstKey()
            for _ in 0..<400 {
                let body = value(0)
                let items = ItemLocator.items(in: body, at: nil)?.items ?? []
                let page = pager.page(for: key, response: PageResponse(url: "https://x.example/", status: 200, headers: [], body: body, items: items))
                key = page.next ?? style.firstKey()
            }
        }
    }
}
