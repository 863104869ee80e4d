import InfinilistCore

/// Fetches pages for the core in the background and hands each result back as a `Message`.
///
/// The core only speaks of page ordinals (0, 1, 2, ...) and says what each request is for
/// (`RequestKind`); the loader owns the walk down the list as one value (`Walk`: the keys learnt,
/// the end, what was seen) and updates it with the source's pure paging function as answers
/// arrive, one at a time on this actor. Any page whose key is known can be requested again at any
/// time: a retry after a failure, a re-fetch of a page dropped from memory, a refresh (`restart`:
/// a new walk). At most one request per page is in flight. Every request is answered exactly once,
/// by `.pageLoaded` or `.pageFailed`, unless it is cancelled, in which case it is answered never
/// (a late answer to a cancelled request is dropped by its id before it can touch the walk);
/// while the source holds a request back (rate limit, retry backoff) `.pageWaiting` countdowns
/// come first. The loader never touches the terminal or stdout.
public actor Loader {
    private let source: any PageSource
    private let deliver: @Sendable (Message) -> Void
    private let log: (@Sendable (String) -> Void)?
    private var walk: Walk
    private var inFlight: [Int: Flight] = [:]

    private struct Flight {
        let request: PageRequest
        let task: Task<Void, Never>
    }

    /// The name of the source, for the status line.
    public nonisolated let sourceName: String

    /// - Parameters:
    ///   - deliver: receives every result; called on the loader's executor, so it must only hand
    ///     the message over (e.g. yield it into an `AsyncStream`), never block.
    ///   - log: receives explanations for `--verbose` (URLs requested, paging decisions); optional.
    public init(
        source: any PageSource,
        deliver: @escaping @Sendable (Message) -> Void,
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.source = source
        self.deliver = deliver
        self.log = log
        self.walk = source.startWalk()
        self.sourceName = source.name
    }

    /// Starts fetching `request.page` unless that page is already in flight (then the request is
    /// ignored: the one in flight will answer). A page whose key is not known yet, or past the known
    /// end, is answered at once with a failure. A `restart` first cancels what is in flight and
    /// starts a new walk, so page 0 is fetched anew and nothing of the old walk judges it.
    public func start(_ request: PageRequest) {
        if request.kind == .restart { restart() }
        let page = request.page
        guard inFlight[page] == nil else { return }
        guard let key = walk.key(for: page) else {
            deliver(.pageFailed(PageFailure(request: request, message: walk.unknownKeyMessage(for: page))))
            return
        }
        let source = self.source
        // Waits inside the fetch (rate limits, retry backoff) reach the core as countdowns.
        let reporter = WaitReporter { [weak self] wait in
            await self?.waiting(request, wait)
        }
        let task = Task {
            let clock = ContinuousClock()
            let started = clock.now
            let outcome: Result<PageResponse, any Error>
            do {
                outcome = .success(try await WaitReporting.$reporter.withValue(reporter) { try await source.fetch(key) })
            } catch {
                outcome = .failure(error)
            }
            let latency = Self.seconds(clock.now - started)
            self.finish(request, key: key, outcome: outcome, latency: latency)
        }
        inFlight[page] = Flight(request: request, task: task)
    }

    /// Cancels the request with this id, if it is in flight; it will deliver nothing.
    public func cancel(_ id: RequestID) {
        guard let (page, flight) = inFlight.first(where: { $0.value.request.id == id }) else { return }
        flight.task.cancel()
        inFlight[page] = nil
    }

    /// Cancels every request in flight; none of them will deliver anything.
    public func cancelAll() {
        for flight in inFlight.values { flight.task.cancel() }
        inFlight.removeAll()
    }

    /// Cancels everything and waits until no fetch is running any more, so the source can be closed.
    public func shutdown() async {
        let tasks = inFlight.values.map(\.task)
        cancelAll()
        for task in tasks { await task.value }
    }

    /// Cancels what is in flight and starts a new walk: the start of a full refresh, when later
    /// pages may be addressed differently (cursors, shifted offsets).
    private func restart() {
        cancelAll()
        walk = source.startWalk()
    }

    /// The key page `page` would be fetched with; nil when it is not known yet.
    public func key(forPage page: Int) -> PageKey? { walk.key(for: page) }

    /// Whether a request for this page is running.
    public func isInFlight(page: Int) -> Bool { inFlight[page] != nil }

    /// Passes a fetch's countdown on to the core, unless the request was cancelled meanwhile.
    private func waiting(_ request: PageRequest, _ wait: FetchWait) {
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        if wait.waitsForInput {
            log?("page \(request.page + 1): \(wait.reason)")
        } else if wait.isFirst {
            log?("page \(request.page + 1): \(wait.reason); \(wait.isRetry ? "retrying" : "next request") in \(wait.seconds) s")
        }
        var shown = PageWait(request: request, seconds: wait.seconds, reason: wait.reason, isRetry: wait.isRetry, waitsForInput: wait.waitsForInput)
        shown.live = wait.live
        deliver(.pageWaiting(shown))
    }

    private func finish(_ request: PageRequest, key: PageKey, outcome: Result<PageResponse, any Error>, latency: Double) {
        // A cancelled request has been removed (or replaced by a newer one): it delivers nothing,
        // and its answer never reaches the walk.
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        inFlight[request.page] = nil
        switch outcome {
        case .success(let response):
            let page = source.page(from: response, key: key, kind: request.kind, walk: &walk)
            for note in response.notes + page.notes { log?(note) }
            if let warning = page.warning { log?("page \(request.page + 1): \(warning)") }
            var result = PageResult(request: request, items: page.items, end: page.end, total: page.total, latency: latency, warning: page.warning)
            result.live = page.live
            deliver(.pageLoaded(result))
        case .failure(let error):
            if error is CancellationError { return }
            deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error))))
        }
    }

    static func message(for error: any Error) -> String {
        if let error = error as? PageLoadError { return error.message }
        return OneLine.clean(String(describing: error))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
