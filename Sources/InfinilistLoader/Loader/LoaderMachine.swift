import InfinilistCore

/// The loader's decisions as a pure machine: an event in (a request, a cancellation, an answer, a
/// wait), the state updated, the actions that carry it out (`LoaderAction`) out. No task, clock or
/// I/O here, so every decision (which page to fetch, which answer is stale, what moves the walk,
/// what is fetched ahead and when it is dropped) is tested with plain values; the `Loader` actor
/// only runs the fetches and hands their ends back (as Hummingbird's connection state machines
/// return actions for the channel handler to perform).
///
/// It owns the walk down the list (`Walk`) and updates it with the source's pure paging function
/// as answers arrive, one at a time. At most one fetch per page is in flight; a fetch is known by
/// its token, so the end of a cancelled or replaced fetch is dropped before it touches the walk.
/// Every request is answered exactly once, by `.pageLoaded` or `.pageFailed`, unless cancelled.
struct LoaderMachine: Sendable {
    let source: any PageSource
    var walk: Walk
    var flights: [Int: Flight] = [:]
    /// Answers to pages fetched ahead that nobody has asked for yet.
    var fetchedAhead: [Int: Arrival] = [:]
    var readAhead: ReadAhead
    /// The polls' walks, by round.
    var rounds: [Int: Walk] = [:]
    /// Rounds whose last page read found where the new items end (a known item, the end).
    var roundsFinished: Set<Int> = []
    private var lastToken = 0
    /// Whether results carry their items parsed (`PageResult.values`).
    private let parsesItems: Bool
    /// How many of its latest items the walk remembers at least; nil: every item of the list.
    private let remembersItems: Int?
    /// Whether the walk never forgets the list's first items, for a list that is polled: a poll
    /// meets the top of the list (`SeenItems.topItems`).
    private let keepsTop: Bool
    /// Whether anyone reads `.log` actions: without `--verbose` none are made.
    private let logs: Bool
    /// The actions decided by the event being handled, handed out by `takeActions`.
    private var decided: [LoaderAction] = []

    /// A fetch in flight.
    struct Flight: Sendable {
        let token: Int
        var key: PageKey
        /// Who asked for the page; nil while it is only fetched ahead.
        var request: PageRequest?
        /// The last countdown of a page fetched ahead, told to the request that adopts it: a
        /// retry that began before the core asked for the page is said all the same (`--dump`
        /// once missed "retrying in 0.3 s" when its request came a moment after the 503).
        var unheardWait: FetchWait? = nil
    }

    /// An answer to a page fetched ahead, kept until the page is asked for.
    struct Arrival: Sendable {
        let key: PageKey
        let outcome: Result<PageResponse, any Error>
        let latency: Double
    }

    init(source: any PageSource, readAhead: ReadAhead, parsesItems: Bool, remembersItems: Int?, keepsTop: Bool = false, logs: Bool) {
        self.source = source
        self.readAhead = readAhead
        self.parsesItems = parsesItems
        self.remembersItems = remembersItems
        self.keepsTop = keepsTop
        self.logs = logs
        self.walk = Self.startWalk(of: source, remembering: remembersItems, keepsTop: keepsTop)
    }

    private static func startWalk(of source: any PageSource, remembering items: Int?, keepsTop: Bool) -> Walk {
        var walk = source.startWalk()
        if let items { walk.seen = .recent(atLeast: items, keepsTop: keepsTop) }
        return walk
    }

    // MARK: Events

    /// The core asks for `request.page`. Ignored when that page is already asked for (the fetch
    /// in flight answers); a fetch ahead answers it when it is the request the walk makes now. A
    /// page whose key is not known yet, or past the known end, fails at once. A `restart` first
    /// cancels everything and starts a new walk, so nothing of the old one judges page 0.
    mutating func start(_ request: PageRequest) -> [LoaderAction] {
        if request.kind == .restart { restart() }
        let page = request.page
        if let flight = flights[page] {
            guard flight.request == nil else { return takeActions() }
            if adopt(flight, for: request) { return takeActions() }
            note("page \(page + 1): the page fetched ahead was not the one needed now; requested again")
            cancelFlight(page)
        }
        if let read = groupRead(for: request) {
            startGroupRead(request, read)
            return takeActions()
        }
        guard let key = key(for: request) else {
            emit(.deliver(.pageFailed(PageFailure(request: request, message: unknownKeyMessage(for: request)))))
            return takeActions()
        }
        if let arrival = fetchedAhead[page], request.kind.readsTail, source.sameRequest(arrival.key, key) {
            fetchedAhead[page] = nil
            let latency = arrival.latency
            finish(request, key: key, outcome: (consume arrival).outcome, latency: latency)
        } else {
            if fetchedAhead.removeValue(forKey: page) != nil {
                note("page \(page + 1): the page fetched ahead was not the one needed now; requested again")
            }
            launch(page: page, key: Self.passing(key, for: request), request: request)
        }
        // A pass's answer is some page further on: nothing after the requested page is predicted.
        if request.kind.readsTail, request.passTarget == nil { fetchPredicted(after: page) }
        return takeActions()
    }

    /// The fetch `token` of `page` ended. Read now if the page was asked for, else kept until it
    /// is; the end of a cancelled or replaced fetch is dropped.
    mutating func arrived(page: Int, token: Int, outcome: consuming Result<PageResponse, any Error>, latency: Double) -> [LoaderAction] {
        guard let flight = flights[page], flight.token == token else { return takeActions() }
        flights[page] = nil
        guard let request = flight.request else {
            if case .failure(let error) = outcome, error is CancellationError { return takeActions() }
            fetchedAhead[page] = Arrival(key: flight.key, outcome: outcome, latency: latency)
            return takeActions()
        }
        finish(request, key: flight.key, outcome: consume outcome, latency: latency)
        return takeActions()
    }

    /// Cancels the request with this id, if it is in flight: it will deliver nothing.
    mutating func cancel(_ id: RequestID) -> [LoaderAction] {
        if let page = flights.first(where: { $0.value.request?.id == id })?.key { cancelFlight(page) }
        return takeActions()
    }

    /// Cancels every fetch and forgets what was fetched ahead.
    mutating func cancelAll() -> [LoaderAction] {
        cancelEverything()
        return takeActions()
    }

    /// A fetch is holding its request back (a rate limit, a retry backoff, a quiet pipe): the
    /// core hears the countdown, unless the request was cancelled. A page fetched ahead has
    /// nobody to tell; its wait only slows the read-ahead down.
    mutating func waiting(page: Int, token: Int, _ wait: FetchWait) -> [LoaderAction] {
        tell(page: page, token: token, wait)
        return takeActions()
    }

    // MARK: Decisions

    func isInFlight(page: Int) -> Bool { flights[page] != nil }

    /// Appends a `-v` line, when anyone reads them.
    mutating func note(_ line: @autoclosure () -> String) {
        if logs { emit(.log(line())) }
    }

    mutating func emit(_ action: LoaderAction) {
        decided.append(action)
    }

    mutating func takeActions() -> [LoaderAction] {
        defer { decided = [] }
        return decided
    }

    /// Starts fetching `page` (for `request`; nil: fetched ahead).
    mutating func launch(page: Int, key: PageKey, request: PageRequest?) {
        fly(page: page, key: key, request: request, work: .page(key))
    }

    /// Records the flight of `page` under a new token and asks for its work: every fetch, of one
    /// page or of a group, starts here.
    mutating func fly(page: Int, key: PageKey, request: PageRequest?, work: LoaderFetch.Work) {
        let token = nextToken()
        flights[page] = Flight(token: token, key: key, request: request)
        emit(.fetch(LoaderFetch(token: token, page: page, work: work)))
    }

    mutating func nextToken() -> Int {
        lastToken += 1
        return lastToken
    }

    mutating func cancelFlight(_ page: Int) {
        guard let flight = flights.removeValue(forKey: page) else { return }
        emit(.cancel(token: flight.token))
    }

    private mutating func cancelEverything() {
        for page in flights.keys.sorted() { cancelFlight(page) }
        fetchedAhead.removeAll()
    }

    /// Cancels what is in flight and starts a new walk: the start of a full refresh, when later
    /// pages may be addressed differently (cursors, shifted offsets).
    private mutating func restart() {
        cancelEverything()
        walk = Self.startWalk(of: source, remembering: remembersItems, keepsTop: keepsTop)
        rounds = [:]
        roundsFinished = []
    }

    mutating func tell(page: Int, token: Int, _ wait: FetchWait) {
        guard let flight = flights[page], flight.token == token else { return }
        if !wait.waitsForInput && !wait.skips && !wait.passes { slowDown() }
        guard let request = flight.request else {
            flights[page]?.unheardWait = wait
            return
        }
        if wait.waitsForInput || wait.skips || wait.passes {
            note("\(Self.label(request)): \(wait.reason)")
        } else if wait.isFirst {
            note("\(Self.label(request)): \(wait.reason); \(wait.isRetry ? "retrying" : "next request") in \(wait.seconds) s")
        }
        var shown = PageWait(request: request, seconds: wait.seconds, reason: wait.reason, isRetry: wait.isRetry, waitsForInput: wait.waitsForInput)
        shown.live = wait.live
        shown.skips = wait.skips
        shown.passes = wait.passes
        shown.waitsForWriter = wait.waitsForWriter
        emit(.deliver(.pageWaiting(shown)))
    }

    /// Reads an answer into the page the core gets. The answer is handed on, not copied, so the
    /// pager holds the only reference to its items and frees them as it builds the rows.
    private mutating func finish(_ request: PageRequest, key: PageKey, outcome: consuming Result<PageResponse, any Error>, latency: Double) {
        switch consume outcome {
        case .success(let response):
            let movesTail = !walk.rereads(request.page, kind: request.kind)
            let received = response.items.count
            let exchangeNotes = response.notes
            let page = paged(consume response, key: key, request: request)
            // The page read is `passed` pages after the one asked for (a pass, decision 145).
            let readPage = request.page + (page.passed?.pages ?? 0)
            if logs {
                let prefix = request.poll == nil ? "" : "new items: "
                for line in exchangeNotes + page.notes { note(prefix + line) }
            }
            if let warning = page.warning { note("\(Self.label(request)): \(warning)") }
            var result = PageResult(request: request, items: page.items, end: page.end, total: page.total, latency: latency, warning: page.warning)
            result.live = page.live
            result.passed = page.passed
            result.reachedKnown = page.reachedKnown
            if parsesItems { result.values = page.values ?? page.items.map { (try? JSONParser.parse($0.json)) ?? .null } }
            if movesTail {
                readTail(readPage, itemCount: received, kept: page.items.count, total: page.total, lastPage: page.lastPage,
                         fetchesAhead: request.passTarget == nil)
            }
            emit(.deliver(.pageLoaded(result)))
        case .failure(let error):
            if error is CancellationError { return }
            if let failed = error as? PageLoadError { for line in failed.notes { note(line) } }
            emit(.deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error)))))
        }
    }

    /// The key a request's page is fetched with: a pass's carries its target (`PageKey.pass`).
    static func passing(_ key: PageKey, for request: PageRequest) -> PageKey {
        guard let target = request.passTarget else { return key }
        var passing = key
        passing.pass = target
        return passing
    }

    static func message(for error: any Error) -> String {
        if let error = error as? PageLoadError { return error.message }
        return OneLine.clean(String(describing: error))
    }
}
