import Foundation
import Hummingbird
import HummingbirdCore
import InfinilistCore
import Testing
import TestSupport
@testable import InfinilistLoader

/// Many `-H` headers (issue 32: 20,000 took 26 s of CPU before the first request): up to
/// `HeaderCount.limit` are all sent, each once, the last of a name winning; more are a usage
/// error said before anything is parsed.
@Suite struct ManyHeadersTests {
    /// A server whose items are the request headers it got, `{"h": "name: value"}` each.
    private func withEchoServer<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
        let router = Router()
        router.get("echo") { request, _ in
            let items = request.headers.map { ["h": "\($0.name.rawName.lowercased()): \($0.value)"] }
            let data = try JSONSerialization.data(withJSONObject: items)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: Array(data))))
        }
        // Hummingbird, as a default server, refuses more than 1,000 header lines; this one takes
        // the limit's worth plus infinilist's own (User-Agent, Accept, Accept-Encoding, Host).
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(maxHeaderFieldCount: 2 * HeaderCount.limit)
        return try await withLocalServer(router: router, server: .http1(configuration: .init(httpDecoderConfiguration: decoder)), body)
    }

    @Test func aThousandHeadersAreAllSentOnceTheLastOfANameWinning() async throws {
        try await withEchoServer { port in
            var options = SourceOptions.faults(clock: TestClock(), retries: 0)
            options.headers = (0..<(HeaderCount.limit - 3)).map { "X-H\($0): value \($0)" }
                + ["X-Dup: first", "x-dup: second", "User-Agent: mine"]
            #expect(options.headers.count == HeaderCount.limit)
            let messages = try await loaderMessages(url: "http://127.0.0.1:\(port)/echo", options: options)
            let items = try #require(messages.last?.loaded?.items, "\(messages)")
            let sent = items.compactMap { item in
                (try? JSONSerialization.jsonObject(with: Data(item.json.utf8)) as? [String: String])?["h"]
            }
            let numbered = sent.filter { $0.hasPrefix("x-h") }
            #expect(numbered == (0..<(HeaderCount.limit - 3)).map { "x-h\($0): value \($0)" })
            #expect(sent.filter { $0.hasPrefix("x-dup:") } == ["x-dup: second"])
            #expect(sent.filter { $0.hasPrefix("user-agent:") } == ["user-agent: mine"])
            #expect(sent.filter { $0.hasPrefix("accept:") } == ["accept: application/json"])
        }
    }

    @Test func oneMoreThanTheLimitIsAUsageError() {
        var options = SourceOptions()
        options.headers = (0...HeaderCount.limit).map { "X-H\($0): v" }
        #expect {
            _ = try options.httpSettings(url: "http://127.0.0.1:9/items")
        } throws: { error in
            (error as? SourceOptionError)?.message == "1001 headers with -H; at most 1000 can be given (servers refuse far fewer: Apache's default is 100)"
        }
    }

    /// The merge keeps the last header of each name, in the order of those last ones, as
    /// replacing each in turn did.
    @Test func theMergeKeepsTheLastOfEachNameInOrder() {
        let fields = ["A: 1", "b: 2", "a: 3", "C: 4", "B: 5"].compactMap(HeaderField.init(line:))
        #expect(HTTPFetcher.lastOfEachName(fields).map { "\($0.name): \($0.value)" } == ["a: 3", "C: 4", "B: 5"])
    }
}
