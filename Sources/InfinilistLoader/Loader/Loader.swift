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
///
/// Polls of a live list (`.poll`, with a `PollAddress`) read a walk of their own per round, from
/// page 0 anew, at its tail: later pages of a round follow what that round's pages said (the
/// keys of the list's walk are stale once new items arrived at the top). The rounds' walks are
/// kept so that a gap row can go on with its round; a round that read only its first page needs
/// nothing kept (page 0's key is the walk's first) and is forgotten when the next starts. A page
/// of new items dropped from memory is read again from the top (`.refetch` with a `reach`): the
/// list's first pages, in a fresh walk, as far as its rows reach, handed on as one page.
public actor Loader {
    private let source: any PageSource
    private let deliver: @Sendable (Message) -> Void
    private let log: (@Sendable (String) -> Void)?
    private var walk: Walk
    private var inFlight: [Int: Flight] = [:]
    /// The polls' walks, by round.
    private var rounds: [Int: Walk] = [:]

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
        if request.kind == .refetch, let reach = request.reach {
            startTopRead(request, reach: reach)
            return
        }
        guard let key = key(for: request) else {
            deliver(.pageFailed(PageFailure(request: request, message: unknownKeyMessage(for: request))))
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

    /// Reads the list from its first page, in a walk of its own, until `reach` items and a page
    /// more are read (or the list ends, or 50 pages), for new items dropped from memory: they
    /// are somewhere near the top, further down than when a poll found them.
    private func startTopRead(_ request: PageRequest, reach: Int) {
        let source = self.source
        let start = freshWalk()
        let reporter = WaitReporter { [weak self] wait in
            await self?.waiting(request, wait)
        }
        let task = Task {
            let clock = ContinuousClock()
            let started = clock.now
            let outcome: Result<FetchedPage, any Error>
            do {
                outcome = .success(try await WaitReporting.$reporter.withValue(reporter) {
                    try await Self.readTop(source: source, walk: start, reach: reach)
                })
            } catch {
                outcome = .failure(error)
            }
            self.finishTopRead(request, outcome: outcome, latency: Self.seconds(clock.now - started))
        }
        inFlight[request.page] = Flight(request: request, task: task)
    }

    private static func readTop(source: any PageSource, walk start: Walk, reach: Int) async throws -> FetchedPage {
        var walk = start
        var items: [Item] = []
        var notes: [String] = []
        var index = 0
        while index < 50, let key = walk.key(for: index) {
            try Task.checkCancellation()
            let response = try await source.fetch(key)
            let page = source.page(from: response, key: key, kind: .next, walk: &walk)
            items += page.items
            notes += response.notes + page.notes
            if page.isLast || page.items.isEmpty || items.count >= reach + page.items.count { break }
            index += 1
        }
        return FetchedPage(items: items, continuation: .end(EndReason("read from the top")), notes: notes)
    }

    private func finishTopRead(_ request: PageRequest, outcome: Result<FetchedPage, any Error>, latency: Double) {
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        inFlight[request.page] = nil
        switch outcome {
        case .success(let page):
            for note in page.notes { log?("new items, read again: " + note) }
            deliver(.pageLoaded(PageResult(request: request, items: page.items, latency: latency)))
        case .failure(let error):
            if error is CancellationError { return }
            deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error))))
        }
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
        rounds = [:]
    }

    /// The key a request is fetched with: from the list's walk, or from its round's walk (a
    /// poll's first page starts the round).
    private func key(for request: PageRequest) -> PageKey? {
        guard let address = request.poll else { return walk.key(for: request.page) }
        if request.kind == .poll, address.index == 0 { startRound(address.round) }
        return roundWalk(address.round).key(for: address.index)
    }

    /// A new round of polls: a fresh walk that identifies items as the list's walk does. Rounds
    /// that read only their first page are forgotten: nothing of them is needed again.
    private func startRound(_ round: Int) {
        rounds = rounds.filter { $0.value.pagesRead > 1 }
        rounds[round] = freshWalk()
    }

    /// A round's walk; a forgotten one is a fresh walk, which knows its first page's key.
    private func roundWalk(_ round: Int) -> Walk {
        rounds[round] ?? freshWalk()
    }

    /// A walk from the first page that identifies items as the list's walk does.
    private func freshWalk() -> Walk {
        var fresh = source.startWalk()
        fresh.identity = walk.identity
        return fresh
    }

    private func unknownKeyMessage(for request: PageRequest) -> String {
        guard let address = request.poll else { return walk.unknownKeyMessage(for: request.page) }
        return "page \(address.index + 1) of the new items cannot be requested: the page before it said nothing follows"
    }

    /// The key page `page` would be fetched with; nil when it is not known yet.
    public func key(forPage page: Int) -> PageKey? { walk.key(for: page) }

    /// Whether a request for this page is running.
    public func isInFlight(page: Int) -> Bool { inFlight[page] != nil }

    /// Passes a fetch's countdown on to the core, unless the request was cancelled meanwhile.
    private func waiting(_ request: PageRequest, _ wait: FetchWait) {
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        if wait.waitsForInput {
            log?("\(Self.label(request)): \(wait.reason)")
        } else if wait.isFirst {
            log?("\(Self.label(request)): \(wait.reason); \(wait.isRetry ? "retrying" : "next request") in \(wait.seconds) s")
        }
        deliver(.pageWaiting(PageWait(request: request, seconds: wait.seconds, reason: wait.reason, isRetry: wait.isRetry, waitsForInput: wait.waitsForInput)))
    }

    private func finish(_ request: PageRequest, key: PageKey, outcome: Result<PageResponse, any Error>, latency: Double) {
        // A cancelled request has been removed (or replaced by a newer one): it delivers nothing,
        // and its answer never reaches the walk.
        guard let flight = inFlight[request.page], flight.request.id == request.id else { return }
        inFlight[request.page] = nil
        switch outcome {
        case .success(let response):
            let page = paged(response, key: key, request: request)
            let prefix = request.poll == nil ? "" : "new items: "
            for note in response.notes + page.notes { log?(prefix + note) }
            if let warning = page.warning { log?("\(Self.label(request)): \(warning)") }
            let result = PageResult(request: request, items: page.items, end: page.end, total: page.total, latency: latency, warning: page.warning)
            deliver(.pageLoaded(result))
        case .failure(let error):
            if error is CancellationError { return }
            deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error))))
        }
    }

    /// The paging half for an answer: the list's walk judges its own pages; a poll's page is read
    /// at the tail of its round's walk (moving that walk on); a page of new items fetched again
    /// is read against a copy of its round's walk, which stays as it was.
    private func paged(_ response: PageResponse, key: PageKey, request: PageRequest) -> FetchedPage {
        guard let address = request.poll else {
            return source.page(from: response, key: key, kind: request.kind, walk: &walk)
        }
        var round = roundWalk(address.round)
        guard request.kind == .poll else {
            return source.page(from: response, key: key, kind: .refetch, walk: &round)
        }
        let page = source.page(from: response, key: key, kind: .next, walk: &round)
        rounds[address.round] = round
        // A list that was empty until now identifies items as its first poll chose.
        if walk.identity == .undecided { walk.identity = round.identity }
        return page
    }

    /// How `-v` names a request's page.
    static func label(_ request: PageRequest) -> String {
        if let poll = request.poll { return "new items, page \(poll.index + 1)" }
        return request.reach == nil ? "page \(request.page + 1)" : "new items, read again"
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
