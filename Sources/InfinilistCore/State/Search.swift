/// The last search (`/`): what `n` and `N` repeat and what rows highlight. Matching is a
/// case-insensitive substring of the row text, the same `TextMatcher` the filter uses.
///
/// The list may be endless, so a forward search that finds nothing among the loaded rows keeps
/// asking for the next page, one at a time through the ordinary request path (so the
/// single-flight and stale-answer rules hold), until a match arrives or the source ends. Only
/// then does it wrap to the rows above the cursor.
public struct Search: Sendable, Equatable {
    public let matcher: TextMatcher
    /// Set while the search is loading pages to look further; Esc clears it.
    public internal(set) var pending: PendingSearch?

    public init(matcher: TextMatcher) {
        self.matcher = matcher
    }
}

/// A forward search waiting for more pages.
public struct PendingSearch: Sendable, Equatable {
    /// The first visible row not yet examined: rows that arrive from here on are.
    public internal(set) var nextRow: Int
    /// Where the cursor was when the search started: the wrap searches the rows up to it.
    public let origin: Int
}

extension AppState {
    /// Searches forward from the row after the cursor; see `Search`.
    mutating func startSearch(_ matcher: TextMatcher) -> [Effect] {
        search = Search(matcher: matcher)
        let origin = viewport.cursor
        if let row = firstMatch(matcher, in: (origin + 1)..<max(origin + 1, visibleCount)) {
            jump(to: row)
            return []
        }
        switch tail {
        case .ended:
            wrapSearch(matcher, origin: origin)
        case .failed:
            notice = "not found in the loaded rows (a page failed: r retries)"
        case .idle, .loading:
            // The next page is requested by `continueLoading` (or is on its way already).
            let pending = PendingSearch(nextRow: visibleCount, origin: origin)
            search?.pending = pending
        }
        return []
    }

    /// `n` and `N`: the last search again, forward (loading pages as `/` does) or backward
    /// (among the loaded rows only, wrapping to the bottom of what is loaded).
    mutating func repeatSearch(forward: Bool) -> [Effect] {
        guard let matcher = search?.matcher else {
            notice = "no previous search"
            return [.bell]
        }
        if forward { return startSearch(matcher) }
        search?.pending = nil
        let origin = viewport.cursor
        if let row = lastMatch(matcher, in: 0..<min(origin, visibleCount)) {
            jump(to: row)
        } else if let row = lastMatch(matcher, in: min(origin, visibleCount)..<visibleCount) {
            jump(to: row)
            notice = "search wrapped"
        } else {
            notice = "not found: \(matcher.query)"
        }
        return []
    }

    /// After a page arrived: examines its rows for a pending search, and finishes the search at
    /// the end of the source.
    mutating func continueSearch() {
        guard let matcher = search?.matcher, var pending = search?.pending else { return }
        if let row = firstMatch(matcher, in: pending.nextRow..<max(pending.nextRow, visibleCount)) {
            search?.pending = nil
            jump(to: row)
            return
        }
        pending.nextRow = max(pending.nextRow, visibleCount)
        if case .ended = tail {
            search?.pending = nil
            wrapSearch(matcher, origin: pending.origin)
        } else {
            search?.pending = pending
        }
    }

    /// Esc while a search loads pages: stop asking for more (the page in flight may still land).
    mutating func stopSearch() {
        search?.pending = nil
        notice = "search stopped"
    }

    /// The source has ended with no match below `origin`: look from the top down to it.
    private mutating func wrapSearch(_ matcher: TextMatcher, origin: Int) {
        if let row = firstMatch(matcher, in: 0..<min(origin + 1, visibleCount)) {
            jump(to: row)
            notice = "search wrapped"
        } else {
            notice = "not found: \(matcher.query)"
        }
    }

    private mutating func jump(to visibleRow: Int) {
        refreshAnchor = nil
        viewport.move(to: visibleRow, itemCount: visibleCount)
    }

    /// The first visible row in `rows` whose text matches; rows not in memory are skipped.
    func firstMatch(_ matcher: TextMatcher, in rows: Range<Int>) -> Int? {
        for row in rows {
            if let item = item(atVisible: row), matcher.matches(item.text) { return row }
        }
        return nil
    }

    func lastMatch(_ matcher: TextMatcher, in rows: Range<Int>) -> Int? {
        for row in rows.reversed() {
            if let item = item(atVisible: row), matcher.matches(item.text) { return row }
        }
        return nil
    }
}
