/// The items marked with Tab, printed by Enter in list order.
///
/// A mark is by `Item.id` when the item has one, else by row number. An id survives what a row
/// number does not: a refresh that brings new items in at the top (every row shifts) and, later,
/// pages dropped from memory and fetched again. Each mark keeps its item's JSON, so
/// Enter can print it even when its page is no longer in memory. Marks by row cannot be told
/// apart from a different item at the same row after a refresh, so a refresh clears them.
public struct Marks: Sendable, Equatable {
    enum MarkKey: Hashable, Sendable {
        case id(String)
        case row(Int)
    }

    struct Entry: Equatable, Sendable {
        /// The row the item is at; nil after a refresh until the item arrives again.
        var row: Int?
        /// The row to sort by for Enter: `row`, or the last row the item was seen at.
        var order: Int
        var json: String
    }

    private var entries: [MarkKey: Entry] = [:]
    /// Rows of the entries whose row is known: the gutter asks this for rows whose page is not
    /// in memory, where the item (and its id) is unknown.
    private var rows: Set<Int> = []
    /// Id entries waiting for their item to arrive again after a refresh.
    private var unplaced = 0

    public init() {}

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    private static func key(for item: Item, row: Int) -> MarkKey {
        item.id.map(MarkKey.id) ?? .row(row)
    }

    /// Whether the row shows as marked. `item` is nil for a row whose page is not in memory.
    public func isMarked(_ item: Item?, row: Int) -> Bool {
        // Asked for every row of every frame: with nothing marked, nothing is hashed.
        guard !entries.isEmpty else { return false }
        guard let item else { return rows.contains(row) }
        return isMarked(item, row: row)
    }

    /// Whether the row of an item lent by the store (`PageStore.withItem`) shows as marked: the
    /// render asks for every row, without copying the item to ask.
    public func isMarked(_ item: borrowing Item, row: Int) -> Bool {
        guard !entries.isEmpty else { return false }
        return entries[Self.key(for: item, row: row)] != nil
    }

    /// Marks the item, or unmarks it when it was marked.
    mutating func toggle(_ item: Item, row: Int) {
        let key = Self.key(for: item, row: row)
        if let old = entries.removeValue(forKey: key) {
            if let oldRow = old.row { rows.remove(oldRow) } else { unplaced -= 1 }
        } else {
            entries[key] = Entry(row: row, order: row, json: item.json)
            rows.insert(row)
        }
    }

    /// The marked items' JSON, one line each, in list order.
    func outputInListOrder() -> [String] {
        entries.values.sorted { $0.order < $1.order }.map(\.json)
    }

    /// A refresh cleared the store: marks by row are dropped (their rows may now hold other
    /// items), marks by id wait for their item. Returns how many were dropped.
    mutating func forgetRows() -> Int {
        let before = entries.count
        entries = entries.filter { key, _ in
            if case .id = key { return true }
            return false
        }
        for key in entries.keys {
            entries[key]?.row = nil
        }
        rows = []
        unplaced = entries.count
        return before - entries.count
    }

    /// Rows moved (new items put above, a gap row replaced): every mark's row moves with its
    /// item, marks by row included (their key is the row).
    mutating func move(with edit: RowEdit) {
        guard !entries.isEmpty, edit.removed > 0 || edit.inserted > 0 else { return }
        var moved: [MarkKey: Entry] = [:]
        for (key, var entry) in entries {
            entry.row = entry.row.map(edit.map)
            entry.order = edit.map(entry.order)
            switch key {
            case .id: moved[key] = entry
            case .row(let row): moved[.row(edit.map(row))] = entry
            }
        }
        entries = moved
        rows = Set(rows.map(edit.map))
    }

    /// Rows arrived: marks by id waiting since a refresh find their item (and its new JSON).
    mutating func relocate(_ items: [Item], firstRow: Int) {
        guard unplaced > 0 else { return }
        for (offset, item) in items.enumerated() {
            guard let id = item.id, var entry = entries[.id(id)], entry.row == nil else { continue }
            let row = firstRow + offset
            entry.row = row
            entry.order = row
            entry.json = item.json
            entries[.id(id)] = entry
            rows.insert(row)
            unplaced -= 1
            if unplaced == 0 { return }
        }
    }
}

extension AppState {
    /// Tab (and Shift-Tab): marks or unmarks the item under the cursor, then moves by `step`,
    /// as fzf does. Rings when the item's page is not in memory.
    mutating func toggleMark(thenMove step: Int) -> [Effect] {
        guard let row = cursorStoreRow, let item = store.item(at: row) else { return [.bell] }
        marks.toggle(item, row: row)
        userMoved()
        viewport.move(by: step, itemCount: visibleCount)
        return []
    }

    /// Enter, in the list or the detail view: every marked item, or, when none is marked, the
    /// item the user is looking at (`shown`: the cursor's item, or the one the detail view
    /// shows). Rings when there is neither.
    func selectionOutput(shown json: String?) -> [Effect] {
        if !marks.isEmpty { return [.quit(code: 0, output: marks.outputInListOrder())] }
        guard let json else { return [.bell] }
        return [.quit(code: 0, output: [json])]
    }
}
