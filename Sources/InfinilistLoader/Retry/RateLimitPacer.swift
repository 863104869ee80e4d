import InfinilistCore
import Synchronization

/// Slows requests down before an API's quota runs out, instead of running into the wall.
///
/// Every response's rate-limit headers are recorded per host. While the quota is comfortable
/// nothing changes. Once `remaining` falls below a tenth of the limit (at least 5), the requests
/// left are spread evenly over the time until the reset: the next request waits until
/// `last request + time to reset / (remaining + 1)`, at most `maxPause`. With the quota used up,
/// the next request waits for the reset itself (up to the policy's `maxWait`) rather than being
/// sent to fail. A user scrolling slowly never notices; a fast one sees "next request in N s".
final class RateLimitPacer: Sendable {
    /// What a host's last answer said about its quota.
    private struct Quota {
        var limit: Double?
        var remaining: Double
        /// Seconds since 1970 when the quota is refilled.
        var resetAt: Double
    }

    /// Everything known about one host: its quota (once an answer reported one) and when the
    /// last request to it went out, which the spacing is measured from.
    private struct HostState {
        var quota: Quota?
        var lastSent: Double?
    }

    private let hosts = Mutex<[String: HostState]>([:])
    /// The longest pause between two paced requests, in seconds.
    let maxPause: Double
    /// The longest wait for an exhausted quota to be refilled.
    let maxWait: Double

    init(maxPause: Double = 60, maxWait: Double = 300) {
        self.maxPause = maxPause
        self.maxWait = maxWait
    }

    /// Remembers what a response from `host` said about the quota.
    func record(_ limit: RateLimit, host: String, now: Double) {
        guard let remaining = limit.remaining, let resetIn = limit.resetIn else { return }
        hosts.withLock { hosts in
            hosts[host, default: HostState()].quota = Quota(limit: limit.limit, remaining: remaining, resetAt: now + resetIn)
        }
    }

    /// Notes that a request to `host` goes out now.
    func sent(to host: String, now: Double) {
        hosts.withLock { hosts in
            hosts[host, default: HostState()].lastSent = now
            if let remaining = hosts[host]?.quota?.remaining, remaining >= 1 {
                hosts[host]?.quota?.remaining = remaining - 1
            }
        }
    }

    /// How long to hold the next request to `host` back, and why; nil to send it now.
    func pause(before host: String, now: Double) -> (seconds: Double, reason: String)? {
        hosts.withLock { hosts -> (seconds: Double, reason: String)? in
            guard let quota = hosts[host]?.quota else { return nil }
            let resetIn = quota.resetAt - now
            guard resetIn > 0 else {
                hosts[host]?.quota = nil   // the quota has been refilled: forget the old numbers
                return nil
            }
            if quota.remaining < 1 {
                guard resetIn <= maxWait else { return nil }   // send it: the server's answer says how long
                return (resetIn, "rate limit of \(host) used up (resets in \(WaitText.duration(resetIn)))")
            }
            let threshold = max(5, (quota.limit ?? 0) / 10)
            guard quota.remaining < threshold else { return nil }
            let interval = resetIn / (quota.remaining + 1)
            let pause = min(maxPause, (hosts[host]?.lastSent ?? -.infinity) + interval - now)
            guard pause >= 0.05 else { return nil }
            let left = Int(min(quota.remaining, RateLimit.largestNumber))
            return (pause, "slowing down: \(Counted.text(left, "request")) left at \(host) until its limit resets in \(WaitText.duration(resetIn))")
        }
    }
}
