/// Sorting the loaded rows (`s` in the column picker, `S`, `--sort`): the state is
/// `finding.order` (`RowOrder`), which `VisibleRows` reads. Every change keeps the cursor on its
/// item at the same height on screen, except at the very start (cursor on the first row, no key
/// pressed), where the list shows its first rows as they sort in.
extension AppState {
    /// Sorts the rows by `field` (nil: the server's order), keying every loaded row.
    mutating func sort(by field: SortField?) {
        keepingCursorItem { state in
            guard let field else {
                state.finding.order = nil
                return
            }
            // The same field the other way keeps its keys (and the rows of dropped pages) and its
            // order, reversed.
            if let current = state.finding.order, current.field.path == field.path {
                if current.field.descending != field.descending { state.finding.order = current.reversed() }
                return
            }
            var order = RowOrder(field: field)
            order.key(rows: 0..<state.store.itemCount, store: state.store, key: state.sortKeySource(for: field))
            state.finding.order = order
            state.reorder()
        }
        finding.search?.pending = nil
    }

    /// `s` in the column picker: sorts by the field under its cursor; on the field already sorted
    /// by, the other way.
    mutating func sortFromPicker(path: JSONPath) {
        if let current = finding.order?.field, current.path == path {
            sort(by: current.reversed)
        } else {
            sort(by: SortField(path: path))
        }
    }

    /// Rows `newRows` arrived at the end of the store (the filter has seen them): they are keyed
    /// and merged in.
    mutating func sortRowsArrived(_ newRows: Range<Int>) {
        guard var order = finding.order, !newRows.isEmpty else { return }
        order.key(rows: newRows, store: store, key: sortKeySource(for: order.field))
        let shown: [Int]
        if let filter = finding.filter {
            let start = filter.firstVisible(atOrAfter: newRows.lowerBound)
            shown = Array(filter.rows[start...])
        } else {
            shown = Array(newRows)
        }
        order.merge(shown)
        keepingCursorItem { $0.finding.order = order }
    }

    /// A re-fetched page arrived: keyed now if it could not be before, and the order made again.
    mutating func sortPageReturned(_ page: Int) {
        guard var order = finding.order,
              order.keyReturned(page: page, store: store, key: sortKeySource(for: order.field)) else { return }
        finding.order = order
        keepingCursorItem { $0.reorder() }
        if order.unkeyedPages.isEmpty, notice?.isSortProgress == true { notice = nil }
    }

    /// The store's rows were renumbered by `edit` (a poll): keys move with their rows and the
    /// order is made again, the cursor on the item it was on.
    mutating func sortRowsEdited(_ edit: RowEdit, cursorRowBefore: Int?) {
        guard var order = finding.order else { return }
        order.apply(edit, store: store, key: sortKeySource(for: order.field))
        finding.order = order
        let offset = viewport.cursor - viewport.top
        reorder()
        let target = cursorRowBefore.map(edit.map).flatMap(visibleRow(of:))
        viewport.place(cursor: target ?? 0, offset: offset, itemCount: visibleCount)
    }

    /// Sorts the shown rows again from the keys (the filter changed, rows were renumbered).
    mutating func reorder() {
        guard var order = finding.order else { return }
        order.order(finding.filter?.rows ?? Array(0..<store.itemCount))
        finding.order = order
    }

    /// How a row's key is made: from its table cell when the field is a column (no parsing:
    /// `SortKey` gives a cell the key of its value), else from its JSON.
    func sortKeySource(for field: SortField) -> (Item) -> SortKey? {
        if let columns = rowLayout.table?.columns, let index = columns.firstIndex(where: { $0.spec.path == field.path }) {
            let kind = columns[index].kind
            return { item in index < item.cells.count ? SortKey.of(item.cells[index], kind: kind) : nil }
        }
        let path = field.path
        return { item in
            guard item.kind == .value, let value = try? JSONParser.parse(item.json) else { return nil }
            return SortKey.of(value[path])
        }
    }

    /// The unkeyed pages to read again now, nearest the cursor first, at most `limit` at once.
    func sortPagesToRefetch(limit: Int = 2) -> [Int] {
        guard let unkeyed = finding.order?.unkeyedPages, !unkeyed.isEmpty else { return [] }
        let inFlight = unkeyed.filter { loading.refetches[$0]?.isLoading == true }.count
        guard inFlight < limit else { return [] }
        return unkeyed.filter { loading.refetches[$0] == nil }.sorted().prefix(limit - inFlight).map { $0 }
    }

    /// Sorts the shown rows again, the cursor staying on its item.
    mutating func keepCursorWhileReordering() {
        keepingCursorItem { $0.reorder() }
    }

    /// Runs `change` (which reorders the rows) with the cursor kept on its item at the same
    /// height; at the start (nothing moved yet, cursor on the first row) it stays on the first.
    private mutating func keepingCursorItem(_ change: (inout AppState) -> Void) {
        let atStart = !following.touched && viewport.cursor == 0 && viewport.top == 0
        let anchor = cursorStoreRow
        let offset = viewport.cursor - viewport.top
        change(&self)
        if atStart {
            viewport.clamp(itemCount: visibleCount)
        } else {
            let target = anchor.flatMap(visibleRow(of:)) ?? min(viewport.cursor, max(0, visibleCount - 1))
            viewport.place(cursor: target, offset: offset, itemCount: visibleCount)
        }
    }
}
