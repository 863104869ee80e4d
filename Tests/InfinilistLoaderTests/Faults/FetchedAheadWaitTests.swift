import InfinilistCore
@testable import InfinilistLoader
import Synchronization
import Testing

/// A retry clock whose waits last until the test opens its gate: a countdown is then under way
/// for as long as the test needs, on a machine of any speed.
private final class GatedClock: RetryClock {
    private let state = Mutex<(sleepers: Int, open: Bool, waiting: [CheckedContinuation<Void, Never>])>((0, false, []))

    func now() -> Double { 0 }

    func sleep(for duration: Duration) async throws {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                state.sleepers += 1
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
    }

    var sleepers: Int { state.withLock { $0.sleepers } }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A page fetched ahead that must retry: its countdown began before the core asked for the page,
/// and is told to the request that adopts the fetch (a fresh-clone run of `make test` once saw
/// `--dump` say nothing about retrying page 2 when its request came a moment after the 503).
@Suite struct FetchedAheadWaitTests {
    @Test func aRetryThatBeganBeforeThePageWasAskedForIsSaidToItsRequest() async throws {
        try await withFaultServer { server in
            let clock = GatedClock()
            var options = SourceOptions()
            options.retryClock = clock
            options.retry.retries = 1
            let source = try HTTPSource(url: server.base + "/second-fails-once?page={page}", options: options)
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver, readAhead: ReadAhead(depth: 1))
            await loader.start(PageRequest(id: RequestID(1), page: 0))
            _ = await waitForAnswers(inbox, count: 1)
            // Page 2 is fetched ahead, answered 503, and its retry waits on the gate.
            let deadline = ContinuousClock.now + .seconds(45)
            while clock.sleepers == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(clock.sleepers == 1)
            await loader.start(PageRequest(id: RequestID(2), page: 1))
            let told = inbox.all.compactMap(\.waiting).filter { $0.request.id == RequestID(2) }
            #expect(told.count == 1)
            #expect(told.first?.isRetry == true)
            #expect(told.first?.reason.contains("HTTP 503") == true, "\(told)")
            clock.open()
            let messages = await waitForAnswers(inbox, count: 2)
            #expect(messages.last?.loaded?.request.id == RequestID(2))
            await loader.shutdown()
            await source.close()
        }
    }
}
