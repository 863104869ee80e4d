import InfinilistCore
@testable import InfinilistLoader
import Testing

/// `--timeout` covers the whole exchange: a server that never answers, one that stalls in the
/// middle of a body and one that drips bytes forever are all abandoned and retried; an endless
/// body is cut off at the size cap. (Short real timeouts; the retry waits use the test clock.)
@Suite struct TimeoutTests {
    @Test(arguments: ["hang-once", "stall-once"])
    func aHungAnswerIsAbandonedAndRetried(route: String) async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            // 5 s: the hung first answer costs that long, and the second, prompt one should
            // finish within it; on a machine loaded with three builds at once it once did not,
            // and a retry that times out too is what --timeout means: at least two requests.
            let messages = try await loaderMessages(
                url: "\(server.base)/\(route)?page={page}",
                options: .faults(clock: clock, timeout: .seconds(5))
            )
            #expect(messages.last?.loaded?.items.map(\.text) == (1...5).map { "Item \($0)" })
            #expect(server.log.count("/\(route)?page=1") >= 2)
            let wait = try #require(messages.first?.waiting)
            #expect(wait.reason.hasPrefix("no complete answer from 127.0.0.1:"))
            #expect(wait.reason.hasSuffix("within the --timeout of 5 s (retry 1 of 3)"))
        }
    }

    @Test func aBodyThatDripsForeverTimesOut() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            // 2 s: the body never ends, so any timeout ends it; 0.4 s once ran out on a loaded
            // machine (every test at once on two cores) before the server had logged the request.
            let messages = try await loaderMessages(url: "\(server.base)/drip", options: .faults(clock: clock, retries: 1, timeout: .seconds(2)))
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("no complete answer from 127.0.0.1:"))
            #expect(failure.message.hasSuffix("within the --timeout of 2 s (gave up after 1 retry)"))
            #expect(server.log.count("/drip") >= 1)
        }
    }

    @Test func anEndlessBodyIsCutOffAtTheCapAndNotRetried() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            var options = SourceOptions.faults(clock: clock)
            options.maxPageBytes = 256 * 1024
            let messages = try await loaderMessages(url: "\(server.base)/endless", options: options)
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("page 1 from 127.0.0.1:"))
            #expect(failure.message.hasSuffix("is larger than 256 KiB (--max-page-bytes); stopped reading"))
            #expect(server.log.count("/endless") == 1)
        }
    }
}
