/// A change of the list's rows in one place (`RowEdit`): every row number the state holds moves
/// with it, here, so none is left behind.
extension AppState {
    /// Moves every row number the state holds across `edit`, which the store has just made: the
    /// filter's rows (and through them the visible rows), marks, a refresh's anchor, the detail
    /// view's row, a pending search, the scroll speed's samples, and the viewport, which keeps
    /// the cursor on its item and the screen still. `newItems`: the rows put in are items new to
    /// the list (a poll's), counted above the screen ("↑ N new"); with the cursor on the first
    /// row and no key pressed since the start, rows put at the top simply appear there instead.
    /// Otherwise they are rows a page turned out to hold (`PageStore.settleCounted`).
    mutating func rowsEdited(_ edit: RowEdit, newItems: Bool = true) {
        // Sorted, visible rows are not the store's in order: the order is made again below.
        let cursorRowBefore = cursorStoreRow
        let visible: RowEdit
        if var current = finding.filter {
            visible = current.apply(edit, store: store)
            finding.filter = current
        } else {
            visible = edit
        }
        // Anchored to the store's rows.
        marks.move(with: edit)
        refreshAnchor.move(with: edit)
        mode.move(with: edit)
        countsRowsEdited()
        guard finding.order == nil else {
            finding.search?.pending = nil
            sortRowsEdited(edit, cursorRowBefore: cursorRowBefore)
            return
        }
        // Anchored to the visible rows.
        finding.search?.pending?.move(with: visible)
        timing.velocity.move(with: visible)
        keepScreenStill(visible, newItems: newItems)
    }

    private mutating func keepScreenStill(_ edit: RowEdit, newItems: Bool) {
        let count = visibleCount
        let wasEmpty = count - edit.delta <= 0
        let live = newItems && !following.touched && viewport.cursor == 0 && viewport.top == 0 && edit.at == 0 && edit.removed == 0
        guard !wasEmpty, !live else {
            viewport.clamp(itemCount: count)
            return
        }
        let cursor = edit.map(viewport.cursor)
        var top = viewport.top
        if top >= edit.at + edit.removed {
            top += edit.delta
        } else if top > edit.at {
            top = edit.at
        }
        viewport.place(cursor: cursor, offset: cursor - top, itemCount: count)
        // The new rows the screen moved past: above it now, not seen yet.
        guard newItems else { return }
        following.newAbove += max(0, min(edit.at + edit.inserted, viewport.top) - edit.at)
    }
}
