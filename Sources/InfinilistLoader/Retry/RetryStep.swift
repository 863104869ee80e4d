import InfinilistCore

/// The retry policy's decision after one attempt: hand the response on, wait and try again, or
/// give up with a message. Kept apart from the waiting and the network so every rule (which
/// statuses are transient, what counts as a rate limit, when a server's wait is too long) is a
/// pure function with its own tests.
enum RetryStep: Sendable, Equatable {
    /// Hand the response on: a success, or a status that retrying cannot fix (the caller turns a
    /// 4xx into its error message).
    case accept
    /// Wait `after` seconds, then send the same request again. `reason` is shown in the footer.
    case retry(after: Double, reason: String)
    /// Stop: the failure goes to the user (footer row and `r`, or `--dump`'s exit status).
    case giveUp(PageLoadError)
}

extension RetryPolicy {
    /// Statuses worth retrying besides rate limits (RFC 9110: the request may succeed later).
    static let transientStatuses: Set<Int> = [408, 500, 502, 503, 504]
    /// The statuses a request that is not idempotent (a POST) is sent again after: the server
    /// says it did not act on it (408 Request Timeout, 503 Service Unavailable), like a rate limit
    /// (429). A 500, 502 or 504 may come after the server acted, so the POST is not repeated.
    static let notActedOnStatuses: Set<Int> = [408, 503]

    /// Decides what follows an attempt, given how many retries were already made.
    /// - Parameter now: the wall clock, seconds since 1970, for HTTP dates and Unix reset times.
    /// - Parameter idempotent: whether the method may be repeated (`RequestMethod.isIdempotent`);
    ///   a POST is retried only after a connection failure before any answer, 408, 429 (and the
    ///   other rate-limit answers) and 503.
    func step(after outcome: Result<HTTPBody, PageLoadError>, retriesDone: Int, now: Double, idempotent: Bool = true) -> RetryStep {
        switch outcome {
        case .failure(let error):
            guard error.isTransient, idempotent || error.beforeAnswer else { return .giveUp(error) }
            guard retriesDone < retries else { return .giveUp(gaveUp(error)) }
            return .retry(after: backoff(retry: retriesDone + 1), reason: "\(error.message) (retry \(retriesDone + 1) of \(retries))")
        case .success(let body):
            return step(after: body, retriesDone: retriesDone, now: now, idempotent: idempotent)
        }
    }

    private func step(after body: HTTPBody, retriesDone: Int, now: Double, idempotent: Bool) -> RetryStep {
        if body.isSuccess { return .accept }
        let status = body.status
        let limit = RateLimit(headers: body.headers, now: now)
        let retryAfter = body.headers.first(named: "retry-after").flatMap { RetryAfter.seconds($0, now: now) }
        // GitHub: 403 with x-ratelimit-remaining: 0 (primary limit) or with Retry-After (secondary).
        let rateLimited = status == 429 || (status == 403 && (limit?.isExhausted == true || retryAfter != nil))
        let transient = idempotent ? Self.transientStatuses : Self.notActedOnStatuses
        guard rateLimited || transient.contains(status) else { return .accept }

        let host = WebOrigin(body.url)?.displayHost ?? "the server"
        // A reset already past (clock skew) still waits a second rather than hammering the server.
        let resetWait = rateLimited && limit?.isExhausted == true ? limit?.resetIn.map { max(1, $0) } : nil
        let serverWait = retryAfter ?? resetWait
        let statusError = HTTPSource.statusError(body)
        if let serverWait, serverWait > maxWait {
            let message = "\(statusError.message) (rate limited by \(host), which asks to wait \(WaitText.duration(serverWait)); "
                + "more than \(WaitText.duration(maxWait)), so not waiting)"
            return .giveUp(PageLoadError(statusError.kind, message))
        }
        guard retriesDone < retries else { return .giveUp(gaveUp(statusError)) }
        let reason = rateLimited
            ? "rate limited by \(host)"
            : "HTTP \(body.statusLine) from \(host) (retry \(retriesDone + 1) of \(retries))"
        return .retry(after: serverWait ?? backoff(retry: retriesDone + 1), reason: reason)
    }

    /// The last failure, saying that it was retried.
    private func gaveUp(_ error: PageLoadError) -> PageLoadError {
        guard retries > 0 else { return error }
        return PageLoadError(error.kind, "\(error.message) (gave up after \(Counted.text(retries, "retry", plural: "retries")))")
    }
}
