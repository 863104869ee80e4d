/// The active filter (`&`): which store rows match, so the list can show only those.
///
/// `rows` is the map from visible rows to store rows: visible row *i* is store row `rows[i]`,
/// an O(1) lookup, and the reverse is a binary search. It is built once when the filter is
/// applied and then only extended by the rows of each page that arrives, never rebuilt on a key.
/// Rows are kept by number, not by item, so a page later dropped from memory (issue 5) keeps its
/// place in the filtered list and shows placeholders like any other.
public struct Filter: Sendable, Equatable {
    public let matcher: TextMatcher
    /// Matching store rows, ascending.
    public private(set) var rows: [Int] = []
    /// Store rows below this have been examined.
    public private(set) var scanned = 0
    /// Store rows examined whose page was not in memory, so they could not be tested.
    public private(set) var untested = 0

    public init(_ matcher: TextMatcher) {
        self.matcher = matcher
    }

    /// Examines the rows that arrived since the last call.
    mutating func extend(over store: PageStore) {
        guard scanned < store.itemCount else { return }
        store.forEachItem(in: scanned..<store.itemCount) { row, item in
            guard let item else {
                untested += 1
                return
            }
            if matcher.matches(item.text) { rows.append(row) }
        }
        scanned = store.itemCount
    }

    /// Forgets every row (the store was cleared for a refresh); the query stays.
    mutating func reset() {
        rows = []
        scanned = 0
        untested = 0
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
        search?.pending = nil
        let anchor = cursorStoreRow
        let offset = viewport.cursor - viewport.top
        if query.isEmpty {
            filter = nil
        } else {
            var newFilter = Filter(TextMatcher(query))
            newFilter.extend(over: store)
            filter = newFilter
        }
        refreshAnchor = nil
        viewport.place(cursor: visibleRow(nearest: anchor ?? 0), offset: offset, itemCount: visibleCount)
    }
}
