import Foundation
import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import Testing

/// A list paged with a request body, against the real test server: the body of every request,
/// the loop guard comparing bodies, the re-fetch of a dropped page, retries of a POST (only where
/// the server cannot have acted on it), redirects of a POST, and what `-v` shows.
@Suite struct PostRequestTests {
    static let cursorBody = #"{"after": "{cursor}", "size": {limit}}"#

    private static func options(body: String? = cursorBody, method: String? = nil, pageSize: Int = 4) -> SourceOptions {
        var options = SourceOptions()
        options.body = body
        options.method = method
        options.pageSize = pageSize
        return options
    }

    /// Dumps `path` with `-v`; the lines written, the notes, and the status.
    private static func dump(_ base: String, _ path: String, _ options: SourceOptions) async throws -> (lines: [String], notes: [String], status: Int32) {
        let source = try HTTPSource(url: base + path, options: options)
        let output = LineCollector()
        let errors = LineCollector()
        let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
        await source.close()
        return (output.lines, errors.lines, status)
    }

    @Test func everyPageIsAPostWithTheCursorInTheBodyAndVerboseShowsTheFirst() async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base, "/post/cursor", Self.options())
            #expect(run.status == 0, "\(run.notes)")
            #expect(run.lines.count == PostRoutes.itemCount)
            #expect(log.bodies == [#"POST {"size":4}"#, #"POST {"after":"c4","size":4}"#, #"POST {"after":"c8","size":4}"#])
            #expect(run.notes.contains("POST body of 10 bytes (its text is not shown: it may hold a secret)"), "\(run.notes)")
            #expect(run.notes.contains { $0.hasPrefix("POST \(base)/post/cursor: HTTP 200 OK, 4 items at items") }, "\(run.notes)")
            #expect(run.notes.last == "end: no cursor (next_cursor is null) (12 items)")
        }
    }

    /// The URL never changes; only the body carries the cursor, so the loop guard must compare
    /// bodies to see the cursor come back.
    @Test func aCursorThatComesBackInTheBodyStopsTheWalk() async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base, "/post/cursor-loop", Self.options())
            #expect(run.status == 0)
            #expect(run.lines.count == 4)
            #expect(log.bodies == [#"POST {"size":4}"#, #"POST {"after":"same","size":4}"#])
            #expect(run.notes.last == "end: cursor repeated an earlier one (4 items)")
        }
    }

    /// A page dropped from memory is fetched again with the same body and the same cursor.
    @Test func theRefetchOfAPageSendsTheSameBody() async throws {
        try await withTestServer { base, log in
            let source = try HTTPSource(url: base + "/post/cursor", options: Self.options())
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            for page in 0...2 {
                await loader.start(PageRequest(id: RequestID(page + 1), page: page))
                _ = await waitForAnswers(inbox, count: page + 1)
            }
            await loader.start(PageRequest(id: RequestID(10), page: 1))
            let messages = await waitForAnswers(inbox, count: 4)
            await loader.shutdown()
            await source.close()
            let again = try #require(messages.last?.loaded)
            #expect(again.items.compactMap(\.text) == ["Item 5", "Item 6", "Item 7", "Item 8"])
            #expect(log.bodies.count == 4)
            #expect(log.bodies.last == #"POST {"after":"c4","size":4}"#)
        }
    }

    @Test(arguments: [408, 429, 503])
    func aPostIsRetriedAfterAStatusThatSaysItWasNotActedOn(status: Int) async throws {
        try await withTestServer { base, log in
            var options = SourceOptions.faults(clock: TestClock())
            options.body = #"{"q": 1}"#
            let messages = try await loaderMessages(url: "\(base)/post/fail-once/\(status)", options: options)
            #expect(messages.last?.loaded?.items.count == 3, "\(messages)")
            #expect(log.bodies == [#"POST {"q":1}"#, #"POST {"q":1}"#])
        }
    }

    @Test(arguments: [500, 502, 504])
    func aPostIsNotRetriedAfterAStatusThatMayComeAfterItWasActedOn(status: Int) async throws {
        try await withTestServer { base, log in
            var options = SourceOptions.faults(clock: TestClock())
            options.body = #"{"q": 1}"#
            let messages = try await loaderMessages(url: "\(base)/post/fail-once/\(status)", options: options)
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("HTTP \(status) "))
            #expect(!failure.message.contains("retr"))
            #expect(log.bodies == [#"POST {"q":1}"#])
        }
    }

    /// The same statuses are retried for a GET: the rule is about the method.
    @Test func aGetIsStillRetriedAfterA500() async throws {
        try await withTestServer { base, log in
            var options = SourceOptions.faults(clock: TestClock())
            options.method = "GET"
            options.body = nil
            let messages = try await loaderMessages(url: "\(base)/flaky?page={page}", options: options, pages: 2)
            #expect(messages.last?.loaded?.items.isEmpty == false, "\(messages)")
            #expect(log.count { $0 == "/flaky?page=2" } == 2)
        }
    }

    /// A connection closed before any answer: the server cannot have acted, so a POST is sent
    /// again. Closed in the middle of an answer: it may have, so it is not.
    @Test func aPostIsRetriedOnlyWhenTheConnectionFailedBeforeAnyAnswer() async throws {
        let options = {
            var options = SourceOptions.faults(clock: TestClock(), retries: 2)
            options.body = #"{"q": 1}"#
            return options
        }()
        let before = try await withRawServer(.closeBeforeAnswer) { port in
            try await loaderMessages(url: "http://127.0.0.1:\(port)/search", options: options)
        }
        let early = try #require(before.last?.failed)
        #expect(early.message.hasSuffix("(gave up after 2 retries)"), "\(early.message)")
        let during = try await withRawServer(.closeMidAnswer) { port in
            try await loaderMessages(url: "http://127.0.0.1:\(port)/search", options: options)
        }
        let late = try #require(during.last?.failed)
        #expect(late.message.contains("in the middle of its answer"), "\(late.message)")
        #expect(!late.message.contains("retr"), "\(late.message)")
    }

    /// 307 and 308 repeat the POST with its body; 301, 302 and 303 become a GET without one.
    @Test(arguments: [(307, true), (308, true), (301, false), (302, false), (303, false)])
    func aRedirectedPostKeepsItsBodyOnlyFor307And308(status: Int, keeps: Bool) async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base, "/post/redirect/\(status)", Self.options(body: #"{"q": "x"}"#))
            #expect(run.status == 0, "\(run.notes)")
            let echo = try #require(run.lines.first.flatMap { try? JSONParser.parse($0) })
            #expect(echo.objectValue?["method"]?.stringValue == (keeps ? "POST" : "GET"))
            #expect(echo.objectValue?["body"]?.stringValue == (keeps ? #"{"q":"x"}"# : ""))
            #expect(echo.objectValue?["contentType"]?.stringValue == (keeps ? "application/json" : "none"))
            #expect(run.notes.contains { $0.hasPrefix("\(keeps ? "POST" : "GET") \(base)/post/echo: HTTP 200 OK") }, "\(run.notes)")
            #expect(log.bodies == (keeps ? [#"POST {"q":"x"}"#, #"POST {"q":"x"}"#] : [#"POST {"q":"x"}"#]))
        }
    }

    /// A body that is not JSON is form data, filled like a query: the pair whose placeholder has
    /// no value yet is left out, and values are percent-encoded.
    @Test func aFormBodyIsSentAsFormData() async throws {
        try await withTestServer { base, _ in
            let run = try await Self.dump(base, "/post/echo", Self.options(body: "q=swift ui&after={cursor}&n={limit}"))
            let echo = try #require(run.lines.first.flatMap { try? JSONParser.parse($0) })
            #expect(echo.objectValue?["body"]?.stringValue == "q=swift ui&n=4")
            #expect(echo.objectValue?["contentType"]?.stringValue == "application/x-www-form-urlencoded")
        }
    }

    /// `-X` without a body sends that method with none; `-H Content-Type` wins over the default.
    @Test func theMethodAndContentTypeAreTheUsersWhenGiven() async throws {
        try await withTestServer { base, _ in
            let plain = try await Self.dump(base, "/post/echo", Self.options(body: nil, method: "POST"))
            let first = try #require(plain.lines.first.flatMap { try? JSONParser.parse($0) })
            #expect(first.objectValue?["method"]?.stringValue == "POST")
            #expect(first.objectValue?["body"]?.stringValue == "")
            var options = Self.options(body: #"{"a": 1}"#)
            options.headers = ["content-type: application/vnd.api+json"]
            let typed = try await Self.dump(base, "/post/echo", options)
            let second = try #require(typed.lines.first.flatMap { try? JSONParser.parse($0) })
            #expect(second.objectValue?["contentType"]?.stringValue == "application/vnd.api+json")
            #expect(second.objectValue?["body"]?.stringValue == #"{"a":1}"#)
        }
    }
}
