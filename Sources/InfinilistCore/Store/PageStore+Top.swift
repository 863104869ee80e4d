/// New items above the list: pages a poll found, and gap rows. They are slots like any other, so
/// the page window drops and re-fetches them as it does the list's own pages; putting them in
/// moves every row below, which the returned `RowEdit` describes.
extension PageStore {
    /// Puts pages of new items (and, when a poll stopped at its page limit, a gap row after them)
    /// above the first row. Pages without items are left out.
    public mutating func insertAtTop(_ pages: [NewPage], gap: GapRow? = nil) -> RowEdit {
        let made = makeSlots(pages, gap: gap, from: 0)
        let inserted = made.reduce(0) { $0 + $1.count }
        for index in slots.indices { slots[index].firstRow += inserted }
        slots.insert(contentsOf: made, at: 0)
        topCount += made.count
        indexTop()
        return RowEdit(at: 0, removed: 0, inserted: inserted)
    }

    /// Puts pages of new items (and, when there are still more, a new gap row after them) in the
    /// place of the gap row `page`. Nil when `page` is not a gap row.
    public mutating func replaceGap(_ page: Int, with pages: [NewPage], gap: GapRow? = nil) -> RowEdit? {
        guard let index = topIndex[page], slots[index].isGap else { return nil }
        let at = slots[index].firstRow
        let made = makeSlots(pages, gap: gap, from: at)
        let inserted = made.reduce(0) { $0 + $1.count }
        let removed = slots[index].count
        moveRows(after: index, by: inserted - removed)
        slots.replaceSubrange(index...index, with: made)
        topCount += made.count - 1
        indexTop()
        return RowEdit(at: at, removed: removed, inserted: inserted)
    }

    /// The gap row's page at a row; nil when the row is not a gap row.
    public func gapPage(at row: Int) -> Int? {
        guard let index = slotIndex(containing: row), slots[index].isGap else { return nil }
        return slots[index].page
    }

    /// A page's place among the pages, in list order (0 for the first page shown); nil for a
    /// page not in the store.
    public func position(ofPage page: Int) -> Int? {
        guard contains(page: page) else { return nil }
        return page < 0 ? topIndex[page] : topCount + page
    }

    /// Every page in order (a run's one by one), for checks: its page, rows, origin and whether
    /// it is in memory.
    public var layout: [(page: Int, rows: Range<Int>, origin: SlotOrigin, loaded: Bool)] {
        slots.flatMap { slot in
            (slot.page..<(slot.page + slot.pages)).map { (page: $0, rows: slot.rows(ofPage: $0), origin: slot.origin, loaded: slot.items != nil) }
        }
    }

    /// Slots the store holds: a run of dropped pages counts once (for checks of its memory).
    public var slotCount: Int { slots.count }

    private mutating func makeSlots(_ pages: [NewPage], gap: GapRow?, from firstRow: Int) -> [Slot] {
        var made: [Slot] = []
        var row = firstRow
        for page in pages where !page.items.isEmpty {
            let identities = page.items.identities
            made.append(Slot(page: page.page, firstRow: row, count: page.items.count, items: SlotItems(page.items), sources: nil, identities: identities, origin: .poll(page.address)))
            row += page.items.count
            loadedItemCount += page.items.count
            largestPageSize = max(largestPageSize, page.items.count)
        }
        if let gap {
            made.append(Slot(page: gap.page, firstRow: row, count: 1, items: SlotItems(filling: [nil]), sources: nil, identities: [], origin: .gap(gap.address)))
        }
        return made
    }

    private mutating func indexTop() {
        topIndex = [:]
        for index in 0..<topCount { topIndex[slots[index].page] = index }
    }
}
