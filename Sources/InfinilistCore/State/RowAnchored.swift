/// State that names rows of the list, and so must move when rows are put in or taken out above
/// it (`RowEdit`: a poll's new items, a gap row loaded, a counted page that holds more rows).
/// Each holder says how its own rows move; `AppState.rowsEdited` hands every holder the one edit,
/// so no row number is moved by hand, and a new holder is one conformance.
protocol RowAnchored {
    /// Moves every row this holds across `edit`.
    mutating func move(with edit: RowEdit)
}

extension Optional: RowAnchored where Wrapped: RowAnchored {
    mutating func move(with edit: RowEdit) {
        guard var held = self else { return }
        held.move(with: edit)
        self = held
    }
}

/// The row a refresh looks for its item near (when it has no id).
extension RefreshAnchor: RowAnchored {
    mutating func move(with edit: RowEdit) {
        self = RefreshAnchor(id: id, row: edit.map(row), offset: offset)
    }
}

/// The detail view's row; the other modes hold no row of the list (the counts view is made again
/// from the rows, `countsRowsEdited`).
extension Mode: RowAnchored {
    mutating func move(with edit: RowEdit) {
        guard case .detail(var view) = self else { return }
        view.row = edit.map(view.row)
        self = .detail(view)
    }
}

/// Marks move themselves (`Marks.move(with:)`), marks by row included; so does the scroll
/// speed's record of where the cursor was (`ScrollVelocity.move(with:)`).
extension Marks: RowAnchored {}
extension ScrollVelocity: RowAnchored {}

/// A search waiting for rows, over the visible rows: its rows below the edit move with their
/// items; rows put above where it has reached are not examined, as rows inserted there never were.
extension PendingSearch: RowAnchored {
    mutating func move(with edit: RowEdit) {
        guard edit.removed > 0 || edit.inserted > 0 else { return }
        // Forward, rows inserted at the very next row are still to be examined; backward, the
        // bound is exclusive, so rows inserted below it move it.
        if nextRow > edit.at || (phase == .above && nextRow == edit.at) {
            nextRow = nextRow >= edit.at + edit.removed ? nextRow + edit.delta : edit.at + edit.inserted
        }
        if origin >= edit.at { origin = edit.map(origin) }
    }
}
