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
            switch policy.step(after: outcome, retriesDone: retriesDone, now: clock.now()) {
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

    /// Sleeps `seconds`, reporting the whole seconds left each time that number changes.
    private func wait(_ seconds: Double, reason: String, isRetry: Bool) async throws {
        var left = seconds
        var first = true
        while left > 0.001 {
            try Task.checkCancellation()
            let shown = Int(left.rounded(.up))
            await WaitReporting.report(FetchWait(seconds: shown, reason: reason, isRetry: isRetry, isFirst: first))
            first = false
            // Until the number shown drops by one.
            let step = min(left, max(0.001, left - Double(shown - 1)))
            try await clock.sleep(for: .milliseconds(Int64((step * 1000).rounded(.up))))
            left -= step
        }
    }
}
