/// The loaded items, held page by page.
///
/// Rows are addressed by their global position in the list. Pages are kept as slots so that a
/// later memory budget (issue 5) can drop a page's items while keeping its place and size, and
/// fill them in again when the page is fetched anew; `item(at:)` then answers nil for a row
/// that is known but not in memory, and the renderer shows a placeholder.
public struct PageStore: Sendable {
    /// One page's place in the list.
    struct Slot: Sendable {
        let page: Int
        let firstRow: Int
        var count: Int
        var items: [Item]?
    }

    private var slots: [Slot] = []

    public init() {}

    /// Rows known in the list (loaded or dropped).
    public var itemCount: Int { slots.last.map { $0.firstRow + $0.count } ?? 0 }

    /// Pages received so far; the next page to ask for has this ordinal.
    public var pageCount: Int { slots.count }

    /// Appends the next page. Pages arrive in order; the caller guarantees it.
    public mutating func append(_ items: [Item]) {
        slots.append(Slot(page: slots.count, firstRow: itemCount, count: items.count, items: items))
    }

    /// The item at a row, or nil when the row is out of range or its page is not in memory.
    public func item(at row: Int) -> Item? {
        guard let index = slotIndex(containing: row), let items = slots[index].items else { return nil }
        return items[row - slots[index].firstRow]
    }

    /// Calls `body` with each row in `rows` (clamped to the known rows) and its item, nil when
    /// its page is not in memory. Walks the pages directly: no search per row.
    public func forEachItem(in rows: Range<Int>, _ body: (Int, Item?) -> Void) {
        let rows = rows.clamped(to: 0..<itemCount)
        guard !rows.isEmpty, var index = slotIndex(containing: rows.lowerBound) else { return }
        var row = rows.lowerBound
        while row < rows.upperBound, index < slots.count {
            let slot = slots[index]
            let end = min(rows.upperBound, slot.firstRow + slot.count)
            while row < end {
                body(row, slot.items?[row - slot.firstRow])
                row += 1
            }
            index += 1
        }
    }

    /// The page that holds a row.
    public func page(containing row: Int) -> Int? {
        slotIndex(containing: row).map { slots[$0].page }
    }

    private func slotIndex(containing row: Int) -> Int? {
        guard row >= 0, row < itemCount else { return nil }
        var low = 0
        var high = slots.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if slots[mid].firstRow <= row { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
