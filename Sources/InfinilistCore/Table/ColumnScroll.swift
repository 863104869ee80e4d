/// `<` and `>` in a table wider than the screen: the columns scroll sideways, one at a time (the
/// first column stays when it is an id or a number, see `ColumnFit`). When every column fits, or
/// rows are single lines, they keep their meaning from `less`: the first and the last loaded row
/// (docs/decisions.md 59).
extension AppState {
    /// The width the table is laid out in: the list's width (beside an open preview pane, the
    /// columns left of it).
    var tableWidth: Int {
        if case .right(let listWidth) = previewGeometry { return listWidth }
        return size.columns
    }

    /// The columns as shown now, with the offset actually used; nil when rows are not a table.
    /// The fit render keeps between frames (`RowBodyCache.fit`), so the keys and the screen use
    /// one.
    var currentColumnFit: ColumnFit? {
        rowLayout.table.map { rowBodies.fit($0, width: tableWidth, offset: columnOffset) }
    }

    /// `<` (`forward` false) and `>`.
    mutating func scrollColumns(forward: Bool) -> [Effect] {
        guard let fit = currentColumnFit, fit.canScroll else {
            userMoved()
            viewport.move(to: forward ? visibleCount - 1 : 0, itemCount: visibleCount)
            return []
        }
        if forward {
            guard fit.hiddenRight else { return [.bell] }
            columnOffset = fit.offset + 1
        } else {
            guard fit.hiddenLeft else { return [.bell] }
            columnOffset = fit.offset - 1
        }
        return []
    }
}
