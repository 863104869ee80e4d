/// A page a pass went over (`G`, `NG`, `N%` on a file, decision 145) has as many rows as the
/// file had lines there: a count, made without reading the items. Read for the first time, it
/// has what its bytes hold, which a line can make differ: a stray byte after an object
/// (`{"n":3000}}`) is a second row, the problem row that reading the file in order shows too.
/// Kept at the count, that page would cut its last row off and say it had changed; so the page
/// takes the rows it holds, and the rows below move (decision 160).
extension PageStore {
    /// Gives a counted page, read for the first time, the number of rows its answer holds, and
    /// moves the rows below. Returns how the rows changed; nil when the page was not counted (it
    /// was read before: `refill` judges it) or holds as many rows as counted.
    public mutating func settleCounted(page: Int, rows: Int) -> RowEdit? {
        guard var index = slotIndex(ofPage: page), slots[index].counted, slots[index].items == nil else { return nil }
        index = isolate(page: page, at: index)
        slots[index].counted = false
        let counted = slots[index].count
        guard rows != counted else { return nil }
        slots[index].count = rows
        largestPageSize = max(largestPageSize, rows)
        moveRows(after: index, by: rows - counted)
        return RowEdit(at: slots[index].firstRow + min(rows, counted), removed: max(0, counted - rows), inserted: max(0, rows - counted))
    }

    /// Moves the first row of every slot after `index` by `delta` (a slot's rows changed).
    mutating func moveRows(after index: Int, by delta: Int) {
        for below in (index + 1)..<slots.count { slots[below].firstRow += delta }
    }
}
