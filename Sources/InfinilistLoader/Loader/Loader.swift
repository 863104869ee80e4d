import InfinilistCore

/// Fetches pages for the core in the background and hands each result back as a `Message`.
///
/// The decisions are `LoaderMachine`'s, a pure value: this actor feeds it events (a request, a
/// cancellation, a fetch's end or wait) and carries out the actions it returns (start or cancel a
/// fetch's task, deliver a message, log a line).
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
/// were pushed into (`.refetch` with `following`; `LoaderMachine+GroupRead.swift`).
///
/// With a `ReadAhead` depth (`--dump`), it also fetches pages nobody asked for yet: the next page
/// as soon as its key is known, and with `--parallel N` pages whose keys can be predicted
/// (`LoaderMachine+ReadAhead.swift`). Their answers wait until the page is asked for, and are read in
/// order, so the walk sees exactly what it would have seen one request at a time.
public actor Loader {
    let source: any PageSource
    let deliver: @Sendable (Message) -> Void
    let log: (@Sendable (String) -> Void)?
    private var machine: LoaderMachine
    /// The fetches running, by token.
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// Stops the background count of the input's rows, while one runs (`countRows`).
    private var counting: CancelFlag?
    /// What `--dump` remembers, reading every page once and none again: under 2 MB, hundreds of
    /// pages of a usual size, so its memory does not grow with the list (decision 78).
    public static let itemsRememberedByADump = 20_000
    /// What the screen remembers: at most about 3 MB, so a search or a scroll down an endless
    /// list does not grow by an identity per item passed (issue 32), yet far more than the page
    /// window holds, so a page the window dropped and fetches again is judged as when first read
    /// (decision 109).
    public static let itemsRememberedOnScreen = 100_000

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
    ///   - keepsTop: the list is polled (the screen, `--dump --follow`): its first items are
    ///     remembered too, as a poll's page is judged against them.
    public init(
        source: any PageSource,
        deliver: @escaping @Sendable (Message) -> Void,
        log: (@Sendable (String) -> Void)? = nil,
        readAhead: ReadAhead = .none,
        parsesItems: Bool = false,
        remembersItems: Int? = nil,
        keepsTop: Bool = false
    ) {
        self.source = source
        self.deliver = deliver
        self.log = log
        self.machine = LoaderMachine(source: source, readAhead: readAhead, parsesItems: parsesItems, remembersItems: remembersItems, keepsTop: keepsTop, logs: log != nil)
        self.sourceName = source.name
    }

    /// Starts fetching `request.page` unless that page is already in flight (then the request is
    /// ignored: the one in flight will answer). A page whose key is not known yet, or past the known
    /// end, is answered at once with a failure. A `restart` first cancels what is in flight and
    /// starts a new walk, so page 0 is fetched anew and nothing of the old walk judges it.
    public func start(_ request: PageRequest) {
        perform(machine.start(request))
    }

    /// Cancels the request with this id, if it is in flight; it will deliver nothing.
    public func cancel(_ id: RequestID) {
        perform(machine.cancel(id))
    }

    /// Cancels every request in flight; none of them will deliver anything.
    public func cancelAll() {
        perform(machine.cancelAll())
    }

    /// Counts the rows of the whole input in the background (`Effect.countRows`): on a thread of
    /// its own, as the count blocks on reads (a global queue's few threads may all be taken); telling the core how far it is, then the count
    /// (nil from the source: `.uncountable`). A new count stops the one before (`R`).
    public func countRows(_ id: RequestID) {
        counting?.set()
        let cancelled = CancelFlag()
        counting = cancelled
        let (source, deliver) = (self.source, self.deliver)
        DetachedThread.start {
            let rows = source.countItems(isCancelled: cancelled.isSet) { read, size in
                deliver(.rowsCounted(RowCountReport(id: id, progress: .counting(read: read, size: size))))
            }
            guard !cancelled.isSet() else { return }
            deliver(.rowsCounted(RowCountReport(id: id, progress: rows.map { .counted($0) } ?? .uncountable)))
        }
    }

    /// Cancels everything and waits until no fetch is running any more, so the source can be closed.
    public func shutdown() async {
        counting?.set()
        let running = Array(tasks.values)
        cancelAll()
        for task in running { await task.value }
    }

    /// The key page `page` would be fetched with; nil when it is not known yet.
    public func key(forPage page: Int) -> PageKey? { machine.walk.key(for: page) }

    /// Whether a request for this page is running.
    public func isInFlight(page: Int) -> Bool { machine.isInFlight(page: page) }

    private func perform(_ actions: [LoaderAction]) {
        for action in actions {
            switch action {
            case .fetch(let fetch): tasks[fetch.token] = run(fetch)
            case .cancel(let token): tasks.removeValue(forKey: token)?.cancel()
            case .deliver(let message): deliver(message)
            case .log(let line): log?(line)
            }
        }
    }

    /// Runs a fetch in a task; its waits and its end go back to the machine.
    private func run(_ fetch: LoaderFetch) -> Task<Void, Never> {
        let source = self.source
        let (page, token) = (fetch.page, fetch.token)
        // Waits inside the fetch (rate limits, retry backoff) reach the core as countdowns.
        let reporter = WaitReporter { [weak self] wait in
            await self?.waiting(page: page, token: token, wait)
        }
        return Task {
            let clock = ContinuousClock()
            let started = clock.now
            switch fetch.work {
            case .page(let key):
                let outcome: Result<PageResponse, any Error>
                do {
                    outcome = .success(try await WaitReporting.$reporter.withValue(reporter) { try await source.fetch(key) })
                } catch {
                    outcome = .failure(error)
                }
                self.arrived(page: page, token: token, outcome: consume outcome, latency: Self.seconds(clock.now - started))
            case .group(let read, let start):
                let outcome: Result<FetchedPage, any Error>
                do {
                    outcome = .success(try await WaitReporting.$reporter.withValue(reporter) {
                        try await Self.readGroup(read, source: source, walk: start)
                    })
                } catch {
                    outcome = .failure(error)
                }
                self.groupArrived(page: page, token: token, read: read, outcome: outcome, latency: Self.seconds(clock.now - started))
            }
        }
    }

    private func waiting(page: Int, token: Int, _ wait: FetchWait) {
        perform(machine.waiting(page: page, token: token, wait))
    }

    private func arrived(page: Int, token: Int, outcome: consuming Result<PageResponse, any Error>, latency: Double) {
        tasks[token] = nil
        perform(machine.arrived(page: page, token: token, outcome: consume outcome, latency: latency))
    }

    private func groupArrived(page: Int, token: Int, read: LoaderMachine.GroupRead, outcome: Result<FetchedPage, any Error>, latency: Double) {
        tasks[token] = nil
        perform(machine.groupArrived(page: page, token: token, read: read, outcome: outcome, latency: latency))
    }

    /// Reads a group's pages one after another (`LoaderMachine+GroupRead.swift`), in a walk of
    /// their own, and hands them on as one page.
    static func readGroup(_ read: LoaderMachine.GroupRead, source: any PageSource, walk start: Walk) async throws -> FetchedPage {
        var walk = start
        var items: [Item] = []
        var notes: [String] = []
        var index = 0
        while index < LoaderMachine.groupReadPageLimit, let key = LoaderMachine.key(index, of: read, in: walk) {
            try Task.checkCancellation()
            let response: PageResponse
            do {
                response = try await source.fetch(key)
            } catch where index > 0 && !(error is CancellationError) {
                // A later page only brings back rows pushed onto it: its failure (the list's end,
                // a rate limit, a cap on paging) leaves those rows missing, not the whole page.
                notes.append("stopped at page \(key.index + 1): \(LoaderMachine.message(for: error))")
                break
            }
            notes += response.notes
            let page = source.page(from: consume response, key: key, kind: .next, walk: &walk)
            items += page.items
            notes += page.notes
            if page.isLast || page.items.isEmpty { break }
            if case .top(let reach) = read, items.count >= reach + page.items.count { break }
            index += 1
        }
        return FetchedPage(items: items, continuation: .end(EndReason("read again")), notes: notes)
    }


    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
