import InfinilistCore

/// `HTTPFetcher` with retries, backoff, rate limits and pacing: the one place where infinilist
/// decides to wait. Each wait is reported as a countdown (through `WaitReporting`, so the footer
/// row shows "rate limited by api.github.com — retrying in 42 s") and is cancellable: quitting or
/// superseding the request ends it at once.
///
/// What it returns or throws is what a single `HTTPFetcher.send` would have, except that transient
/// failures were retried first and the final message says how often.
struct RetryingFetcher: Sendable {
    let fetcher: HTTPFetcher
    let policy: RetryPolicy
    let clock: any RetryClock
    let pacer: RateLimitPacer

    init(fetcher: HTTPFetcher, policy: RetryPolicy, clock: any RetryClock) {
        self.fetcher = fetcher
        self.policy = policy
        self.clock = clock
        self.pacer = RateLimitPacer(maxWait: policy.maxWait)
    }

    func send(_ request: SourceRequest, to url: RequestURL, label: String) async throws -> HTTPBody {
        let host = url.origin.displayHost
        let idempotent = RequestMethod.isIdempotent(request.method)
        var retriesDone = 0
        while true {
            if let pause = pacer.pause(before: host, now: clock.now()) {
                try await wait(pause.seconds, reason: pause.reason, isRetry: false)
            }
            pacer.sent(to: host, now: clock.now())
            let outcome: Result<HTTPBody, PageLoadError>
            do {
                outcome = .success(try await fetcher.send(request, to: url, label: label))
            } catch let error as PageLoadError {
                outcome = .failure(error)
            }
            if case .success(let body) = outcome, let limit = RateLimit(headers: body.headers, now: clock.now()) {
                pacer.record(limit, host: host, now: clock.now())
            }
            switch policy.step(after: outcome, retriesDone: retriesDone, now: clock.now(), idempotent: idempotent) {
            case .accept:
                return try outcome.get()
            case .giveUp(let error):
                throw error
            case .retry(let seconds, let reason):
                retriesDone += 1
                try await wait(seconds, reason: reason, isRetry: true)
            }
        }
    }

    /// Sleeps `seconds`, reporting the time left when it starts and at each whole second after
    /// (`2.4 s`, `2 s`, `1 s`): what is shown is always what is still to be waited.
    private func wait(_ seconds: Double, reason: String, isRetry: Bool) async throws {
        var left = (seconds * 1000).rounded(.up) / 1000
        var first = true
        while left > 0.0005 {
            try Task.checkCancellation()
            await WaitReporting.report(FetchWait(seconds: WaitSeconds(left), reason: reason, isRetry: isRetry, isFirst: first))
            first = false
            // Down to the whole second below (2.4 → 2, 2 → 1, 0.4 → 0), where the shown time changes.
            let step = max(0.001, left - (left - 0.0005).rounded(.down))
            try await clock.sleep(for: .milliseconds(Int64((step * 1000).rounded())))
            left = max(0, left - step)
        }
    }
}
