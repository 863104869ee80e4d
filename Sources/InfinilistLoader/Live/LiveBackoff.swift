/// When a live stream is connected again after it dropped (or the server closed it): after
/// `base` seconds (or the server's `retry:`), doubled for each attempt in a row that brought
/// nothing, up to `maxDelay`; after `maxEmptyAttempts` such attempts in a row it stops, so a
/// server that closes every connection at once costs a few requests, never a busy loop. Any
/// attempt that brings something starts the count again.
struct LiveBackoff: Sendable, Equatable {
    /// Seconds before the first attempt after a drop, when the server says nothing (`retry:`).
    var base = 1.0
    /// The longest wait between attempts (a server's `retry:` may ask for longer).
    var maxDelay = 30.0
    /// Attempts in a row without anything received before reconnecting is given up.
    var maxEmptyAttempts = 10
    /// Even a server asking for `retry: 0` waits this long the first time, doubling after.
    static let floor = 0.1
    /// The longest `retry:` a server may ask for, as for `Retry-After`: five minutes.
    static let longestServerRetry = 300.0

    /// Attempts in a row that brought nothing, so far.
    private(set) var emptyAttempts = 0

    /// The connection brought something: the next drop waits `base` again.
    mutating func delivered() {
        emptyAttempts = 0
    }

    /// The wait before the next attempt, counting it; nil when reconnecting is given up.
    /// - Parameter serverRetry: the server's reconnection time (`retry:`), in seconds.
    mutating func nextDelay(serverRetry: Double?) -> Double? {
        guard emptyAttempts < maxEmptyAttempts else { return nil }
        emptyAttempts += 1
        let first = min(Self.longestServerRetry, max(Self.floor, serverRetry ?? base))
        var delay = first
        for _ in 1..<emptyAttempts {
            delay *= 2
            if delay >= maxDelay { break }
        }
        return min(delay, max(maxDelay, first))
    }
}
