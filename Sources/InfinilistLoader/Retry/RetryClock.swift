import Foundation

/// Time as the retry logic sees it: the wall clock, to turn `Retry-After: <HTTP date>` and
/// `x-ratelimit-reset: <epoch seconds>` into a wait, and a way to sleep. A protocol so that tests
/// inject a clock that records every wait and returns at once: no test sleeps real seconds to
/// check a backoff or a rate-limit countdown.
public protocol RetryClock: Sendable {
    /// Seconds since 1970-01-01 00:00 UTC.
    func now() -> Double
    /// Sleeps for `duration`; throws `CancellationError` when the task is cancelled meanwhile.
    func sleep(for duration: Duration) async throws
}

/// The real clock: the system's wall clock and `Task.sleep`.
public struct SystemRetryClock: RetryClock {
    public init() {}

    public func now() -> Double { Date().timeIntervalSince1970 }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
