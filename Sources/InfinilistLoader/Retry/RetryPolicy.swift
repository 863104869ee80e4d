/// How often, and after how long, a failed request is tried again (`--retries N`).
///
/// Waits between attempts grow exponentially with "equal jitter" (a uniform random delay between
/// half of `base × 2^attempt`, capped, and all of it): many clients that failed together do not come back together,
/// which is what a struggling server needs. A server's own instruction (`Retry-After`, a rate-limit
/// reset time) replaces the backoff, up to `maxWait`; a longer wait fails at once with a message
/// saying how long, rather than leaving the user looking at a countdown of an hour.
public struct RetryPolicy: Sendable {
    /// Retries after the first attempt; 0 disables retrying.
    public var retries: Int
    /// The backoff cap of the first retry, in seconds; doubled for each later one.
    public var baseDelay: Double = 0.5
    /// The largest backoff, in seconds.
    public var maxDelay: Double = 30
    /// The longest wait a server may ask for (Retry-After, rate-limit reset) that is waited out.
    public var maxWait: Double = 300
    /// Picks the jittered delay; replaceable so tests can pin it.
    public var random: @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }

    public init(retries: Int = 3) {
        self.retries = retries
    }

    /// The backoff before retry number `retry` (1 for the first): uniform in `cap/2...cap`, where
    /// `cap = min(maxDelay, baseDelay × 2^(retry − 1))` ("equal jitter"). Each wait is at least as
    /// long as the one before could be, so the waits grow as `--help` says ("waiting longer each
    /// time"), and clients that failed together still spread out; full jitter (`0...cap`) could
    /// wait less the third time than the first.
    public func backoff(retry: Int) -> Double {
        let exponent = Double(min(max(0, retry - 1), 30))
        let cap = min(maxDelay, baseDelay * Double.pow2(exponent))
        guard cap > 0 else { return 0 }
        return min(cap, max(cap / 2, random(cap / 2...cap)))
    }
}

extension Double {
    /// 2^exponent for small non-negative whole exponents, without Foundation's `pow`.
    fileprivate static func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        var left = Int(exponent)
        while left > 0 {
            value *= 2
            left -= 1
        }
        return value
    }
}
