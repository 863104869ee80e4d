/// What a key does. Keys map to actions through one `KeyMap` per mode, so handling, the help
/// overlay, `--help` and docs/keys.md all come from the same tables. One enum serves every mode:
/// the same action (moving down, going back) means the same thing wherever it is bound.
public enum Action: Sendable, Hashable, CaseIterable {
    // Moving: the list's cursor, or the detail view's scroll position.
    case down, up
    case pageDown, pageUp
    case halfPageDown, halfPageUp
    case first, last
    /// `N%`: the row N percent of the way down.
    case percent
    // The list.
    case select
    case retry
    /// Open the search prompt (`/`).
    case search
    /// Repeat the last search forward (`n`) or backward (`N`).
    case searchNext, searchPrevious
    /// Open the filter prompt (`&`).
    case filter
    /// Open the jq prompt (`|`): a program over the rows, run again at each keystroke.
    case query
    /// Write the view to a file (`w`).
    case write
    /// Save the view (columns, sort, filter, jq) as a named source of the config file (`V`).
    case saveView
    /// Mark or unmark the item under the cursor, then move down (Tab) or up (Shift-Tab).
    case toggleMark, toggleMarkUp
    /// Show the item under the cursor as pretty-printed JSON.
    case openDetail
    /// The detail view: wrap long lines, or cut them at the right edge.
    case toggleWrap
    /// Open or close the preview pane beside (or under) the list.
    case togglePreview
    /// Scroll the preview pane's item down or up a line.
    case previewDown, previewUp
    /// Show the key tables.
    case help
    /// Reload from the first page.
    case refresh
    /// Poll the first page for new items every interval, or stop (`F`).
    case toggleFollow
    /// Open the column picker (a table's columns, chosen from the item's fields).
    case openColumns
    /// Sort by a field: the list opens the column picker on the field sorted by; the picker
    /// sorts by the field under its cursor (again: the other way).
    case sort
    /// Back to the server's order (`S`).
    case unsort
    /// Count a field's values: the list opens the column picker; the picker opens the counts
    /// view for the field under its cursor (`#`).
    case counts
    /// The column picker: show or hide the field under the cursor as a column.
    case toggleColumn
    /// The column picker: move the field up (its column to the left) or down.
    case moveColumnUp, moveColumnDown
    /// In a table wider than the screen, scroll the columns sideways (else the first or last row).
    case columnsLeft, columnsRight
    /// The detail view: clear the search, else back to the list (Esc).
    case clearSearch
    /// Open the item's web address in the browser.
    case open
    /// Copy to the terminal's clipboard (OSC 52): the item's JSON in the list, the value on the
    /// top line in the detail view.
    case copy
    /// Copy the row's text, as the list shows it.
    case copyRow
    /// Esc-like: stop a search or clear the filter (list), return to the list (detail view),
    /// cancel (prompt).
    case back
    // The prompt.
    case submit
    case deleteBackward
    case clearPrompt
    // Everywhere.
    case redraw
    case suspend
    case quit
    case interrupt
}
