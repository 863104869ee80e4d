extension AppState {
    /// Rows past which a search does not count its matches: each `n` would read them all.
    static let countedSearchRows = 200_000

    /// "match 3 of 12 loaded" for a search that landed on visible row `row` (issue 33: less and
    /// fzf say where a match is among all of them). Counted over the rows in memory: a dropped
    /// page is not fetched again to count, and rows the list has not read yet are unknown, so the
    /// count says "loaded" unless it covers the whole list. Past `countedSearchRows` rows only a
    /// wrap is said.
    func matchNotice(at row: Int, matcher: TextMatcher, wrapped: Bool) -> Notice? {
        guard visibleCount <= Self.countedSearchRows else { return wrapped ? .searchWrapped : nil }
        var index = 0
        var count = 0
        var missing = false
        for visible in 0..<visibleCount {
            guard let item = item(atVisible: visible) else {
                missing = true
                continue
            }
            guard matcher.matches(item) else { continue }
            count += 1
            if visible <= row { index += 1 }
        }
        var ended = false
        if case .ended = loading.tail { ended = true }
        return .searchMatch(index: index, count: count, wrapped: wrapped, whole: ended && !missing)
    }
}
