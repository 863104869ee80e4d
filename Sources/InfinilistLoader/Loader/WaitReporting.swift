import InfinilistCore

/// One report of a fetch that is holding its request back: the seconds left and why.
struct FetchWait: Sendable, Equatable {
    /// The time left, as shown (see `WaitSeconds`).
    let seconds: WaitSeconds
    /// `rate limited by api.github.com`, `HTTP 503 … (retry 1 of 3)`.
    let reason: String
    /// False while requests are only being paced (the request was not sent yet).
    let isRetry: Bool
    /// The first report of this wait (the loader logs it once for `--verbose`).
    var isFirst: Bool
    /// The input (a pipe) is open and has nothing more yet: no countdown, the wait lasts until
    /// data comes.
    var waitsForInput = false
    /// The input is a named pipe nothing was written to yet: said even where a quiet pipe is not.
    var waitsForWriter = false
    /// Not a wait: the input is being read past one value too long to keep (`reason` says how far).
    var skips = false
    /// Not a wait: a pass is counting the file's lines (`reason` says how far it has read).
    var passes = false
    /// Set when the request reads a live list (a reconnect countdown, or a quiet stream).
    var live: LiveStatus?
}

/// Lets code deep inside a fetch (the retrying HTTP fetcher) tell the loader that a request is
/// waiting, without threading a callback through `PageSource.fetch` and every pagination style:
/// the loader binds a reporter to each fetch's task, and the fetcher reports to whatever is bound
/// (nothing, for a source used on its own, as in `HTTPSource` tests).
enum WaitReporting {
    /// The reporter is boxed in a class: a task-local holding an optional `async` closure
    /// directly is miscompiled by Swift 6.3.1 with `-O` (the release build crashed in
    /// `withValue`); a task-local of a final class type is not. See docs/decisions.md.
    @TaskLocal static var reporter: WaitReporter?

    static func report(_ wait: FetchWait) async {
        await reporter?.report(wait)
    }
}

/// Where a fetch's waits go: the loader that started it.
final class WaitReporter: Sendable {
    let report: @Sendable (FetchWait) async -> Void

    init(_ report: @escaping @Sendable (FetchWait) async -> Void) {
        self.report = report
    }
}
