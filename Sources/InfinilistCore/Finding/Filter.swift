/// The active filter (`&`): which store rows match, so the list can show only those.
///
/// `rows` is the map from visible rows to store rows: visible row *i* is store row `rows[i]`,
/// an O(1) lookup, and the reverse is a binary search. It is built once when the filter is
/// applied and then only extended by the rows of each page that arrives, never rebuilt on a key.
/// Rows are kept by number, not by item, so a page later dropped from memory keeps its
/// place in the filtered list and shows placeholders like any other.
///
/// A page that was already dropped when its rows were examined cannot be tested then: it is
/// remembered in `untestedPages`, fetched again through the window's re-fetch path, and its
/// matching rows are merged in, in order, when it is back (`test(page:in:)`).
public struct Filter: Sendable, Equatable {
    /// What a row must hold to be shown.
    public enum Test: Sendable, Equatable {
        /// Text in one of its cells, or its line (`&`).
        case text(TextMatcher)
        /// A field with this value (Enter in the counts view, `#`).
        case value(FieldValue)
        /// Both: a value picked in counts made over a text filter's rows.
        case textAndValue(TextMatcher, FieldValue)
    }

    public let test: Test
    /// Matching store rows, ascending.
    public private(set) var rows: [Int] = []
    /// Store rows below this have been examined.
    public private(set) var scanned = 0
    /// The dropped pages not tested yet: tested, and their matches merged, when they come back.
    public private(set) var untestedPages: Set<Int> = []

    public init(_ matcher: TextMatcher) {
        self.test = .text(matcher)
    }

    public init(_ value: FieldValue) {
        self.test = .value(value)
    }

    init(test: Test) {
        self.test = test
    }

    /// The text filter's matcher (rows highlight it); nil for a value filter.
    public var matcher: TextMatcher? {
        switch test {
        case .text(let matcher), .textAndValue(let matcher, _): return matcher
        case .value: return nil
        }
    }

    /// As the status line shows it: the query, or `state = open`.
    public var label: String {
        switch test {
        case .text(let matcher): return matcher.query
        case .value(let value): return value.label
        case .textAndValue(let matcher, let value): return matcher.query + " · " + value.label
        }
    }

    func matches(_ item: Item) -> Bool {
        switch test {
        case .text(let matcher): return matcher.matches(item)
        case .value(let value): return FieldValue.of(item, path: value.path) == value
        case .textAndValue(let matcher, let value): return matcher.matches(item) && FieldValue.of(item, path: value.path) == value
        }
    }

    /// Examines the rows that arrived since the last call.
    mutating func extend(over store: PageStore) {
        guard scanned < store.itemCount else { return }
        store.forEachItem(in: scanned..<store.itemCount) { row, item in
            guard let item else {
                // A row missing from a page in memory (the page came back shorter) is gone, not
                // untested; only a dropped page can be tested later.
                if let page = store.page(containing: row), !store.isLoaded(page: page) {
                    untestedPages.insert(page)
                }
                return
            }
            if matches(item) { rows.append(row) }
        }
        scanned = store.itemCount
    }

    /// Tests an untested page that is back in memory and inserts its matching rows in order.
    /// Returns where they went (as a visible row) and how many, or nil when the page was not
    /// waiting to be tested. Its rows are contiguous and none of them is in `rows` yet, so they
    /// go in one slice at the first index past the rows above the page.
    mutating func test(page: Int, in store: PageStore) -> (index: Int, count: Int)? {
        guard store.isLoaded(page: page), untestedPages.remove(page) != nil else { return nil }
        let pageRows = store.rows(ofPage: page)
        var matches: [Int] = []
        store.forEachItem(in: pageRows) { row, item in
            if let item, self.matches(item) { matches.append(row) }
        }
        let index = firstVisible(atOrAfter: pageRows.lowerBound)
        rows.insert(contentsOf: matches, at: index)
        return (index, matches.count)
    }

    /// The store's rows changed at `edit.at` (the store already holds the new rows): rows below
    /// move, removed rows go, and the rows put in are tested now when rows around them have been
    /// examined (else `extend` examines them in turn). Returns the same edit in visible rows.
    mutating func apply(_ edit: RowEdit, store: PageStore) -> RowEdit {
        let start = firstVisible(atOrAfter: edit.at)
        let end = firstVisible(atOrAfter: edit.at + edit.removed)
        var matches: [Int] = []
        if edit.at < scanned {
            store.forEachItem(in: edit.at..<(edit.at + edit.inserted)) { row, item in
                if let item, self.matches(item) { matches.append(row) }
            }
        }
        for index in end..<rows.count { rows[index] += edit.delta }
        rows.replaceSubrange(start..<end, with: matches)
        if scanned >= edit.at + edit.removed {
            scanned += edit.delta
        } else if scanned > edit.at {
            scanned = edit.at + edit.inserted
        }
        return RowEdit(at: start, removed: end - start, inserted: matches.count)
    }

    /// Forgets every row (the store was cleared for a refresh); the query stays.
    mutating func reset() {
        rows = []
        scanned = 0
        untestedPages = []
    }

    /// Whether store row `row` is shown. O(log n).
    func keeps(_ row: Int) -> Bool {
        let index = firstVisible(atOrAfter: row)
        return index < rows.count && rows[index] == row
    }

    /// The index of the first matching row at or after `storeRow` (`rows.count` if none).
    func firstVisible(atOrAfter storeRow: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if rows[mid] < storeRow { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension AppState {
    /// Applies the filter typed at the `&` prompt; an empty one shows every row again. The cursor
    /// stays on its item when the item is still shown, else goes to the nearest shown row below
    /// it (or above, at the end), at the same height on screen.
    mutating func applyFilter(_ query: String) {
        applyFilter(query.isEmpty ? nil : Filter(TextMatcher(query)))
    }

    /// Applies `filter` afresh (nil: every row), over every loaded row.
    mutating func applyFilter(_ filter: Filter?) {
        finding.search?.pending = nil
        let anchor = cursorStoreRow
        let offset = viewport.cursor - viewport.top
        if let filter {
            var newFilter = Filter(test: filter.test)
            newFilter.extend(over: store)
            finding.filter = newFilter
        } else {
            finding.filter = nil
        }
        reorder()
        refreshAnchor = nil
        viewport.place(cursor: visibleRow(nearest: anchor ?? 0), offset: offset, itemCount: visibleCount)
    }
}

extension AppState {
    /// A page the filter could not test has come back: merges its matches and keeps the cursor
    /// on its item, and the screen still, by moving the cursor and the top down by the rows
    /// inserted above the cursor (a pending search's rows move with them).
    mutating func filterPageArrived(_ page: Int) {
        guard var current = finding.filter else { return }
        let wasEmpty = current.rows.isEmpty
        guard let inserted = current.test(page: page, in: store) else { return }
        finding.filter = current
        if current.untestedPages.isEmpty, notice?.isFilterProgress == true { notice = nil }
        guard inserted.count > 0 else { return }
        guard finding.order == nil else {
            // Sorted, the rows go where their keys put them, not together.
            keepCursorWhileReordering()
            return
        }
        searchRowsInserted(at: inserted.index, count: inserted.count)
        // With nothing shown before, the cursor was on no item: it stays on the first row.
        if !wasEmpty, viewport.cursor >= inserted.index {
            let offset = viewport.cursor - viewport.top
            viewport.place(cursor: viewport.cursor + inserted.count, offset: offset, itemCount: visibleCount)
        } else {
            viewport.clamp(itemCount: visibleCount)
        }
    }

    /// The untested pages to fetch again now: the nearest to the cursor first, so that at most
    /// `limit` are on their way at once (each costs a request and, briefly, memory).
    func filterPagesToRefetch(limit: Int = 2) -> [Int] {
        guard let untested = finding.filter?.untestedPages, !untested.isEmpty else { return [] }
        let inFlight = untested.filter { loading.refetches[$0]?.isLoading == true }.count
        guard inFlight < limit else { return [] }
        // By place in the list, not page number: pages of new items above it are numbered apart.
        let anchor = cursorStoreRow.flatMap { store.page(containing: $0) }.flatMap(store.position(ofPage:)) ?? 0
        let place = { (page: Int) in store.position(ofPage: page) ?? 0 }
        return untested
            .filter { loading.refetches[$0] == nil }
            .sorted { (abs(place($0) - anchor), place($0)) < (abs(place($1) - anchor), place($1)) }
            .prefix(limit - inFlight)
            .map { $0 }
    }
}
