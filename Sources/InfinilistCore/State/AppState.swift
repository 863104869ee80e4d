/// Everything the screen shows, as a value. Only `update(_:)` changes it, so every behaviour
/// can be tested by feeding messages and reading effects, without a terminal or a network.
public struct AppState: Sendable {
    public let config: AppConfig
    public internal(set) var store = PageStore()
    /// The cursor and scroll position, in visible rows (see VisibleRows.swift).
    public internal(set) var viewport: Viewport
    /// The tail's request, what pages said of the list, re-fetches, the request ledger.
    public internal(set) var loading = Loading()
    /// The driver's clocks and what is measured with them (scroll speed, spinner frame).
    public internal(set) var timing = Timing()
    /// The filter and the last search.
    public internal(set) var finding = Finding()
    /// The screen's size, as last reported by `.resized`: the one source of the list's height
    /// (`listHeight`) for both the viewport and `render`.
    public internal(set) var size: Size { didSet { fitViewportToList() } }
    /// What keys act on: the list, a prompt, or the detail view.
    public internal(set) var mode: Mode = .list
    /// The help screen, over whatever mode is active, with its own scroll position and search
    /// (HelpView.swift); nil when it is closed.
    public internal(set) var help: HelpView?
    public internal(set) var marks = Marks()
    /// Table columns scrolled away to the left with `>` (ColumnScroll.swift); what is shown is
    /// `ColumnFit`'s, at most what the width needs.
    public internal(set) var columnOffset = 0
    /// A short note for the status line ("search wrapped", "not found: x"); the next key or mouse
    /// event clears it.
    public internal(set) var notice: Notice?
    var refreshAnchor: RefreshAnchor?
    /// Single lines or a table, decided when the first page with items arrives.
    public internal(set) var rowLayout: RowLayout { didSet { fitViewportToList() } }
    /// Polling the first page for new items (`--follow`, `F`); Following.swift.
    public internal(set) var following: Following
    /// Set once the loader says the list is live (a streaming answer): see LiveList.swift.
    public internal(set) var live: LiveList?
    /// The preview pane of the item under the cursor (Preview.swift).
    public internal(set) var preview: PreviewPane {
        didSet { if preview.isOpen != oldValue.isOpen { fitViewportToList() } }
    }
    /// Item rows as last laid out, reused by the frames after (a memo: see `RowBodyCache`).
    var rowBodies = RowBodyCache()
    /// The last key was an Esc that closed the `/` or `&` prompt: an Esc right after it (Esc Esc,
    /// a vi user's habit) leaves the prompt, not the program (PromptEditing.swift).
    var escapeClosedPrompt = false
    /// The view `w` is writing, until the event loop says how it went.
    var pendingWrite: ViewWrite?

    public init(config: AppConfig, size: Size) {
        self.config = config
        self.size = size
        self.rowLayout = config.columns == .lines ? .lines : .undecided
        self.following = Following(interval: config.follow)
        self.preview = PreviewPane(isOpen: config.preview.opens)
        self.viewport = Viewport(height: AppState.contentHeight(for: size))
        viewport.resize(height: listHeight, itemCount: 0)
        store = PageStore(keepsIdentities: listCanBePolled)
        finding.rowQuery = config.rowQuery
        finding.order = config.sort.map(RowOrder.init(field:))
        if let filter = config.filter, !filter.isEmpty { finding.filter = Filter(TextMatcher(filter)) }
        finding.queryHistory = config.queryHistory
    }

    /// Whether polls can ever ask for this list's first page again (`--follow`, `F`): not a
    /// pipe, a file or a live stream (`config.followable` false, or the loader said it is live).
    /// The store keeps its items' identities only then (decision 71), and a new store (`R`) is
    /// made from this, not from a default.
    var listCanBePolled: Bool { config.followable && live == nil }

    /// The viewport's height follows the list's, derived from the size, the preview pane and a
    /// table's header row: called when one of them changes (their `didSet`), the one place the
    /// two are kept in step (issue 34: five call sites re-synced them by hand).
    private mutating func fitViewportToList() {
        viewport.resize(height: listHeight, itemCount: visibleCount)
    }

    /// Rows of the screen above the status line: the list's, the detail view's or the help's
    /// (none on a one-row screen).
    public var contentHeight: Int { Self.contentHeight(for: size) }

    /// Rows of the screen given to the list's rows: all but the status line, a preview pane
    /// under the list and, in a table, the header row (the viewport still counts one, so that
    /// moving and paging stay defined).
    public var listHeight: Int { max(0, listAreaHeight - headerRows) }

    /// 1 when a header row sits above the list: a table's, when there is room for a row under it.
    var headerRows: Int { rowLayout.table != nil && listAreaHeight >= 2 ? 1 : 0 }

    static func contentHeight(for size: Size) -> Int { max(0, size.rows - 1) }

    /// True while something on screen animates, so the event loop runs its tick timer only then
    /// and sleeps without wake-ups otherwise.
    public var isAnimating: Bool {
        if case .loading = loading.tail { return true }
        // The detail view's `G` or search walks a huge item a step per tick.
        if hasDetailWork { return true }
        // A gap row being loaded turns its spinner; a poll goes unseen.
        if case .gap = loading.poll?.purpose { return true }
        return loading.refetches.values.contains(where: \.isLoading)
    }

    /// How near the end (in visible rows) the cursor must come before the next page is requested:
    /// fixed, or with `auto` enough rows to cover the scrolling done while a page loads.
    public var prefetchDistance: Int {
        let speed = timing.rowsPerSecond
        let distance = config.prefetch.distance(screenRows: viewport.height, rowsPerSecond: speed, latency: loading.latency.seconds)
        guard case .auto = config.prefetch else { return distance }
        // Never further ahead than the memory window holds, or the page fetched early would be
        // the farthest one and dropped again before the user gets there.
        return min(distance, max(viewport.height, memoryBudget / 2))
    }
}
