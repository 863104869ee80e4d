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
/// list's first pages, in a fresh walk, as far as its rows reach, handed on as one page; a page
/// of the walk, once polls put items above it, is read with the pages after it that its items
/// were pushed into (`.refetch` with `following`; `Loader+GroupRead.swift`).
///
/// With a `ReadAhead` depth (`--dump`), it also fetches pages nobody asked for yet: the next page
/// as soon as its key is known, and with `--parallel N` pages whose keys can be predicted
/// (`Loader+ReadAhead.swift`). Their answers wait until the page is asked for, and are read in
/// order, so the walk sees exactly what it would have seen one request at a time.
public actor Loader {
    let source: any PageSource
    let deliver: @Sendable (Message) -> Void
    let log: (@Sendable (String) -> Void)?
    var walk: Walk
    var inFlight: [Int: Flight] = [:]
    /// Answers to pages fetched ahead that nobody has asked for yet.
    var fetchedAhead: [Int: Arrival] = [:]
    var readAhead: ReadAhead
    /// Whether results carry their items parsed (`PageResult.values`).
    private let parsesItems: Bool
    var lastToken = 0
    /// The polls' walks, by round.
    var rounds: [Int: Walk] = [:]
    /// How many of its latest items the walk remembers at least (`SeenItems.recent`); nil: every
    /// item of the list.
    private let remembersItems: Int?
    /// What `--dump` remembers, reading every page once and none again: under 2 MB, hundreds of
    /// pages of a usual size, so its memory does not grow with the list (decision 78).
    public static let itemsRememberedByADump = 20_000
    /// What the screen remembers: at most about 3 MB, so a search or a scroll down an endless
    /// list does not grow by an identity per item passed (issue 32), yet far more than the page
    /// window holds, so a page the window dropped and fetches again is judged as when first read
    /// (decision 109).
    public static let itemsRememberedOnScreen = 100_000

    struct Flight {
        /// Tells this fetch from a later one of the same page.
        let token: Int
        var key: PageKey
        /// Who asked for the page; nil while it is only fetched ahead.
        var request: PageRequest?
        let task: Task<Void, Never>
        /// The last countdown of a page fetched ahead, told to the request that adopts it: a
        /// retry that began before the core asked for the page is said all the same (`--dump`
        /// once missed "retrying in 0.3 s" when its request came a moment after the 503).
        var unheardWait: FetchWait? = nil
    }

    /// An answer to a page fetched ahead, kept until the page is asked for.
    struct Arrival {
        let key: PageKey
        let outcome: Result<PageResponse, any Error>
        let latency: Double
    }

    /// The name of the source, for the status line.
    public nonisolated let sourceName: String

    /// - Parameters:
    ///   - deliver: receives every result; called on the loader's executor, so it must only hand
    ///     the message over (e.g. yield it into an `AsyncStream`), never block.
    ///   - log: receives explanations for `--verbose` (URLs requested, paging decisions); optional.
    ///   - parsesItems: hand each page's items parsed too (`PageResult.values`), for a screen
    ///     that lays them out as a table: parsed here, the event loop does not parse them again.
    ///   - remembersItems: duplicates are looked for among at least this many of the latest items
    ///     only (`--dump`, the screen); nil: among every item of the walk.
    public init(
        source: any PageSource,
        deliver: @escaping @Sendable (Message) -> Void,
        log: (@Sendable (String) -> Void)? = nil,
        readAhead: ReadAhead = .none,
        parsesItems: Bool = false,
        remembersItems: Int? = nil
    ) {
        self.parsesItems = parsesItems
        self.source = source
        self.deliver = deliver
        self.log = log
        self.readAhead = readAhead
        self.remembersItems = remembersItems
        self.walk = Self.startWalk(of: source, remembering: remembersItems)
        self.sourceName = source.name
    }

    private static func startWalk(of source: any PageSource, remembering items: Int?) -> Walk {
        var walk = source.startWalk()
        if let items { walk.seen = .recent(atLeast: items) }
        return walk
    }

    /// Starts fetching `request.page` unless that page is already in flight (then the request is
    /// ignored: the one in flight will answer). A page whose key is not known yet, or past the known
    /// end, is answered at once with a failure. A `restart` first cancels what is in flight and
    /// starts a new walk, so page 0 is fetched anew and nothing of the old walk judges it.
    public func start(_ request: PageRequest) {
        if request.kind == .restart { restart() }
        let page = request.page
        if let flight = inFlight[page] {
            // Asked for already: the one in flight will answer. Fetched ahead: it answers this
            // request if it is the same request the walk would make now.
            guard flight.request == nil else { return }
            if adopt(flight, for: request) { return }
            log?("page \(page + 1): the page fetched ahead was not the one needed now; requested again")
            flight.task.cancel()
            inFlight[page] = nil
        }
        if let read = groupRead(for: request) {
            startGroupRead(request, read)
            return
        }
        guard let key = key(for: request) else {
            deliver(.pageFailed(PageFailure(request: request, message: unknownKeyMessage(for: request))))
            return
        }
        if let arrival = fetchedAhead[page], request.kind.readsTail, source.sameRequest(arrival.key, key) {
            fetchedAhead[page] = nil
            let latency = arrival.latency
            finish(request, key: key, outcome: (consume arrival).outcome, latency: latency)
        } else {
            if fetchedAhead.removeValue(forKey: page) != nil {
                log?("page \(page + 1): the page fetched ahead was not the one needed now; requested again")
            }
            launch(page: page, key: key, request: request)
        }
        if request.kind.readsTail { fetchPredicted(after: page) }
    }

    /// Starts fetching `page` with `key`, for `request` (nil: fetched ahead).
    func launch(page: Int, key: PageKey, request: PageRequest?) {
        lastToken += 1
        let token = lastToken
        let source = self.source
        // Waits inside the fetch (rate limits, retry backoff) reach the core as countdowns.
        let reporter = WaitReporter { [weak self] wait in
            await self?.waiting(page: page, token: token, wait)
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
            self.arrived(page: page, token: token, outcome: consume outcome, latency: latency)
        }
        inFlight[page] = Flight(token: token, key: key, request: request, task: task)
    }

    /// Cancels the request with this id, if it is in flight; it will deliver nothing.
    public func cancel(_ id: RequestID) {
        guard let (page, flight) = inFlight.first(where: { $0.value.request?.id == id }) else { return }
        flight.task.cancel()
        inFlight[page] = nil
    }

    /// Cancels every request in flight; none of them will deliver anything.
    public func cancelAll() {
        for flight in inFlight.values { flight.task.cancel() }
        inFlight.removeAll()
        fetchedAhead.removeAll()
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
        walk = Self.startWalk(of: source, remembering: remembersItems)
        rounds = [:]
    }

    /// The key page `page` would be fetched with; nil when it is not known yet.
    public func key(forPage page: Int) -> PageKey? { walk.key(for: page) }

    /// Whether a request for this page is running.
    public func isInFlight(page: Int) -> Bool { inFlight[page] != nil }

    /// Passes a fetch's countdown on to the core, unless the request was cancelled meanwhile. A
    /// page fetched ahead has nobody to tell; its wait only slows the read-ahead down.
    func waiting(page: Int, token: Int, _ wait: FetchWait) {
        guard let flight = inFlight[page], flight.token == token else { return }
        if !wait.waitsForInput && !wait.skips { slowDown() }
        guard let request = flight.request else {
            inFlight[page]?.unheardWait = wait
            return
        }
        if wait.waitsForInput || wait.skips {
            log?("\(Self.label(request)): \(wait.reason)")
        } else if wait.isFirst {
            log?("\(Self.label(request)): \(wait.reason); \(wait.isRetry ? "retrying" : "next request") in \(wait.seconds) s")
        }
        var shown = PageWait(request: request, seconds: wait.seconds, reason: wait.reason, isRetry: wait.isRetry, waitsForInput: wait.waitsForInput)
        shown.live = wait.live
        shown.skips = wait.skips
        shown.waitsForWriter = wait.waitsForWriter
        deliver(.pageWaiting(shown))
    }

    /// A fetch ended: its answer is read now if the page was asked for, else kept until it is.
    private func arrived(page: Int, token: Int, outcome: consuming Result<PageResponse, any Error>, latency: Double) {
        // A cancelled request has been removed (or replaced by a newer one): it delivers nothing,
        // and its answer never reaches the walk.
        guard let flight = inFlight[page], flight.token == token else { return }
        inFlight[page] = nil
        guard let request = flight.request else {
            if case .failure(let error) = outcome, error is CancellationError { return }
            fetchedAhead[page] = Arrival(key: flight.key, outcome: outcome, latency: latency)
            return
        }
        finish(request, key: flight.key, outcome: consume outcome, latency: latency)
    }

    /// Reads an answer into the page the core gets. The answer is handed on, not copied, so the
    /// pager holds the only reference to its items and frees them as it builds the rows.
    private func finish(_ request: PageRequest, key: PageKey, outcome: consuming Result<PageResponse, any Error>, latency: Double) {
        switch consume outcome {
        case .success(let response):
            let movesTail = !walk.rereads(request.page, kind: request.kind)
            let received = response.items.count
            let exchangeNotes = response.notes
            let page = paged(consume response, key: key, request: request)
            let prefix = request.poll == nil ? "" : "new items: "
            for note in exchangeNotes + page.notes { log?(prefix + note) }
            if let warning = page.warning { log?("\(Self.label(request)): \(warning)") }
            var result = PageResult(request: request, items: page.items, end: page.end, total: page.total, latency: latency, warning: page.warning)
            result.live = page.live
            if parsesItems { result.values = page.values ?? page.items.map { (try? JSONParser.parse($0.json)) ?? .null } }
            if movesTail { readTail(request.page, itemCount: received, kept: page.items.count, total: page.total, lastPage: page.lastPage) }
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

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
