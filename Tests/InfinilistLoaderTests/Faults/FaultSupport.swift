import Foundation
import InfinilistCore
@testable import InfinilistLoader

/// A clock for retry waits that never sleeps: it records every wait and moves its own time on by
/// it, so backoffs and rate-limit countdowns are checked without a test waiting real seconds.
final class TestClock: RetryClock {
    private let time = LockedList<Double>()
    let sleeps = LockedList<Double>()

    init(start: Double = FaultRoutes.clockStart) {
        time.append(start)
    }

    func now() -> Double { time.all.reduce(0, +) }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        sleeps.append(value)
        time.append(value)
        await Task.yield()
    }

    /// The total time slept.
    var slept: Double { sleeps.all.reduce(0, +) }
}

extension SourceOptions {
    /// Options for fault tests: the test clock, pinned jitter (always the largest delay allowed),
    /// and a timeout a busy machine meets (20 s: at 5 s, a full run on two cores timed some
    /// exchanges out and retried them); tests of timeouts set their own.
    static func faults(clock: TestClock, retries: Int = 3, timeout: Duration = .seconds(20)) -> SourceOptions {
        var options = SourceOptions()
        options.retryClock = clock
        options.retry.retries = retries
        options.retry.random = { $0.upperBound }
        options.timeout = timeout
        return options
    }
}

/// Fetches pages 0... of `url` through a loader until one fails, the list ends or `pages` were
/// loaded; returns every message the loader delivered, in order (countdowns included).
func loaderMessages(url: String, options: SourceOptions, pages: Int = 1) async throws -> [Message] {
    let source = try HTTPSource(url: url, options: options)
    let inbox = MessageInbox()
    let loader = Loader(source: source, deliver: inbox.deliver)
    for page in 0..<pages {
        await loader.start(PageRequest(id: RequestID(page + 1), page: page))
        let messages = await waitForAnswers(inbox, count: page + 1)
        if messages.last?.failed != nil || messages.last?.loaded?.end != nil { break }
    }
    await loader.shutdown()
    await source.close()
    return inbox.all
}

/// Waits (polling, up to 120 s, as the loader tests' other waits: a machine busy with builds
/// once needed more than 15, and the whole suite beside a hostile helper's tmux sessions more
/// than 45) until `count` requests were answered (loaded or failed); it returns as soon as they
/// are.
func waitForAnswers(_ inbox: MessageInbox, count: Int) async -> [Message] {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
        let all = inbox.all
        if all.filter({ $0.loaded != nil || $0.failed != nil }).count >= count { return all }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return inbox.all
}

extension Message {
    var waiting: PageWait? {
        if case .pageWaiting(let wait) = self { return wait }
        return nil
    }
}
