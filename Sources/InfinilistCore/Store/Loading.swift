/// Where loading stands, as the core sees it: the tail's request and what the pages said of the
/// list so far (its total, how long pages take), the ledger that mints every request id, the
/// dropped pages asked for again, the poll on its way, the row count, and the reads that go on by
/// themselves (`G`, `NG`). Kept apart from the view so that what is in flight has one owner on
/// the core's side, and so a query over the list can add its requests here.
public struct Loading: Sendable {
    /// The next page of the list: idle, on its way, failed, or the list ended.
    public internal(set) var tail: TailState = .idle
    /// The total number of items, when the source reports one.
    public internal(set) var total: Int?
    /// Seconds the last page took.
    public internal(set) var lastLatency: Double?
    /// Page latency, averaged, for `auto` prefetch.
    public internal(set) var latency = LatencyEstimate()
    /// Mints every request id: the tail's, re-fetches', polls' (decision 121).
    var requestIDs = RequestIDs()
    /// Dropped pages asked for again, by page: on their way, or failed until `r`.
    public internal(set) var refetches: [Int: Refetch] = [:]
    /// The poll, or the loading of a gap row, on its way: one at a time (Following.swift).
    public internal(set) var poll: PollRun?
    /// The background count of the file's rows, while it goes (RowCounting.swift).
    public internal(set) var rowCounting: RowCounting?
    /// `G` is reading on to the end of the input (see ReadToEnd.swift).
    public internal(set) var readingToEnd = false
    /// A count typed before a key, and the row `NG` is loading pages to reach (RowJump.swift).
    var rowJump = RowJump()
    /// Whether `config.fieldCheck` has been done (on the first page with items).
    var fieldsChecked = false
    /// In a sorted view, whether a key or the mouse was used since the tail's last page was
    /// asked for by nearness: pages merge above the cursor and move it down with its item, so the
    /// cursor stays as near the end as before, and only the user (or a screen not yet full) asks
    /// for another page.
    var sortedTailArmed = true
    /// Items of the list's walk read so far, before a `--jq` program made rows of them (what
    /// "scanned 2,400 items, 12 rows" counts).
    public internal(set) var itemsRead = 0

    /// Whether the gap row `page` is being loaded.
    public func isLoading(gap page: Int) -> Bool { poll?.purpose == .gap(page: page) }

    /// Whether pages are being read to the end of the input: `G`, or `N%`, which needs every row.
    var readsToEnd: Bool { readingToEnd || rowJump.readsToEnd }

    /// The request for the list's page `page`, now the tail's.
    mutating func requestTail(page: Int, for purpose: RequestPurpose) -> PageRequest {
        let request = requestIDs.request(page: page, for: purpose)
        tail = .loading(request)
        return request
    }

    /// Whether `request` is the one the tail waits for.
    func tailAwaits(_ request: PageRequest) -> Bool {
        if case .loading(let awaited, _) = tail { return awaited == request }
        return false
    }

    /// The tail's page arrived: what it said of the list.
    mutating func tailArrived(_ result: PageResult) {
        total = result.total ?? total
        itemsRead += result.items.count
        lastLatency = result.latency
        latency.record(result.latency)
        tail = result.end.map(TailState.ended) ?? .idle
    }

    /// The tail's request is holding back (a rate limit, a retry, a quiet pipe): the countdown
    /// to show. False when the wait is of a request the tail no longer waits for.
    mutating func tailWaiting(_ wait: PageWait) -> Bool {
        guard tailAwaits(wait.request) else { return false }
        tail = .loading(wait.request, wait: wait)
        return true
    }

    /// The countdown to show: the latest wait of the request loading at the tail.
    public var activeWait: PageWait? {
        if case .loading(_, let wait) = tail { return wait }
        return nil
    }
}
