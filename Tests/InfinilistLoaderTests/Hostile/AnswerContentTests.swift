import InfinilistCore
@testable import InfinilistLoader
import Testing

/// What a server may put in a successful answer besides JSON: nothing at all (the end of the
/// list), a compressed body that is broken (named, not shown as garbage), or text that is not
/// quite UTF-8 (repaired, not refused).
@Suite struct AnswerContentTests {
    @Test(arguments: [
        ("no-content", "HTTP 204 No Content: no more items"),
        ("empty-body", "HTTP 200 OK with an empty body: no more items"),
    ])
    func anEmptyAnswerEndsTheList(route: String, reason: String) async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/\(route)?page={page}", options: .faults(clock: TestClock()), pages: 3)
            let pages = messages.compactMap(\.loaded)
            #expect(pages.count == 2, "\(messages)")
            #expect(pages.first?.items.count == 5)
            #expect(pages.last?.items.isEmpty == true)
            #expect(pages.last?.end?.text == reason)
            #expect(messages.allSatisfy { $0.failed == nil })
        }
    }

    /// A gzip body cut short is named as such, not shown as garbage (unknown encodings:
    /// `CompressionTests`).
    @Test func aBrokenCompressedAnswerIsNamed() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/gzip", options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed, "\(messages)")
            let host = server.base.replacingOccurrences(of: "http://", with: "")
            #expect(failure.message == "page 1 from \(host) could not be decompressed: its compressed data ends too early")
            #expect(server.log.count("/gzip") == 1)
        }
    }

    /// One invalid byte used to reject the whole page. Now the page loads, the bad bytes are
    /// U+FFFD (shown escaped in the row), and the stored JSON is valid UTF-8 JSON.
    @Test func invalidUTF8InAStringIsReplacedNotFatal() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/invalid-utf8", options: .faults(clock: TestClock()))
            let item = try #require(messages.last?.loaded?.items.first, "\(messages)")
            #expect(item.text == #"caf\u{FFFD}\u{FFFD}"#)
            #expect(try JSONParser.parse(Array(item.json.utf8)) == .object(["title": .string("caf\u{FFFD}\u{FFFD}")]))
        }
    }
}
