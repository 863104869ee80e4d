/// Following a live list (`--follow`, `F`): how often the first page is polled and the new rows
/// above the screen the user has not seen yet. The poll on its way is `Loading.poll`, beside
/// every other request in flight.
///
/// The core has no clock: each message comes with the event loop's monotonic time (`clock`), so a
/// poll is due when a message arrives at or after `nextPoll`, and the loop is told when to wake
/// for it (`wakeTime`); tests give any times they like.
public struct Following: Sendable, Equatable {
    /// Seconds between polls; nil when following is off.
    public internal(set) var interval: Double?
    /// What `F` turns following on with: `--follow`'s interval, else 30 s.
    public let startInterval: Double
    /// When the next poll is due, on the clock of `AppState.clock`; nil until a message gave a time.
    var nextPoll: Double?
    /// A gap row Enter asked to load while another run was on its way: loaded next.
    var queuedGap: Int?
    /// Polls started so far: the next one is round `rounds + 1`.
    var rounds = 0
    /// The page number the next poll page (or gap row) gets: negative, counting down, so none is
    /// ever the same as another page's.
    var nextPage = -1
    /// New rows put above the screen and not scrolled to yet: "↑ N new".
    public internal(set) var newAbove = 0
    /// Whether the user has pressed a key or used the mouse since the start; until then new
    /// items at the top simply appear there, the cursor staying on the first row.
    var touched = false
    /// A pipe's end being followed (`F`, or `G` on a pipe), as less's `F`: each row that arrives
    /// at the bottom takes the cursor with it, until the user moves, Esc or `F` again. Polls do
    /// not apply to a pipe; this is what following means there (FollowInputEnd.swift).
    public internal(set) var followsInputEnd = false

    init(interval: Double?) {
        self.interval = interval
        self.startInterval = interval ?? FollowInterval.standard
    }
}

extension AppState {
    /// When the next poll is due (on the clock of `update(_:at:)`), though nothing animates; nil
    /// when no poll is waiting for time alone. Part of `wakeTime`.
    var nextPollTime: Double? {
        guard following.interval != nil, loading.poll == nil, canPoll else { return nil }
        return following.nextPoll
    }

    /// Polls wait for the list's first page (they compare against it) and for a refresh to
    /// settle (its rows are still arriving). A streaming answer is never polled: its new items
    /// arrive by themselves, and asking for it again would open a second stream.
    var canPoll: Bool { store.pageCount > 0 && refreshAnchor == nil && live == nil }

    /// After every message: the count of unseen new rows shrinks to what is above the screen, a
    /// queued gap row is loaded, and a poll starts when it is due.
    mutating func followStep() -> [Effect] {
        following.newAbove = min(following.newAbove, viewport.top)
        guard loading.poll == nil, let clock = timing.clock else { return [] }
        if let gap = following.queuedGap {
            following.queuedGap = nil
            if let effect = startGapRun(gap) { return [effect] }
        }
        guard let interval = following.interval else { return [] }
        guard let due = following.nextPoll else {
            following.nextPoll = clock + interval
            return []
        }
        guard clock >= due, canPoll else { return [] }
        return [startPoll()]
    }

    /// `F`: follows the list (polling at once, then every interval), or stops following.
    mutating func toggleFollow() -> [Effect] {
        guard live == nil else {
            notice = .followingLiveAlready
            return []
        }
        guard config.followable else { return toggleFollowInputEnd() }
        if following.interval != nil {
            following.interval = nil
            following.nextPoll = nil
            notice = .followingOff
            // A poll on its way ends with its page (`PollRun.stopsAfterThisPage`).
            if loading.poll?.purpose == .top { loading.poll?.stopsAfterThisPage = true }
            return []
        }
        if loading.poll?.purpose == .top { loading.poll?.stopsAfterThisPage = false }
        following.interval = following.startInterval
        following.nextPoll = timing.clock
        notice = .followingOn(every: following.startInterval)
        return []
    }

    /// A refresh cleared the store: the run on its way is cancelled (its rows would land in a
    /// list that is not there any more) and the next poll is a whole interval away.
    mutating func followingRestarted() -> [Effect] {
        following.newAbove = 0
        following.queuedGap = nil
        following.nextPoll = following.interval.flatMap { interval in timing.clock.map { $0 + interval } }
        guard let run = loading.poll else { return [] }
        loading.poll = nil
        return [.cancel(run.request.id)]
    }

    /// Enter on a gap row: loads it now, or as soon as the run on its way is over.
    mutating func loadGap(_ page: Int) -> [Effect] {
        guard let run = loading.poll else { return startGapRun(page).map { [$0] } ?? [.bell] }
        if run.purpose != .gap(page: page) { following.queuedGap = page }
        return []
    }

    /// The gap row under the cursor, if the cursor is on one.
    var cursorGapPage: Int? { cursorStoreRow.flatMap(store.gapPage(at:)) }

    private mutating func startPoll() -> Effect {
        following.rounds += 1
        let request = pollRequest(PollAddress(round: following.rounds, index: 0))
        loading.poll = PollRun(purpose: .top, request: request)
        return .load(request)
    }

    private mutating func startGapRun(_ page: Int) -> Effect? {
        guard case .gap(let address) = store.origin(ofPage: page) else { return nil }
        let request = pollRequest(address)
        loading.poll = PollRun(purpose: .gap(page: page), request: request)
        return .load(request)
    }

    /// A request for a page of a poll's round, under a page number of its own.
    mutating func pollRequest(_ address: PollAddress) -> PageRequest {
        return loading.requestIDs.request(page: nextFollowPage(), for: .poll(address))
    }

    mutating func nextFollowPage() -> Int {
        defer { following.nextPage -= 1 }
        return following.nextPage
    }

    mutating func scheduleNextPoll() {
        following.nextPoll = following.interval.flatMap { interval in timing.clock.map { $0 + interval } }
    }
}
