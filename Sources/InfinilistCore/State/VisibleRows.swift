/// The one mapping between the rows the user sees (the viewport's rows) and the store's rows.
/// Without a filter or a sort they are the same; with a sort, `RowOrder.rows` maps them (over the
/// filter's rows when there is one); with a filter alone, `Filter.rows`. Every use of a row
/// number outside the viewport goes through here, so the two kinds are never confused.
extension AppState {
    /// Rows the list shows: every loaded row, or the ones the filter keeps.
    public var visibleCount: Int { finding.order?.rows.count ?? finding.filter?.rows.count ?? store.itemCount }

    /// The store row shown at a visible row; nil when out of range. O(1).
    public func storeRow(at visibleRow: Int) -> Int? {
        guard visibleRow >= 0, visibleRow < visibleCount else { return nil }
        if let order = finding.order { return order.rows[visibleRow] }
        return finding.filter.map { $0.rows[visibleRow] } ?? visibleRow
    }

    /// The visible row that shows `storeRow`, nil when it is hidden or not loaded. O(log n).
    public func visibleRow(of storeRow: Int) -> Int? {
        if let order = finding.order { return order.position(of: storeRow) }
        guard let filter = finding.filter else { return storeRow >= 0 && storeRow < store.itemCount ? storeRow : nil }
        let index = filter.firstVisible(atOrAfter: storeRow)
        return index < filter.rows.count && filter.rows[index] == storeRow ? index : nil
    }

    /// The visible row closest to `storeRow`: itself when shown, else the next shown row below
    /// it, else the last one above (sorted: itself, else the cursor's row, clamped). 0 when
    /// nothing is shown. O(log n).
    func visibleRow(nearest storeRow: Int) -> Int {
        if let order = finding.order { return order.position(of: storeRow) ?? min(viewport.cursor, max(0, order.rows.count - 1)) }
        guard let filter = finding.filter else { return min(max(0, storeRow), max(0, store.itemCount - 1)) }
        return min(filter.firstVisible(atOrAfter: storeRow), max(0, filter.rows.count - 1))
    }

    /// The store row under the cursor; nil when no row is shown.
    public var cursorStoreRow: Int? { storeRow(at: viewport.cursor) }

    /// The item under the cursor, if its page is in memory.
    public var selectedItem: Item? { cursorStoreRow.flatMap { store.item(at: $0) } }

    /// The item shown at a visible row, if its page is in memory.
    func item(atVisible visibleRow: Int) -> Item? {
        storeRow(at: visibleRow).flatMap { store.item(at: $0) }
    }
}
