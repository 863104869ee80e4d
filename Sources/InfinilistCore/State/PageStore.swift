/// The loaded items, held page by page.
///
/// Rows are addressed by their global position in the list. Pages are kept as slots so that the
/// memory budget (PageWindow.swift) can drop a page's items while keeping its place and size, and
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
    /// Items currently in memory (rows of pages not dropped).
    public private(set) var loadedItemCount = 0
    /// The most items any page has brought: the unit of the default memory budget.
    public private(set) var largestPageSize = 0

    public init() {}

    /// Rows known in the list (loaded or dropped).
    public var itemCount: Int { slots.last.map { $0.firstRow + $0.count } ?? 0 }

    /// Pages received so far; the next page to ask for has this ordinal.
    public var pageCount: Int { slots.count }

    /// Appends the next page. Pages arrive in order; the caller guarantees it.
    public mutating func append(_ items: [Item]) {
        slots.append(Slot(page: slots.count, firstRow: itemCount, count: items.count, items: items))
        loadedItemCount += items.count
        largestPageSize = max(largestPageSize, items.count)
    }

    /// Whether a page's items are in memory (false for a dropped page or an unknown one).
    public func isLoaded(page: Int) -> Bool {
        slots.indices.contains(page) && slots[page].items != nil
    }

    /// The rows a page occupies.
    public func rows(ofPage page: Int) -> Range<Int> {
        guard slots.indices.contains(page) else { return 0..<0 }
        return slots[page].firstRow..<(slots[page].firstRow + slots[page].count)
    }

    /// Frees a page's items; its rows keep their place and show as placeholders.
    public mutating func drop(page: Int) {
        // A page with no rows costs nothing and is never re-fetched.
        guard slots.indices.contains(page), slots[page].count > 0, let items = slots[page].items else { return }
        loadedItemCount -= items.count
        slots[page].items = nil
    }

    /// Puts a re-fetched page back. Its rows keep their place whatever the server says now, so
    /// nothing on screen moves: extra items are left out, and rows it no longer fills stay empty
    /// (`item(at:)` is nil in a loaded page: the renderer says they are gone).
    /// Returns false when the page came back with a different number of items.
    @discardableResult
    public mutating func refill(page: Int, with items: [Item]) -> Bool {
        guard slots.indices.contains(page), slots[page].items == nil else { return true }
        let kept = Array(items.prefix(slots[page].count))
        slots[page].items = kept
        loadedItemCount += kept.count
        return items.count == slots[page].count
    }

    /// Replaces every item in memory by `transform` of it (rows and pages keep their places).
    mutating func mapLoadedItems(_ transform: (Item) -> Item) {
        for index in slots.indices {
            if let items = slots[index].items { slots[index].items = items.map(transform) }
        }
    }

    /// Pages in memory, in order, with their rows: the candidates for dropping.
    public var loadedPages: [(page: Int, rows: Range<Int>)] {
        slots.compactMap { slot in
            slot.items == nil ? nil : (slot.page, slot.firstRow..<(slot.firstRow + slot.count))
        }
    }

    /// The dropped pages among those that hold `rows`.
    public func droppedPages(in rows: Range<Int>) -> [Int] {
        let rows = rows.clamped(to: 0..<itemCount)
        guard !rows.isEmpty, var index = slotIndex(containing: rows.lowerBound) else { return [] }
        var pages: [Int] = []
        while index < slots.count, slots[index].firstRow < rows.upperBound {
            if slots[index].items == nil, slots[index].count > 0 { pages.append(slots[index].page) }
            index += 1
        }
        return pages
    }

    /// The item at a row, or nil when the row is out of range or its page is not in memory.
    public func item(at row: Int) -> Item? {
        guard let index = slotIndex(containing: row), let items = slots[index].items else { return nil }
        let offset = row - slots[index].firstRow
        return offset < items.count ? items[offset] : nil
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
                let offset = row - slot.firstRow
                body(row, slot.items.flatMap { offset < $0.count ? $0[offset] : nil })
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
