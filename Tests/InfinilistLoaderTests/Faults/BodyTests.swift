import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Bodies that are not the JSON they should be: each is a clear error naming the page, status,
/// content type and first bytes, never a crash; JSON is accepted whatever its Content-Type.
@Suite struct BodyTests {
    @Test func anHTMLPageAfterAGoodOneFailsThatPageAndKeepsTheFirst() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/html-second?page={page}", options: .faults(clock: TestClock()), pages: 3)
            #expect(messages.first?.loaded?.items.count == 5)
            let failure = try #require(messages.last?.failed)
            #expect(failure.request.page == 1)
            #expect(failure.message.hasPrefix("page 2 is not JSON (HTTP 200, text/html; charset=utf-8, "))
            #expect(failure.message.contains("<html><body><h1>502 Bad Gateway</h1>\\x1B]2;pwned\\x07"))
            #expect(failure.message.contains("(unexpected character '<' at byte 0"))
            #expect(!failure.message.contains("\u{1b}"))
            #expect(server.log.count("/html-second?page=2") == 1)   // not retried
        }
    }

    @Test(arguments: [
        ("truncated", "unexpected end of input"),
        ("deep", "nesting deeper than 256 levels"),
    ])
    func brokenJSONIsAClearError(route: String, problem: String) async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/\(route)", options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("page 1 is not JSON (HTTP 200, application/json, "), "\(failure.message)")
            #expect(failure.message.contains(problem), "\(failure.message)")
            #expect(!failure.message.unicodeScalars.contains { $0.value < 0x20 })
        }
    }

    @Test func jsonServedAsHTMLIsAccepted() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/json-as-html?page={page}", options: .faults(clock: TestClock()), pages: 4)
            #expect(messages.compactMap(\.loaded).flatMap(\.items).count == 15)
        }
    }

    @Test func slacksOkFalseIsAnErrorNotAnEmptyPage() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/slack", options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("page 1: 127.0.0.1:"))
            #expect(failure.message.hasSuffix(#" answered HTTP 200 with "ok": false: invalid_auth"#))
            #expect(server.log.count("/slack") == 1)
        }
    }
}
