import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Rate limits against the real test server: the wait a server asks for is honoured, counted down
/// in the footer, and refused when it is too long; a quota running low slows requests down.
@Suite struct RateLimitTests {
    @Test(arguments: [
        ("retry-after-seconds", 3.0, [3, 2, 1] as [WaitSeconds]),
        // The countdown says the time actually left: 1.5 s, then 1 s (not "2 s" for 1.5 s).
        ("retry-after-decimal", 1.5, [1.5, 1]),
        ("retry-after-date", 7.0, [7, 6, 5, 4, 3, 2, 1]),
        ("github", 42.0, (1...42).reversed().map { WaitSeconds(Double($0)) }),
        ("reddit", 42.0, (1...42).reversed().map { WaitSeconds(Double($0)) }),
    ])
    func theServersWaitIsCountedDownThenThePageArrives(style: String, wait: Double, countdown: [WaitSeconds]) async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/rate-limited/\(style)?page={page}", options: .faults(clock: clock))
            #expect(messages.last?.loaded?.items.count == 5)
            #expect(abs(clock.slept - wait) < 0.01, "slept \(clock.slept)")
            let waits = messages.compactMap(\.waiting)
            #expect(waits.map(\.seconds) == countdown)
            #expect(waits.allSatisfy { $0.reason == "rate limited by \(server.base.dropFirst(7))" || $0.reason.hasPrefix("HTTP 503") })
            #expect(server.log.count("/rate-limited/\(style)?page=1") == 2)
        }
    }

    @Test func aResetTooFarAwayFailsAtOnceSayingHowLong() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/rate-limited/github-hour?page={page}", options: .faults(clock: clock))
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("HTTP 403 Forbidden from 127.0.0.1:"))
            #expect(failure.message.hasSuffix(": API rate limit exceeded (rate limited by \(server.base.dropFirst(7)), which asks to wait 1 h; more than 5 min, so not waiting)"))
            #expect(clock.sleeps.all.isEmpty)
            #expect(messages.count == 1)
        }
    }

    @Test func aForbiddenThatIsNotARateLimitIsFinal() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/rate-limited/forbidden?page={page}", options: .faults(clock: clock))
            #expect(messages.last?.failed?.message.hasSuffix(": Resource not accessible by integration") == true)
            #expect(server.log.count("/rate-limited/forbidden?page=1") == 1)
            #expect(clock.sleeps.all.isEmpty)
        }
    }

    /// 3 of 100 requests left, 40 s to the reset: the next request waits 40 s / (3 + 1).
    @Test func aLowQuotaSlowsTheNextRequestsDown() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/quota-low?page={page}", options: .faults(clock: clock), pages: 2)
            #expect(messages.compactMap(\.loaded).count == 2)
            let waits = messages.compactMap(\.waiting)
            let first = try #require(waits.first)
            #expect(!first.isRetry)
            #expect(first.reason.hasPrefix("slowing down: 3 requests left at 127.0.0.1:"))
            #expect(first.reason.hasSuffix("until its limit resets in 40 s"))
            #expect(abs(clock.slept - 10) < 0.01, "slept \(clock.slept)")
        }
    }

    /// Numbers beyond any integer in the rate-limit headers are clamped, never trapped on (they
    /// crashed the pacer with SIGILL, losing page 1 of a dump).
    @Test(arguments: ["x-ratelimit", "structured"]) func hugeRateLimitNumbersAreClampedAndTheListGoesOn(style: String) async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/quota-huge?style=\(style)&page={page}", options: .faults(clock: clock), pages: 3)
            #expect(messages.compactMap(\.loaded).count == 3)
            #expect(messages.compactMap(\.failed).isEmpty)
        }
    }
}

/// The parts of rate limiting that need no server: header formats and the decisions.
@Suite struct RateLimitParsingTests {
    let now = FaultRoutes.clockStart

    @Test(arguments: [
        ("120", 120.0), ("0", 0.0), ("1.5", 1.5), (" 7 ", 7.0),
        ("Tue, 14 Nov 2023 22:13:27 GMT", 7.0),          // IMF-fixdate
        ("Tuesday, 14-Nov-23 22:13:27 GMT", 7.0),        // RFC 850
        ("Tue Nov 14 22:13:27 2023", 7.0),               // asctime
        ("Tue, 14 Nov 2023 22:00:00 GMT", 0.0),          // in the past: now
    ])
    func retryAfterIsSecondsDecimalsOrADate(value: String, seconds: Double) {
        #expect(RetryAfter.seconds(value, now: now) == seconds)
    }

    @Test(arguments: ["", "-5", "soon", "1e3", ".5", "5.", "Tue, 32 Nov 2023 22:13:27 GMT", "Tue, 14 Nov 2023 25:13:27 GMT", "0x10", "٣"])
    func aRetryAfterThatIsNotUnderstoodIsIgnored(value: String) {
        #expect(RetryAfter.seconds(value, now: now) == nil)
    }

    @Test func httpDatesAreExact() {
        #expect(HTTPDate.secondsSince1970("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.secondsSince1970("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.secondsSince1970("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.secondsSince1970("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.secondsSince1970("Thu, 29 Feb 2024 12:00:00 GMT") == 1_709_208_000)
        #expect(HTTPDate.secondsSince1970("Thu, 29 Feb 2023 12:00:00 GMT") == nil)
    }

    @Test func githubResetIsAUnixTimeAndRedditsIsSeconds() throws {
        let github = try #require(RateLimit(headers: [
            HeaderField(name: "X-RateLimit-Limit", value: "60"),
            HeaderField(name: "X-RateLimit-Remaining", value: "0"),
            HeaderField(name: "X-RateLimit-Reset", value: "1700000042"),
        ], now: now))
        #expect(github == RateLimit(limit: 60, remaining: 0, resetIn: 42))
        #expect(github.isExhausted)
        let reddit = try #require(RateLimit(headers: [
            HeaderField(name: "x-ratelimit-remaining", value: "0.0"),
            HeaderField(name: "x-ratelimit-reset", value: "42"),
        ], now: now))
        #expect(reddit.resetIn == 42)
        #expect(reddit.isExhausted)
        let milliseconds = try #require(RateLimit(headers: [HeaderField(name: "RateLimit-Reset", value: "1700000042000")], now: now))
        #expect(milliseconds.resetIn == 42)
        let structured = try #require(RateLimit(headers: [HeaderField(name: "RateLimit", value: "limit=100, remaining=5, reset=30")], now: now))
        #expect(structured == RateLimit(limit: 100, remaining: 5, resetIn: 30))
        let draft = try #require(RateLimit(headers: [HeaderField(name: "RateLimit", value: #""default";r=0;t=12"#)], now: now))
        #expect(draft.remaining == 0 && draft.resetIn == 12)
        #expect(RateLimit(headers: [HeaderField(name: "Content-Type", value: "application/json")], now: now) == nil)
    }

    @Test func numbersBeyondTwoToThe53AreClamped() throws {
        let huge = try #require(RateLimit(headers: [
            HeaderField(name: "X-RateLimit-Limit", value: "1000000000000000000000"),
            HeaderField(name: "X-RateLimit-Remaining", value: "10000000000000000000"),
            HeaderField(name: "X-RateLimit-Reset", value: "10000000000000000000000"),
        ], now: now))
        #expect(huge.limit == RateLimit.largestNumber && huge.remaining == RateLimit.largestNumber)
        #expect(try #require(huge.resetIn) < RateLimit.largestNumber)
        // The pacer converts what it is given to a count of requests: it must not trap either.
        let pacer = RateLimitPacer()
        pacer.record(RateLimit(limit: 1e22, remaining: 1e19, resetIn: 1e21), host: "h", now: now)
        pacer.sent(to: "h", now: now)
        #expect(pacer.pause(before: "h", now: now + 1)?.reason.contains("requests left") ?? true)
    }

    private func body(_ status: Int, _ headers: [(String, String)] = []) -> Result<HTTPBody, PageLoadError> {
        .success(HTTPBody(
            url: "https://api.github.com/repos/a/b/issues",
            status: status,
            reason: "",
            headers: headers.map { HeaderField(name: $0.0, value: $0.1) },
            bytes: Array(#"{"message": "slow down"}"#.utf8)
        ))
    }

    @Test func decisions() {
        var policy = RetryPolicy(retries: 2)
        policy.random = { $0.upperBound }
        #expect(policy.step(after: body(200), retriesDone: 0, now: now) == .accept)
        #expect(policy.step(after: body(404), retriesDone: 0, now: now) == .accept)   // the caller reports it
        #expect(policy.step(after: body(503, [("Retry-After", "7")]), retriesDone: 0, now: now)
            == .retry(after: 7, reason: "HTTP 503 from api.github.com (retry 1 of 2)"))
        // GitHub's secondary rate limit: 403 with Retry-After.
        #expect(policy.step(after: body(403, [("Retry-After", "60")]), retriesDone: 1, now: now)
            == .retry(after: 60, reason: "rate limited by api.github.com"))
        // A reset already in the past (clock skew) still waits a second.
        #expect(policy.step(after: body(403, [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1699999000")]), retriesDone: 0, now: now)
            == .retry(after: 1, reason: "rate limited by api.github.com"))
        #expect(policy.step(after: body(502), retriesDone: 2, now: now)
            == .giveUp(PageLoadError(.httpStatus(502), "HTTP 502 from api.github.com: slow down (gave up after 2 retries)")))
        #expect(policy.step(after: .failure(PageLoadError(.notJSON, "page 1 is not JSON")), retriesDone: 0, now: now)
            == .giveUp(PageLoadError(.notJSON, "page 1 is not JSON")))
        #expect(policy.step(after: .failure(PageLoadError(.timeout, "no complete answer")), retriesDone: 0, now: now)
            == .retry(after: 0.5, reason: "no complete answer (retry 1 of 2)"))
    }

    /// Each wait is between half its doubling cap and the cap: never shorter than the wait
    /// before could have been (full jitter waited 0 s at worst, whatever the retry).
    @Test func backoffIsEqualJitterUnderADoublingCap() {
        var policy = RetryPolicy(retries: 10)
        policy.random = { $0.upperBound }
        #expect((1...8).map(policy.backoff(retry:)) == [0.5, 1, 2, 4, 8, 16, 30, 30])
        policy.random = { $0.lowerBound }
        #expect((1...8).map(policy.backoff(retry:)) == [0.25, 0.5, 1, 2, 4, 8, 15, 15])
        policy.random = { _ in 1e9 }   // a broken generator cannot leave the range
        #expect(policy.backoff(retry: 1) == 0.5)
        policy.random = { _ in -1 }
        #expect(policy.backoff(retry: 1) == 0.25)
    }

    @Test func waitsReadAsPeopleSayThem() {
        #expect(WaitText.duration(0.2) == "1 s")
        #expect(WaitText.duration(42) == "42 s")
        #expect(WaitText.duration(300) == "5 min")
        #expect(WaitText.duration(3600) == "1 h")
        #expect(WaitText.duration(3540) == "59 min")
        #expect(WaitText.duration(3700) == "1 h 2 min")
        #expect(WaitText.duration(.infinity) == "a very long time")
        #expect(WaitText.duration(12 * 86_400) == "12 days")
        // A server's 10^20 s is not shown as 11,574,074 days (issue 32's hostile pass).
        #expect(WaitText.duration(1e20) == "over a year (a figure out of range)")
    }
}
