import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// `-X`, `-d` and `--first-cursor` as the options' one validation reads them: the method, the
/// body's Content-Type, the style chosen from the placeholders of the URL and the body together,
/// and a usage error for each mistake, before any request.
@Suite struct RequestOptionTests {
    private func settings(_ url: String = "https://api.example/v1/query", _ change: (inout SourceOptions) -> Void) throws(SourceOptionError) -> SourceConfiguration.HTTPSettings {
        var options = SourceOptions()
        change(&options)
        return try options.httpSettings(url: url)
    }

    private func message(_ url: String = "https://api.example/v1/query", _ change: (inout SourceOptions) -> Void) -> String? {
        do throws(SourceOptionError) {
            _ = try settings(url, change)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theBodysPlaceholdersChooseTheStyle() throws {
        let cursor = try settings { $0.body = #"{"start_cursor": "{cursor}"}"# }
        #expect(cursor.style is CursorStyle)
        #expect(cursor.style.name == "cursors ({cursor} in the body, from a cursor field found in the first response)")
        let last = try settings { $0.body = #"{"search_after": {last.sort}, "size": {limit}}"# }
        #expect(last.style.name == "fields of the last item received ({last.sort} in the body)")
        let page = try settings { $0.body = "page={page}" }
        #expect(page.style.name == "page numbers from 1 ({page} in the body)")
        let both = try settings("https://api.example/v1/query?c={cursor}") { $0.body = #"{"c": "{cursor}"}"# }
        #expect(both.style.name.hasPrefix("cursors ({cursor} in the URL and the body"))
        let none = try settings { $0.body = #"{"size": {limit}}"# }
        #expect(none.style is NextLinkStyle)
    }

    @Test func aBodyMeansPostWithItsContentTypeUnlessTheUserSaysOtherwise() throws {
        let json = try settings { $0.body = #"{"a": 1}"# }
        #expect(json.request.method == "POST")
        #expect(json.request.headers == [HeaderField(name: "Content-Type", value: "application/json")])
        let put = try settings { $0.body = "a=1"; $0.method = "PUT" }
        #expect(put.request.method == "PUT")
        #expect(put.request.headers == [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        let typed = try settings { $0.body = #"{"a": 1}"#; $0.headers = ["CONTENT-TYPE: application/json; charset=utf-8"] }
        #expect(typed.request.headers.isEmpty)
        let get = try settings { _ in }
        #expect(get.request.method == "GET" && get.request.body == nil)
        let search = try settings { $0.method = "SEARCH" }
        #expect(search.request.method == "SEARCH" && search.request.body == nil)
    }

    @Test func theFirstCursorIsTheFirstRequestsCursorInTheURLAndTheBody() throws {
        let url = try settings("https://api.openalex.org/works?cursor={cursor}") { $0.firstCursor = "*" }
        let pager = Pager(style: url.style, shape: url.shape, maxPages: nil)
        #expect(pager.request(for: url.style.firstKey()).url == "https://api.openalex.org/works?cursor=%2A")
        let body = try settings { $0.body = #"{"pit": {"id": "{cursor}"}}"#; $0.firstCursor = "46ToAwMDaWR5BXV1aWQy" }
        var bodyPager = Pager(style: body.style, shape: body.shape, maxPages: nil)
        bodyPager.requests = body.request
        let first = bodyPager.request(for: body.style.firstKey())
        #expect(first.body.map { String(decoding: $0, as: UTF8.self) } == #"{"pit":{"id":"46ToAwMDaWR5BXV1aWQy"}}"#)
    }

    @Test func eachMistakeIsAUsageError() {
        let cases: [((inout SourceOptions) -> Void, String)] = [
        ({ $0.firstCursor = "*" },
         "--first-cursor needs {cursor} in the URL or the body, where the cursor goes (e.g. &cursor={cursor})"),
        ({ $0.cursorPath = "next" }, "--cursor needs {cursor} in the URL or the body, where the cursor goes (e.g. &cursor={cursor})"),
        ({ $0.nextPath = "next"; $0.body = "p={page}" }, "--next follows next links and applies only without {page}, {offset}, {cursor} or {last.PATH} in the URL or the body"),
        ({ $0.method = "PO ST" }, "-X 'PO ST' is not an HTTP method: a method is one word of letters, digits and !#$%&'*+-.^_`|~, such as POST"),
        ({ $0.method = "CONNECT" }, "-X CONNECT opens a tunnel and fetches nothing; use GET or POST"),
        ({ $0.body = "" }, "the body (-d) is empty; leave -d out to send none (-X POST sends a POST without a body)"),
        ({ $0.body = #"{"page_size": {limit}, "start_cursor": "{cusor}"}"# },
         "the body (-d) at line 1, column 40: unknown placeholder {cusor}; known: {page}, {offset}, {limit}, {cursor}, {last.PATH} (a string meant literally writes its '{' as \\u007B)"),
        ({ $0.body = "{\"a\": 1,}" },
         "the body (-d) at line 1, column 9: expected a quoted key, found '}' (a body that starts with '{' or '[' is read as JSON; -H 'Content-Type: …' says otherwise)"),
        ]
        for (change, expected) in cases {
            #expect(message { change(&$0) } == expected)
        }
    }

    @Test func aPostIsRetriedOnlyWhereTheServerCannotHaveActedOnIt() {
        var policy = RetryPolicy(retries: 2)
        policy.random = { $0.upperBound }
        func body(_ status: Int) -> Result<HTTPBody, PageLoadError> {
            .success(HTTPBody(url: "https://api.notion.com/v1/x", status: status, reason: "", headers: [], bytes: []))
        }
        for status in [408, 429, 503] {
            #expect(policy.step(after: body(status), retriesDone: 0, now: 0, idempotent: false) != .accept, "\(status)")
        }
        for status in [500, 502, 504] {
            #expect(policy.step(after: body(status), retriesDone: 0, now: 0, idempotent: false) == .accept, "\(status)")
            #expect(policy.step(after: body(status), retriesDone: 0, now: 0, idempotent: true) != .accept, "\(status)")
        }
        var refused = PageLoadError(.connection, "api.notion.com refused the connection")
        refused.beforeAnswer = true
        #expect(policy.step(after: .failure(refused), retriesDone: 0, now: 0, idempotent: false) == .retry(after: 0.5, reason: "api.notion.com refused the connection (retry 1 of 2)"))
        let cut = PageLoadError(.connection, "api.notion.com closed the connection in the middle of its answer")
        #expect(policy.step(after: .failure(cut), retriesDone: 0, now: 0, idempotent: false) == .giveUp(cut))
        let slow = PageLoadError(.timeout, "no complete answer")
        #expect(policy.step(after: .failure(slow), retriesDone: 0, now: 0, idempotent: false) == .giveUp(slow))
        #expect(RequestMethod.isIdempotent("GET") && RequestMethod.isIdempotent("PUT"))
        #expect(!RequestMethod.isIdempotent("POST") && !RequestMethod.isIdempotent("PATCH") && !RequestMethod.isIdempotent("post"))
    }
}
