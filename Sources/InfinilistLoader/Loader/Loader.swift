import InfinilistCore

/// Fetches pages for the core in the background and hands each result back as a `Message`.
///
/// The core only speaks of page ordinals (0, 1, 2, ...); the loader knows how each is addressed.
/// It learns the key of page *n + 1* from page *n* and keeps every key, so any page whose key is
/// known can be requested again at any time: a retry after a failure, a refresh of page 0, or a
/// re-fetch of a page dropped from memory. At most one request per page is in flight. Every request
/// is answered exactly once, by `.pageLoaded` or `.pageFailed`, unless it is cancelled, in which
/// case it is answered never; while the source holds a request back (rate limit, retry backoff)
/// `.pageWaiting` countdowns come first. The loader never touches the terminal or stdout.
public actor Loader {
    private let source: any PageSource
    private let deliver: @Sendable (Message) -> Void
    private let log: (@Sendable (String) -> Void)?

    /// The key of every page that can be requested: page 0 always, page n + 1 once page n loaded.
    private var keys: [Int: PageKey]
    /// The ordinal of the last page, once a page said the list ends there.
    private var lastPage: Int?
    private var inFlight: [Int: Flight] = [:]
    /// The source's reset for the latest refresh, which every fetch started after it awaits first,
    /// so no page of the new walk is judged by the old walk's memory. `reset()` stays synchronous
    /// (it must cancel at once) and hands the asynchronous part to this task. Nil before any reset.
    private var sourceReset: Task<Void, Never>?

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
        self.keys = [0: source.firstKey()]
        self.sourceName = source.name
    }

    /// Starts fetching `request.page` unless that page is already in flight (then the request is
    /// ignored: the one in flight will answer). A page whose key is not known yet, or past the known
    /// end, is answered at once with a failure. A `restart` request (a refresh) first forgets every
    /// learned key and cancels what is in flight (`reset()`), so page 0 is fetched anew.
    public func start(_ request: PageRequest) {
        if request.restart { reset() }
        let page = request.page
        guard inFlight[page] == nil else { return }
        guard let key = keys[page] else {
            deliver(.pageFailed(PageFailure(request: request, message: unknownKeyMessage(for: page))))
            return
        }
        let source = self.source
        let pendingReset = sourceReset
        // Waits inside the fetch (rate limits, retry backoff) reach the core as countdowns.
        let reporter = WaitReporter { [weak self] wait in
            await self?.waiting(request, wait)
        }
        let task = Task {
            let clock = ContinuousClock()
            let started = clock.now
            let outcome: Result<FetchedPage, any Error>
            await pendingReset?.value
            do {
                outcome = .success(try await WaitReporting.$reporter.withValue(reporter) { try await source.fetch(key) })
            } catch {
                outcome = .failure(error)
            }
            let latency = Self.seconds(clock.now - started)
            await self.finish(request, outcome: outcome, latency: latency)
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

    /// Forgets every learned key but the first page's and cancels what is in flight: the start of
    /// a full refresh, when later pages may be addressed differently (cursors, shifted offsets).
    /// The source forgets its walk too (`PageSource.reset()`), once the cancelled fetches have
    /// stopped (so none of them records into the new walk), and before any later fetch begins.
    public func reset() {
        let cancelled = inFlight.values.map(\.task)
        cancelAll()
        keys = [0: source.firstKey()]
        lastPage = nil
        let source = self.source
        let previous = sourceReset
        sourceReset = Task {
            await previous?.value
            for task in cancelled { await task.value }
            await source.reset()
        }
    }

    /// The key page `page` would be fetched with; nil when it is not known yet.
    public func key(forPage page: Int) -> PageKey? { keys[page] }

    /// Whether a request for this page is running.
    public func isInFlight(page: Int) -> Bool { inFlight[page] != nil }

    /// Passes a fetch's countdown on to the core, unless the request was cancelled meanwhile.
    private func waiting(_ request: PageRequest, _ wait: FetchWait) {
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        if wait.isFirst {
            log?("page \(request.page + 1): \(wait.reason); \(wait.isRetry ? "retrying" : "next request") in \(wait.seconds) s")
        }
        deliver(.pageWaiting(PageWait(request: request, seconds: wait.seconds, reason: wait.reason, isRetry: wait.isRetry)))
    }

    private func finish(_ request: PageRequest, outcome: Result<FetchedPage, any Error>, latency: Double) {
        // A cancelled request has been removed (or replaced by a newer one): it delivers nothing.
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        inFlight[request.page] = nil
        switch outcome {
        case .success(let fetched):
            for note in fetched.notes { log?(note) }
            learn(from: fetched, page: request.page)
            // The end is said only where the loader now believes the list ends, so a re-fetch
            // that says "end" while later pages are known does not end the list for the core.
            let result = PageResult(
                request: request,
                items: fetched.items,
                end: keys[request.page + 1] == nil ? fetched.end : nil,
                total: fetched.total,
                latency: latency
            )
            deliver(.pageLoaded(result))
        case .failure(let error):
            if error is CancellationError { return }
            deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error))))
        }
    }

    /// Keeps the key of the page after `page`. A page whose successor is already known was fetched
    /// again (a re-fetch of rows the screen dropped, or page 0 without a refresh): the keys and the
    /// end learned on the way down stay, since later pages were fetched with them and the core
    /// may still ask for them; only a refresh (`reset()`) replaces them.
    private func learn(from fetched: FetchedPage, page: Int) {
        if keys[page + 1] != nil { return }
        if let next = fetched.next {
            keys[page + 1] = next
            if let last = lastPage, last <= page { lastPage = nil }
        } else {
            keys[page + 1] = nil
            lastPage = page
        }
    }

    private func unknownKeyMessage(for page: Int) -> String {
        if page < 0 { return "there is no page \(page + 1)" }
        if let lastPage, page > lastPage {
            return "page \(page + 1) is past the end of the list (page \(lastPage + 1) was the last)"
        }
        return "page \(page + 1) cannot be requested before page \(page) has loaded"
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
