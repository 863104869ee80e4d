import Synchronization

/// The loaded items, held page by page.
///
/// Rows are addressed by their global position in the list. Pages are kept as slots so that the
/// memory budget (PageWindow.swift) can drop a page's items while keeping its place and size, and
/// fill them in again when the page is fetched anew; `item(at:)` then answers nil for a row
/// that is known but not in memory, and the renderer shows a placeholder.
///
/// Slots are in list order: first the ones a live list's polls put above it (new items, and gap
/// rows standing for new items not loaded yet; PageStore+Top.swift), then the list's own pages.
/// Dropped pages of the walk that keep nothing (deeper than `rowsWithIdentities`, or in a list
/// that is never polled) and have as many rows as their neighbours are merged into one slot, a
/// run: an endless search or a `G` down millions of items then leaves one slot behind it rather
/// than one per page (issue 32), and a page of the run fetched again gets its own slot back.
/// A page is named by a number that never changes while it is in the store, whatever is put
/// above it: the list's own pages by their ordinal (0, 1, …, what the loader's walk calls them),
/// the others by negative numbers the core chose when it asked for them. So anything that holds
/// a page number (a re-fetch on its way, a filter's untested pages, a search waiting) stays
/// right when rows are inserted; only row numbers move, and `RowEdit` says how.
public struct PageStore: Sendable {
    /// One page's place in the list, or a run of dropped pages (`pages` > 1).
    struct Slot: Sendable {
        /// The page, or the first page of a run.
        let page: Int
        var firstRow: Int
        /// The rows of the page (of each page of a run).
        var count: Int
        /// The rows' items; nil when the page is dropped. A nil element is a row the page no
        /// longer fills (it came back shorter, or without that item).
        var items: SlotItems? { didSet { stamp = PageStore.newStamp() } }
        /// The page's items as they arrived, when a `--jq` program made the rows of them (the
        /// `|` prompt runs another program on them); nil when the rows are the items, and once
        /// the page is dropped.
        var sources: [Item]?
        /// A number no slot's items had before, new whenever `items` changes (`ItemPlace`).
        var stamp = PageStore.newStamp()
        /// Each row's item identity as it first arrived, kept when the page is dropped: what
        /// tells a poll's new items from those the list holds, and how a page of new items is
        /// filled again by identity. Empty for a gap row, and in a list that is never polled.
        var identities: [ItemIdentity]
        let origin: SlotOrigin
        /// How many pages the slot stands for, each of `count` rows, one after another: more
        /// than 1 only for a run of dropped pages of the walk that keep no identities.
        var pages = 1
        /// Whether `count` is the file's lines a pass counted there, not yet the rows read
        /// (`settleCounted`).
        var counted = false

        var rows: Range<Int> { firstRow..<(firstRow + count * pages) }
        /// The rows of one of the slot's pages.
        func rows(ofPage page: Int) -> Range<Int> {
            let start = firstRow + (page - self.page) * count
            return start..<(start + count)
        }
        /// Whether `next`, the slot after this one, can join it in a run.
        func joins(_ next: Slot) -> Bool {
            guard case .walk = origin, items == nil, next.items == nil, identities.isEmpty, next.identities.isEmpty,
                  count == next.count, counted == next.counted, origin == next.origin else { return false }
            return next.page == page + pages
        }
        var isGap: Bool { if case .gap = origin { true } else { false } }
    }

    var slots: [Slot] = []
    /// Stamps are counted for every store at once, so no two pages' items ever share one (a
    /// state and a copy of it that changed apart included).
    private static let stamps = Atomic<Int>(0)

    static func newStamp() -> Int { stamps.add(1, ordering: .relaxed).newValue }
    /// How many slots come before the list's own pages (new items and gaps).
    var topCount = 0
    /// Where each of those is in `slots`, by page number.
    var topIndex: [Int: Int] = [:]
    /// Whether pages keep their items' identities (8 bytes an item, dropped pages included), so
    /// that once polls put rows above the list, a page fetched again gives each row its own item
    /// wherever the shifted answer has it (`refill`). A list that can never be polled (a pipe, a
    /// file, a live stream) keeps none, so its memory stays flat however many items stream past.
    /// (What a poll compares against is the loader's: decision 162.)
    public private(set) var keepsIdentities: Bool
    /// How far down the list's own walk pages keep identities once dropped (400 KB of them):
    /// what a poll meets is the top of the list, and a search or a scroll down an endless list
    /// must not grow by 8 bytes an item passed (issue 32). A deeper page tells its items'
    /// identities only while it is in memory (decision 109).
    public static let rowsWithIdentities = 50_000
    /// Items currently in memory (rows of pages not dropped).
    public internal(set) var loadedItemCount = 0
    /// The most items any page has brought: the unit of the default memory budget.
    public internal(set) var largestPageSize = 0

    /// `keepsIdentities`: whether the list can be polled (see the property).
    public init(keepsIdentities: Bool = true) {
        self.keepsIdentities = keepsIdentities
    }

    /// Rows known in the list (loaded or dropped).
    public var itemCount: Int { slots.last?.rows.upperBound ?? 0 }

    /// Pages of the list's own walk received so far; the next page to ask for has this ordinal.
    public var pageCount: Int {
        guard slots.count > topCount, let last = slots.last else { return 0 }
        return last.page + last.pages
    }

    /// Rows polls put above the list's own pages (new items and gap rows).
    public var rowsAbove: Int { topCount > 0 ? slots[topCount - 1].rows.upperBound : 0 }

    /// A page fetched again reads at most this many pages after it (`pagesShifted(after:)`).
    public static let maxPagesShifted = 49

    /// How many of the server's pages after a page of the list's walk its items may be in now,
    /// to be read with it when it is fetched again. Once polls put items above the list, a
    /// numbered page on the server starts later by every item put above since the page was read:
    /// its last items are on the pages after it. So: the pages those rows fill (of the largest
    /// page's size), and one more for new items no poll has read yet. 0 before any poll: the
    /// page is then filled by position, as it was read (`refill`). Pages after a cursor do not
    /// shift: the loader reads those alone (`PaginationStyle.pagesMoveWhenItemsArrive`).
    public func pagesShifted(after page: Int) -> Int {
        guard topCount > 0, page >= 0, let index = slotIndex(ofPage: page),
              case .walk(let rowsAboveThen) = slots[index].origin else { return 0 }
        let size = max(1, largestPageSize)
        let moved = max(0, rowsAbove - rowsAboveThen)
        return min(Self.maxPagesShifted, (moved + size - 1) / size + 1)
    }

    /// Appends the next page of the list's walk. Pages arrive in order; the caller guarantees it.
    /// `sources`: the page's items, when `items` are the rows a program made of them.
    public mutating func append(_ items: [Item], sources: [Item]? = nil) {
        let keeps = keepsIdentities && itemCount - rowsAbove < Self.rowsWithIdentities
        let identities = keeps ? items.identities : []
        slots.append(Slot(page: pageCount, firstRow: itemCount, count: items.count, items: SlotItems(items), sources: sources, identities: identities, origin: .walk(rowsAbove: rowsAbove)))
        // The items a program made the rows of are in memory too, and count against the budget.
        loadedItemCount += items.count + (sources?.count ?? 0)
        largestPageSize = max(largestPageSize, items.count, sources?.count ?? 0)
    }

    /// Whether a page is in the store (loaded, dropped, or a gap row).
    public func contains(page: Int) -> Bool { slotIndex(ofPage: page) != nil }

    /// Where a page came from; nil for a page not in the store.
    public func origin(ofPage page: Int) -> SlotOrigin? { slotIndex(ofPage: page).map { slots[$0].origin } }

    /// Whether a page's items are in memory (false for a dropped page or an unknown one; true for
    /// a gap row, which has nothing to fetch again).
    public func isLoaded(page: Int) -> Bool {
        slotIndex(ofPage: page).map { slots[$0].items != nil } ?? false
    }

    /// The rows a page occupies.
    public func rows(ofPage page: Int) -> Range<Int> {
        slotIndex(ofPage: page).map { slots[$0].rows(ofPage: page) } ?? 0..<0
    }

    /// Stops keeping identities (a list that turned out never to be polled), and forgets those
    /// kept so far.
    public mutating func forgetIdentities() {
        keepsIdentities = false
        for index in slots.indices { slots[index].identities = [] }
    }

    /// Appends pages of the walk the loader passed over without reading their items (`G` or
    /// `NG` on a file, decision 145): one run of dropped pages, each `rowsEach` rows, read again
    /// like any dropped page when it comes into view (a count of lines: the first reading may
    /// find more or fewer rows, `settleCounted`). They keep no identities: only a list that is
    /// never polled is passed over.
    public mutating func appendPassed(_ passed: PassedPages) {
        guard passed.pages > 0 else { return }
        slots.append(Slot(page: pageCount, firstRow: itemCount, count: passed.rowsEach, items: nil, sources: nil, identities: [],
                          origin: .walk(rowsAbove: rowsAbove), pages: passed.pages, counted: true))
        largestPageSize = max(largestPageSize, passed.rowsEach)
        joinRun(at: slots.count - 1)
    }

    /// Frees a page's items; its rows keep their place and show as placeholders.
    public mutating func drop(page: Int) {
        // A page with no rows costs nothing and is never re-fetched, unless it holds the items a
        // program made no row of; a gap row holds nothing.
        guard let index = slotIndex(ofPage: page), slots[index].count > 0 || slots[index].sources != nil, !slots[index].isGap,
              let items = slots[index].items else { return }
        loadedItemCount -= items.present + (slots[index].sources?.count ?? 0)
        slots[index].items = nil
        slots[index].sources = nil
        joinRun(at: index)
    }

    /// Joins the slot at `index` with its neighbours when they make a run.
    private mutating func joinRun(at index: Int) {
        var index = index
        if index + 1 < slots.count, slots[index].joins(slots[index + 1]) {
            slots[index].pages += slots[index + 1].pages
            slots.remove(at: index + 1)
        }
        if index > topCount, slots[index - 1].joins(slots[index]) {
            slots[index - 1].pages += slots[index].pages
            slots.remove(at: index)
            index -= 1
        }
    }

    /// Gives `page`, one of the run at `index`, a slot of its own (the run's pages before and after
    /// it keep theirs); returns the page's slot index.
    mutating func isolate(page: Int, at index: Int) -> Int {
        let run = slots[index]
        guard run.pages > 1 else { return index }
        func part(_ pages: Range<Int>) -> Slot {
            Slot(page: pages.lowerBound, firstRow: run.rows(ofPage: pages.lowerBound).lowerBound, count: run.count,
                 items: nil, sources: nil, identities: [], origin: run.origin, pages: pages.count, counted: run.counted)
        }
        let before = run.page..<page
        let after = (page + 1)..<(run.page + run.pages)
        let parts = [before, page..<(page + 1), after].filter { !$0.isEmpty }.map(part)
        slots.replaceSubrange(index...index, with: parts)
        return index + (before.isEmpty ? 0 : 1)
    }

    /// Puts a re-fetched page back. Its rows keep their place whatever the server says now, so
    /// nothing on screen moves. A page of the list's walk is filled in order: extra items are left
    /// out, and rows it no longer fills stay empty (`item(at:)` is nil in a loaded page: the
    /// renderer says they are gone). A page of new items is filled by identity, each row with its
    /// own item wherever the answer has it now, since the top of a live list moves on between
    /// polls; so is a page of the walk once polls put items above it. Returns false when the page
    /// did not come back whole.
    @discardableResult
    public mutating func refill(page: Int, with items: [Item], sources: [Item]? = nil) -> Bool {
        guard var index = slotIndex(ofPage: page), slots[index].items == nil, !slots[index].isGap else { return true }
        index = isolate(page: page, at: index)
        let slot = slots[index]
        let filled: [Item?]
        let whole: Bool
        switch slot.origin {
        case .walk where topCount == 0, .gap:
            filled = (0..<slot.count).map { $0 < items.count ? items[$0] : nil }
            whole = items.count == slot.count
        case .walk(let rowsAboveThen) where slot.identities.isEmpty:
            // A page deeper than `rowsWithIdentities`: its items have moved down on the server by
            // the rows polls put above since it was read, when the answer holds the pages after
            // it too (a page after a cursor does not move, and is read alone).
            let moved = rowsAbove - rowsAboveThen
            let shift = items.count >= slot.count + moved ? moved : 0
            filled = (0..<slot.count).map { shift + $0 < items.count ? items[shift + $0] : nil }
            whole = items.count >= shift + slot.count
        case .walk, .poll:
            // Once items were put above, the server's pages have shifted under the walk's too:
            // each row takes its own item wherever the answer has it (the page and the pages
            // after it, `pagesShifted(after:)`), none another row's.
            var byIdentity: [ItemIdentity: Item] = [:]
            for item in items where byIdentity[item.identity] == nil { byIdentity[item.identity] = item }
            filled = slot.identities.map { byIdentity[$0] }
            whole = !filled.contains { $0 == nil }
        }
        let rows = SlotItems(filling: filled)
        slots[index].items = rows
        slots[index].sources = sources
        loadedItemCount += rows.present + (sources?.count ?? 0)
        return whole
    }

    /// The items of every page of the list's walk as they arrived (before a program made rows of
    /// them), in order; nil unless every one is in memory and no poll put rows above the list:
    /// what the `|` prompt runs another program on without reading the list again.
    func walkSources() -> [[Item]]? {
        guard topCount == 0 else { return nil }
        var pages: [[Item]] = []
        for slot in slots {
            guard let items = slot.items else { return nil }
            pages.append(slot.sources ?? items.presentItems)
        }
        return pages
    }

    /// Replaces every item in memory by `transform` of it (rows and pages keep their places).
    mutating func mapLoadedItems(_ transform: (Item) -> Item) {
        for index in slots.indices {
            if let items = slots[index].items { slots[index].items = items.map(transform) }
        }
    }

    /// Pages in memory, in order, with their rows: the candidates for dropping (gap rows hold
    /// nothing and are never among them).
    public var loadedPages: [(page: Int, rows: Range<Int>)] {
        slots.compactMap { slot in
            slot.items == nil || slot.isGap ? nil : (slot.page, slot.rows)
        }
    }

    /// The dropped pages among those that hold `rows`.
    public func droppedPages(in rows: Range<Int>) -> [Int] {
        let rows = rows.clamped(to: 0..<itemCount)
        guard !rows.isEmpty, var index = slotIndex(containing: rows.lowerBound) else { return [] }
        var pages: [Int] = []
        while index < slots.count, slots[index].firstRow < rows.upperBound {
            let slot = slots[index]
            if slot.items == nil, slot.count > 0 {
                // A run's pages that meet `rows`, by arithmetic: a run may hold a million pages.
                let first = (max(rows.lowerBound, slot.firstRow) - slot.firstRow) / slot.count
                let last = (min(rows.upperBound, slot.rows.upperBound) - 1 - slot.firstRow) / slot.count
                pages += (slot.page + first)...(slot.page + last)
            }
            index += 1
        }
        return pages
    }

    /// The item at a row, or nil when the row is out of range, its page is not in memory, or it
    /// is a gap row.
    public func item(at row: Int) -> Item? {
        withItem(at: row) { copy $0 }
    }

    /// Where the item at a row is, for telling whether a row laid out before is still this
    /// item's without looking at the item; nil where its page is not in memory.
    public func place(of row: Int) -> ItemPlace? {
        guard let index = slotIndex(containing: row), slots[index].items != nil else { return nil }
        return ItemPlace(stamp: slots[index].stamp, offset: row - slots[index].firstRow)
    }

    /// `body` applied to the item at a row, lent rather than returned: the render asks for
    /// thirty a frame, and each item returned was copied again by its callers (each copy retains
    /// and releases the item's strings). Nil where `item(at:)` is nil.
    public func withItem<Result>(at row: Int, _ body: (borrowing Item) -> Result) -> Result? {
        guard let index = slotIndex(containing: row), let items = slots[index].items else { return nil }
        return items.withItem(at: row - slots[index].firstRow, body)
    }

    /// The identity of the item at a row as it first arrived, in memory or not (below
    /// `rowsWithIdentities`, in memory only); nil for a gap row, a row out of range, and in a
    /// list that keeps no identities.
    public func identity(at row: Int) -> ItemIdentity? {
        guard let index = slotIndex(containing: row) else { return nil }
        let offset = row - slots[index].firstRow
        let slot = slots[index]
        if offset < slot.identities.count { return slot.identities[offset] }
        guard keepsIdentities, slot.identities.isEmpty, let items = slot.items else { return nil }
        return items.withItem(at: offset) { $0.identity }
    }

    /// Calls `body` with each row in `rows` (clamped to the known rows) and its item, nil when
    /// its page is not in memory. Walks the pages directly: no search per row.
    public func forEachItem(in rows: Range<Int>, _ body: (Int, Item?) -> Void) {
        let rows = rows.clamped(to: 0..<itemCount)
        guard !rows.isEmpty, var index = slotIndex(containing: rows.lowerBound) else { return }
        var row = rows.lowerBound
        while row < rows.upperBound, index < slots.count {
            let slot = slots[index]
            let end = min(rows.upperBound, slot.rows.upperBound)
            while row < end {
                let offset = row - slot.firstRow
                body(row, slot.items?[offset])
                row += 1
            }
            index += 1
        }
    }

    /// The page that holds a row.
    public func page(containing row: Int) -> Int? {
        slotIndex(containing: row).map { slots[$0].page + (row - slots[$0].firstRow) / max(1, slots[$0].count) }
    }

    /// The slot that holds a page (a run's slot for each of its pages).
    func slotIndex(ofPage page: Int) -> Int? {
        if page < 0 { return topIndex[page] }
        // Without runs behind it, a page of the walk is at its ordinal after the top slots.
        let guess = topCount + page
        if guess < slots.count, slots[guess].page == page { return guess }
        guard page < pageCount else { return nil }
        var low = topCount
        var high = slots.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if slots[mid].page <= page { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func slotIndex(containing row: Int) -> Int? {
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

/// An item's place in the store, true only while the item is there: its page's stamp (new
/// whenever the page's items change: they arrive, are dropped, come back, are reshaped) and its
/// offset in the page. A row laid out for a place is the row of the item at that place now, known
/// without reading the item (the render asks for thirty rows a frame; `RowBodyCache`).
public struct ItemPlace: Equatable, Sendable {
    let stamp: Int
    let offset: Int
}
