import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Cursor detection and the cursor style: which field is found, that an empty page with a
/// cursor goes on, and how a missing, null or empty cursor ends the list.
@Suite struct CursorTests {
    private let style = CursorStyle(template: template("https://api.example.com/list?limit=10&cursor={cursor}"), firstPage: 1, pageSize: 10, cursorPath: nil)

    @Test(arguments: [
        (#"{"members": [1], "response_metadata": {"next_cursor": "dXNlcjpVMEc5V0ZYTlo="}}"#, "response_metadata.next_cursor", "dXNlcjpVMEc5V0ZYTlo="),
        (#"{"items": [1], "nextPageToken": "CAUQAA"}"#, "nextPageToken", "CAUQAA"),
        (#"{"data": [1], "meta": {"result_count": 1, "next_token": "7140dibd"}}"#, "meta.next_token", "7140dibd"),
        (#"{"kind": "Listing", "data": {"after": "t3_abc", "children": [1]}}"#, "data.after", "t3_abc"),
        (#"{"results": [1], "next_cursor": "c-1", "has_more": true}"#, "next_cursor", "c-1"),
        (#"{"records": [1], "offset": "itrXyz/recAbc"}"#, "offset", "itrXyz/recAbc"),
        (#"{"items": [1], "next_page": 3}"#, "next_page", "3"),
        (#"{"data": [1], "paging": {"cursors": {"after": "QVFI"}}}"#, "paging.cursors.after", "QVFI"),
    ])
    func detectsCommonCursorFields(json: String, path: String, cursor: String) {
        let decision = style.next(after: style.firstKey(), response: response(json))
        #expect(decision.key?.cursor == cursor)
        #expect(decision.key?.via == .field(path))
        #expect(decision.key?.index == 1)
        #expect(decision.notes == ["cursor at \(path) (auto-detected; --cursor PATH to choose another field)"])
    }

    @Test(arguments: [
        (#"{"members": [1], "response_metadata": {"next_cursor": ""}}"#, #"no cursor (response_metadata.next_cursor is "")"#),
        (#"{"data": {"after": null, "children": [1]}}"#, "no cursor (data.after is null)"),
        (#"{"results": [1], "next_cursor": null, "has_more": false}"#, "has_more=false"),
        (#"{"items": [1]}"#, "no cursor in the response"),
        (#"{"items": [1], "offset": 20}"#, "no cursor in the response"),
    ])
    func endsWhenTheCursorIsMissingNullOrEmpty(json: String, reason: String) {
        #expect(style.next(after: style.firstKey(), response: response(json)).reason == reason)
    }

    @Test func anEmptyPageWithACursorGoesOn() {
        let decision = style.next(after: style.firstKey(), response: response(#"{"members": [], "response_metadata": {"next_cursor": "more"}}"#))
        #expect(decision.key?.cursor == "more")
    }

    @Test func laterPagesReadThePinnedField() {
        var key = style.firstKey().advanced(by: 10)
        key.via = .field("nextPageToken")
        // next_cursor would be found first by detection, but this walk reads nextPageToken.
        let decision = style.next(after: key, response: response(#"{"items": [1], "next_cursor": "x"}"#))
        #expect(decision.reason == "no cursor (nextPageToken is missing)")
    }

    @Test func cursorOptionChoosesTheField() throws {
        let custom = CursorStyle(template: template("https://x.example/?c={cursor}"), firstPage: 1, pageSize: 10, cursorPath: try JSONPath(parsing: "page.token"))
        #expect(custom.next(after: custom.firstKey(), response: response(#"{"items": [1], "page": {"token": 7}}"#)).key?.cursor == "7")
        #expect(custom.next(after: custom.firstKey(), response: response(#"{"items": [1], "page": {"token": {"a": 1}}}"#)).reason == "no cursor (page.token is an object)")
    }

    @Test func aCursorAndLastItemFieldsTogether() {
        let both = CursorStyle(template: template("https://x.example/?c={cursor}&after={last.id}"), firstPage: 1, pageSize: 10, cursorPath: nil)
        let key = both.next(after: both.firstKey(), response: response(#"{"items": [{"id": 4}, {"id": 9}], "next_cursor": "n"}"#)).key
        #expect(key?.lastItem == ["id": .number("9")])
        #expect(key.map(both.url(for:)) == "https://x.example/?c=n&after=9")
    }
}
