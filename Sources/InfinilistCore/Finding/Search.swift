/// The last search (`/`): what `n` and `N` repeat and what rows highlight. Matching is a
/// case-insensitive substring of the row text, the same `TextMatcher` the filter uses.
///
/// The list may be endless, so a forward search that finds nothing among the loaded rows keeps
/// asking for the next page, one at a time through the ordinary request path (so the
/// single-flight and stale-answer rules hold), until a match arrives or the source ends. Only
/// then does it wrap to the rows above the cursor.
///
/// Rows whose page the memory window dropped are not skipped: the scan stops there,
/// asks for that page again through the window's re-fetch path and goes on from it when it is
/// back, so a match in a dropped page is found before anything later (and before the tail).
public struct Search: Sendable, Equatable {
    public let matcher: TextMatcher
    /// Set while the search is loading pages to look further; Esc clears it.
    public internal(set) var pending: PendingSearch?

    public init(matcher: TextMatcher) {
        self.matcher = matcher
    }
}

/// A search waiting for pages: the tail's next page, or a dropped page being fetched again.
public struct PendingSearch: Sendable, Equatable {
    /// Which part of the list the scan is in.
    public enum Phase: Sendable, Equatable {
        /// Forward, below the origin; then the tail is loaded page by page.
        case below
        /// Forward from the top down to the origin, once the source has ended.
        case wrapped
        /// Backward (`N`), from above the origin up to the first row.
        case above
    }

    /// Forward: the first visible row not yet examined (rows that arrive from here on are).
    /// Backward: one past the next visible row to examine.
    public internal(set) var nextRow: Int
    /// Where the cursor was when the search started: the wrap searches the rows up to it.
    public internal(set) var origin: Int
    public internal(set) var phase: Phase = .below
    /// The dropped page the scan stopped at, being fetched again; nil when the scan waits for
    /// the tail. While it is set the tail is not loaded for the search: that page comes first.
    public internal(set) var waitingPage: Int?

    /// Whether the search needs the tail's next page (it has examined every known row below).
    public var needsTail: Bool { phase == .below && waitingPage == nil }

    /// The loader passed over rows up to `row` for this search, none of which can match: they
    /// are not examined (nor read again to be).
    mutating func passed(to row: Int) {
        if phase == .below { nextRow = max(nextRow, row) }
    }
}

extension AppState {
    /// Searches forward from the row after the cursor; see `Search`.
    mutating func startSearch(_ matcher: TextMatcher) -> [Effect] {
        // The search moves the cursor to its match; `G` following the tail would fight it.
        loading.readingToEnd = false
        finding.search = Search(matcher: matcher)
        let origin = viewport.cursor
        finding.search?.pending = PendingSearch(nextRow: origin + 1, origin: origin)
        advanceSearch()
        return []
    }

    /// `n` and `N`: the last search again, forward (loading pages as `/` does) or backward
    /// (up to the first row, fetching dropped pages above again, then wrapping to the bottom of
    /// what is loaded).
    mutating func repeatSearch(forward: Bool) -> [Effect] {
        guard let matcher = finding.search?.matcher else {
            notice = .noPreviousSearch
            return [.bell]
        }
        if forward { return startSearch(matcher) }
        loading.readingToEnd = false
        let origin = min(viewport.cursor, visibleCount)
        finding.search?.pending = PendingSearch(nextRow: origin, origin: origin, phase: .above)
        advanceSearch()
        return []
    }

    /// After a page arrived (the tail's or a re-fetched one): examines it for a pending search,
    /// and finishes the search at the end of the source. The re-fetch it may need next is asked
    /// for by `refetchNearbyPages`, which runs after every message.
    mutating func continueSearch() {
        guard let waiting = finding.search?.pending?.waitingPage else {
            advanceSearch()
            return
        }
        // Still waiting for a dropped page: nothing below it may be looked at before it.
        guard store.isLoaded(page: waiting) else { return }
        finding.search?.pending?.waitingPage = nil
        advanceSearch()
    }

    /// Esc while a search loads pages: stop asking for more (the page in flight may still land).
    mutating func stopSearch() {
        finding.search?.pending = nil
        notice = .searchStopped
    }

    /// The dropped page a pending search waits for, if any: re-fetched first and never dropped.
    var searchWaitingPage: Int? { finding.search?.pending?.waitingPage }

    /// A re-fetch the search was waiting for failed: the search cannot go past it.
    mutating func searchRefetchFailed(page: Int, message: String) {
        guard finding.search?.pending?.waitingPage == page else { return }
        finding.search?.pending = nil
        notice = .searchStoppedAtFailedRefetch(page)
    }

    /// Scans from where the pending search stopped until a match, a dropped page (the search
    /// then waits for it), the end of the known rows (it waits for the tail) or the end of the
    /// search. It sends nothing itself: the re-fetch goes out from `refetchNearbyPages` and the
    /// tail's page from `continueLoading`, both after every message, so each has one sender.
    private mutating func advanceSearch() {
        guard let matcher = finding.search?.matcher, var pending = finding.search?.pending else { return }
        let outcome: ScanOutcome
        switch pending.phase {
        case .below:
            outcome = scanForward(matcher, from: pending.nextRow, to: visibleCount)
        case .wrapped:
            outcome = scanForward(matcher, from: pending.nextRow, to: min(pending.origin + 1, visibleCount))
        case .above:
            outcome = scanBackward(matcher, from: min(pending.nextRow, visibleCount))
        }
        switch outcome {
        case .match(let row):
            finding.search?.pending = nil
            jump(to: row)
            notice = matchNotice(at: row, matcher: matcher, wrapped: pending.phase == .wrapped)
        case .dropped(let row, let page):
            if case .failed(let message) = loading.refetches[page] {
                finding.search?.pending = nil
                notice = .searchStoppedAtUnavailablePage(page, message: message)
                return
            }
            pending.nextRow = pending.phase == .above ? row + 1 : row
            pending.waitingPage = page
            finding.search?.pending = pending
            notice = .searchingPage(page)
        case .exhausted:
            finishScan(matcher, pending)
        }
    }

    /// Every row of the pending search's current part has been examined.
    private mutating func finishScan(_ matcher: TextMatcher, _ pending: PendingSearch) {
        var pending = pending
        pending.waitingPage = nil
        switch pending.phase {
        case .below:
            pending.nextRow = max(pending.nextRow, visibleCount)
            // Sorted, a page that arrives merges anywhere in the order, not below what was
            // examined: the search looks at the loaded rows only, and wraps (decision 140).
            let wraps = finding.order != nil
            switch loading.tail {
            case _ where wraps:
                finding.search?.pending = PendingSearch(nextRow: 0, origin: pending.origin, phase: .wrapped)
                advanceSearch()
            case .ended:
                finding.search?.pending = PendingSearch(nextRow: 0, origin: pending.origin, phase: .wrapped)
                advanceSearch()
            case .failed:
                finding.search?.pending = nil
                notice = .notFoundBeforeFailedPage
            case .idle, .loading:
                // The next page is requested by `continueLoading` (or is on its way already).
                if notice?.isSearchProgress == true { notice = nil }
                finding.search?.pending = pending
            }
        case .wrapped:
            finding.search?.pending = nil
            notice = .notFound(query: matcher.query)
        case .above:
            // Backward, the wrap looks only at the loaded rows below the origin (decision 14).
            finding.search?.pending = nil
            let origin = min(pending.origin, visibleCount)
            if let row = lastMatch(matcher, in: origin..<visibleCount) {
                jump(to: row)
                notice = matchNotice(at: row, matcher: matcher, wrapped: true)
            } else {
                notice = .notFound(query: matcher.query)
            }
        }
    }

    private enum ScanOutcome {
        case match(Int)
        /// The row `row` is in page `page`, which the window dropped.
        case dropped(row: Int, page: Int)
        case exhausted
    }

    private func scanForward(_ matcher: TextMatcher, from start: Int, to end: Int) -> ScanOutcome {
        var row = max(0, start)
        while row < end {
            if let outcome = examine(matcher, row) { return outcome }
            row += 1
        }
        return .exhausted
    }

    private func scanBackward(_ matcher: TextMatcher, from end: Int) -> ScanOutcome {
        var row = end - 1
        while row >= 0 {
            if let outcome = examine(matcher, row) { return outcome }
            row -= 1
        }
        return .exhausted
    }

    /// A match, a dropped page, or nil to go on. A row missing from a page that is in memory
    /// (the page came back shorter) has nothing to match and is passed over.
    private func examine(_ matcher: TextMatcher, _ row: Int) -> ScanOutcome? {
        if let item = item(atVisible: row) {
            return matcher.matches(item) ? .match(row) : nil
        }
        guard let storeRow = storeRow(at: row), let page = store.page(containing: storeRow),
              !store.isLoaded(page: page) else { return nil }
        return .dropped(row: row, page: page)
    }

    /// Rows were inserted into the filtered list at visible row `index`: the pending search's
    /// rows below it move down with their items.
    mutating func searchRowsInserted(at index: Int, count: Int) {
        guard count > 0 else { return }
        finding.search?.pending?.move(with: RowEdit(at: index, removed: 0, inserted: count))
    }

    private mutating func jump(to visibleRow: Int) {
        refreshAnchor = nil
        viewport.move(to: visibleRow, itemCount: visibleCount)
    }

    /// The first visible row in `rows` whose text matches; rows not in memory are skipped.
    func firstMatch(_ matcher: TextMatcher, in rows: Range<Int>) -> Int? {
        for row in rows {
            if let item = item(atVisible: row), matcher.matches(item) { return row }
        }
        return nil
    }

    func lastMatch(_ matcher: TextMatcher, in rows: Range<Int>) -> Int? {
        for row in rows.reversed() {
            if let item = item(atVisible: row), matcher.matches(item) { return row }
        }
        return nil
    }
}
