/// The window onto the list: which row the cursor is on and which row is at the top.
///
/// Rows here are *visible* rows: all loaded rows, or only those a filter keeps (`AppState`
/// maps them to store rows), so `itemCount` is the number of visible rows.
/// The list has `itemCount + 1` rows: the items, then the footer row (spinner, error or end),
/// which is part of the list so that new rows take its place without a jump. The cursor only
/// rests on items; when it reaches the last item the footer is scrolled into view as well.
///
/// Invariants (checked by property tests): `0 <= cursor <= max(0, itemCount - 1)`,
/// `top <= cursor < top + height`, and `0 <= top <= max(0, itemCount + 1 - height)`.
public struct Viewport: Sendable, Equatable {
    public private(set) var cursor = 0
    public private(set) var top = 0
    /// Visible list rows, at least 1.
    public private(set) var height: Int

    public init(height: Int) {
        self.height = max(1, height)
    }

    /// Moves the cursor by `delta` rows, scrolling as little as possible.
    public mutating func move(by delta: Int, itemCount: Int) {
        cursor += delta
        clamp(itemCount: itemCount)
    }

    /// Puts the cursor on `row`, scrolling as little as possible.
    public mutating func move(to row: Int, itemCount: Int) {
        cursor = row
        clamp(itemCount: itemCount)
    }

    /// Moves the view and the cursor by `pages` screens (negative: up), as `less` does.
    public mutating func page(by pages: Int, itemCount: Int) {
        let delta = pages * height
        top += delta
        cursor += delta
        clamp(itemCount: itemCount)
    }

    /// Moves by half a screen (Ctrl-D/Ctrl-U), keeping the cursor's place on screen.
    public mutating func halfPage(by direction: Int, itemCount: Int) {
        let delta = direction * max(1, height / 2)
        top += delta
        cursor += delta
        clamp(itemCount: itemCount)
    }

    /// Scrolls the view by `delta` rows (the mouse wheel), moving the cursor only as far as
    /// needed to keep it on screen.
    public mutating func scroll(by delta: Int, itemCount: Int) {
        top = min(max(0, top + delta), max(0, itemCount + 1 - height))
        cursor = min(max(cursor, top), top + height - 1)
        clamp(itemCount: itemCount)
    }

    /// Puts the cursor on `row` and, as far as the list allows, `offset` rows below the top of the
    /// screen: where it was before the rows changed (filter, refresh), so nothing seems to jump.
    public mutating func place(cursor row: Int, offset: Int, itemCount: Int) {
        cursor = row
        top = row - min(max(0, offset), height - 1)
        clamp(itemCount: itemCount)
    }

    /// Adapts to a new screen height, keeping the cursor on screen.
    public mutating func resize(height newHeight: Int, itemCount: Int) {
        height = max(1, newHeight)
        clamp(itemCount: itemCount)
    }

    /// Restores the invariants after any change of cursor, top, height or item count.
    public mutating func clamp(itemCount: Int) {
        cursor = min(max(0, cursor), max(0, itemCount - 1))
        if cursor < top { top = cursor }
        if cursor >= top + height { top = cursor - height + 1 }
        // At the last item the footer row is part of what the user should see.
        if itemCount > 0, cursor == itemCount - 1, itemCount >= top + height {
            top = itemCount - height + 1
        }
        top = min(max(0, top), max(0, itemCount + 1 - height), cursor)
    }
}
