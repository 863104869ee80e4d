/// The loaded rows in sorted order (`s`, `--sort`): the map from visible rows to store rows when
/// a sort is on, as `Filter.rows` is without one, over the filter's rows when there is a filter.
///
/// Each row's key is made once, when the row is first seen (`key(rows:…)`), and kept by store
/// row even after its page is dropped from memory, so the order never needs the items again.
/// New pages are sorted on their own and merged in (`merge`), O(n) per page; anything that
/// renumbers rows (a poll's new items, a filter) sorts again from the keys, O(n log n), which
/// for 100,000 rows is a few tens of milliseconds (docs/performance.md). Ties keep the server's
/// order, and rows without a value (null, missing) come last in either direction.
public struct RowOrder: Sendable {
    public private(set) var field: SortField
    /// The key of each store row seen so far, by store row; nil for a null or missing value,
    /// and for a row whose page was not in memory when it was seen (see `unkeyedPages`).
    private(set) var keys: [SortKey?] = []
    /// Visible row → store row.
    public private(set) var rows: [Int] = []
    /// Store row → its index in `rows`; -1 when it is not shown (filtered out, not merged yet).
    private var positions: [Int32] = []
    /// Pages that were not in memory when their rows were seen: their rows sort last until the
    /// page is read again (`PageWindow` asks for them, a few at a time) and keyed then.
    public private(set) var unkeyedPages: Set<Int> = []

    public init(field: SortField) {
        self.field = field
    }

    /// The same rows the other way, in O(n): the keyed rows reversed, then each run of equal
    /// keys reversed back (ties keep the server's order), the rows without a key staying last.
    func reversed() -> RowOrder {
        var copy = self
        copy.field = field.reversed
        var keyedEnd = rows.count
        while keyedEnd > 0, key(of: rows[keyedEnd - 1]) == nil { keyedEnd -= 1 }
        var flipped = Array(rows[..<keyedEnd].reversed())
        var start = 0
        while start < flipped.count {
            var end = start + 1
            while end < flipped.count, key(of: flipped[end]) == key(of: flipped[start]) { end += 1 }
            if end - start > 1 { flipped[start..<end].reverse() }
            start = end
        }
        copy.rows = flipped + rows[keyedEnd...]
        copy.rebuildPositions(rowCount: positions.count)
        return copy
    }

    private func key(of row: Int) -> SortKey? { row < keys.count ? keys[row] : nil }

    /// The visible row of `storeRow`; nil when it is not shown. O(1).
    func position(of storeRow: Int) -> Int? {
        guard storeRow >= 0, storeRow < positions.count else { return nil }
        let position = Int(positions[storeRow])
        return position >= 0 ? position : nil
    }

    /// Makes the keys of `rows` (rows of the store not keyed yet, or keyed again when their page
    /// is back) with `key`, which is nil for a row whose item is not in memory.
    mutating func key(rows range: Range<Int>, store: PageStore, key: (Item) -> SortKey?) {
        if keys.count < range.upperBound { keys.append(contentsOf: repeatElement(nil, count: range.upperBound - keys.count)) }
        store.forEachItem(in: range) { row, item in
            guard let item else {
                if let page = store.page(containing: row), !store.isLoaded(page: page) { unkeyedPages.insert(page) }
                keys[row] = nil
                return
            }
            keys[row] = key(item)
        }
    }

    /// A page read again is back: its rows get their keys again (it may have waited for them, or
    /// its items changed on the server). False when no key changed (the order stands).
    mutating func keyReturned(page: Int, store: PageStore, key: (Item) -> SortKey?) -> Bool {
        guard store.isLoaded(page: page) else { return false }
        let waited = unkeyedPages.remove(page) != nil
        let rows = store.rows(ofPage: page)
        guard rows.upperBound <= keys.count else { return waited }
        let before = keys[rows]
        self.key(rows: rows, store: store, key: key)
        return waited || keys[rows] != before
    }

    /// The store's rows changed at `edit.at` (new items at the top, a gap filled): keys move
    /// with their rows, and the rows put in are keyed. The order must then be made again.
    mutating func apply(_ edit: RowEdit, store: PageStore, key: (Item) -> SortKey?) {
        guard edit.at <= keys.count else { return }
        let removedEnd = min(keys.count, edit.at + edit.removed)
        keys.replaceSubrange(edit.at..<removedEnd, with: repeatElement(nil, count: edit.inserted))
        self.key(rows: edit.at..<(edit.at + edit.inserted), store: store, key: key)
        let shifted = unkeyedPages
        unkeyedPages = shifted.filter { store.contains(page: $0) && !store.isLoaded(page: $0) }
    }

    /// Sorts `shown` (the rows the list shows: all, or the filter's) from the keys.
    mutating func order(_ shown: [Int]) {
        var sorted = shown
        sorted.sort(by: precedes)
        rows = sorted
        rebuildPositions(rowCount: max(keys.count, (shown.max() ?? -1) + 1))
    }

    /// Merges newly shown rows (a page that arrived), already keyed, into the order: O(n).
    mutating func merge(_ shown: [Int]) {
        guard !shown.isEmpty else { return }
        var added = shown
        added.sort(by: precedes)
        var merged: [Int] = []
        merged.reserveCapacity(rows.count + added.count)
        var old = rows[...]
        var new = added[...]
        while let a = old.first, let b = new.first {
            if precedes(b, a) { merged.append(b); new.removeFirst() } else { merged.append(a); old.removeFirst() }
        }
        merged.append(contentsOf: old)
        merged.append(contentsOf: new)
        rows = merged
        rebuildPositions(rowCount: keys.count)
    }

    /// Forgets every row (a refresh); the field stays.
    mutating func reset() {
        keys = []
        rows = []
        positions = []
        unkeyedPages = []
    }

    /// Whether store row `a` comes before `b`: by key in the field's direction, rows without a
    /// key last, ties in the server's order.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        let first = a < keys.count ? keys[a] : nil
        let second = b < keys.count ? keys[b] : nil
        switch (first, second) {
        case (nil, nil): return a < b
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?):
            if x == y { return a < b }
            return field.descending ? y < x : x < y
        }
    }

    private mutating func rebuildPositions(rowCount: Int) {
        positions = Array(repeating: -1, count: rowCount)
        for (index, row) in rows.enumerated() where row < rowCount { positions[row] = Int32(index) }
    }
}
