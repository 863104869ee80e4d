/// A time limit over a whole operation. AsyncHTTPClient's own deadline ends when the response
/// head arrives, and its read timeout only notices a connection that goes completely quiet, so a
/// server that answers the head and then drips the body a byte at a time would hold a request
/// forever. Racing the whole exchange (redirects, head and body) against a timer abandons it:
/// the exchange's task is cancelled, which closes the connection.
enum Deadline {
    /// The operation's result, or `timeoutError` once `limit` has passed. Cancelling the calling
    /// task cancels both.
    static func run<T: Sendable>(
        within limit: Duration,
        orThrow timeoutError: PageLoadError,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw timeoutError
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
