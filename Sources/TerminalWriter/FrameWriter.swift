import InfinilistCore

/// The screen's own writer (decision 84): from the last frame and the next, the bytes that turn
/// one into the other on the terminal. Curses did this by copying every line of its window into
/// its picture of the screen and comparing them all, two thirds of a ↓'s instructions; the frames
/// already say which rows changed and which moved, so only those are compared, cell by cell, and
/// only the cells that differ are written.
///
/// - Rows that moved (the list scrolled) are moved by the terminal: a scroll region and `ind` or
///   `ri`, as curses sent.
/// - A changed row is compared by spans first: the spans it shares with the last frame at its
///   start and at its end (a kept row body, the gutter) are not looked at again. What is left is
///   compared cell by cell and written from its first changed cell to its last, each run from an
///   absolute cursor move, so a terminal that draws a character wider than `wcwidth` says can
///   never shift another run.
/// - Blanks at the end of a row are cleared with `el` when that is shorter.
public struct FrameWriter {
    let capabilities: TerminalCapabilities
    /// The style the terminal has on; nil when unknown (after curses wrote).
    private var current: Style?
    /// The cells compared for the last row, kept so the next row reuses their storage.
    private var leadCells: [ScreenCell] = []
    private var oldCells: [ScreenCell] = []
    private var newCells: [ScreenCell] = []

    public init(capabilities: TerminalCapabilities) {
        self.capabilities = capabilities
    }

    /// Curses has written to the terminal: its attributes are unknown.
    public mutating func forgetAttributes() { current = nil }

    /// The bytes that show `frame` on a terminal of `size` showing `previous` (nil: unknown, so
    /// the screen is cleared and every row written). Attributes are off at the end, as curses
    /// leaves them, so whatever writes next (curses' `endwin`) starts plain.
    public mutating func bytes(from previous: Frame?, to frame: Frame, size: Size) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        let count = min(frame.rows.count, size.rows)
        // What the screen shows now: the last frame's rows, moved if they are moved first.
        var old: [FrameRow] = []
        var shift: RowShift?
        if let previous, previous.size == frame.size {
            old = previous.rows
            if capabilities.canScroll, frame.rows.count == size.rows, let found = Self.shift(from: previous.rows, to: frame.rows) {
                // Scrolled-in lines take the background on: plain first.
                setStyle(.normal, &out)
                out += capabilities.scroll(found.region, by: found.by, rows: size.rows)
                shift = found
            }
        } else {
            reset(&out)
            out += capabilities.clearScreen
        }
        for y in 0..<count {
            let limit = y == size.rows - 1 && !capabilities.writesLastCell ? size.columns - 1 : size.columns
            let shown = shift.map { $0.row(at: y, of: old) } ?? (y < old.count ? old[y] : nil)
            write(row: y, from: shown, to: frame.rows[y], limit: limit, &out)
        }
        if current != .normal, !out.isEmpty { setStyle(.normal, &out) }
        return out
    }

    /// The rows to move before writing: whole rows that moved, else rows whose start moved
    /// (beside a preview pane the list scrolls and the pane does not: the rows are moved, then
    /// the pane's cells that differ written, as curses did), widened over the rows whose gutter
    /// alone changed.
    private static func shift(from old: [FrameRow], to new: [FrameRow]) -> RowShift? {
        if let scroll = RowShift.sharedMove(from: old, to: new) { return scroll.widened(from: old, to: new) }
        let whole = RowShift.find(from: old, to: new)
        // Whole rows moving nearly all the list (no pane beside it): nothing longer to look for.
        if let whole, whole.bottom - whole.top >= min(old.count, new.count) - 4 { return whole.widened(from: old, to: new) }
        let listPart = RowShift.find(from: old, to: new) { mine, theirs in
            // Beside the pane a row's list part comes first, its gutter and text joined in one
            // span while their style is plain: the same first span is the same list row.
            guard let first = mine.spans.first, first.text.utf8.count > 2, let other = theirs.spans.first else { return false }
            return first == other
        }
        // The longer move; whole rows on a tie (under the pane's text, rows are whole and alike).
        let found = [whole, listPart].compactMap { $0 }.max { $0.bottom - $0.top < $1.bottom - $1.top }
        return found?.widened(from: old, to: new)
    }

    /// Writes what differs between `old` (nil: a blank line) and `new` on row `y`.
    private mutating func write(row y: Int, from old: FrameRow?, to new: FrameRow, limit: Int, _ out: inout [UInt8]) {
        if let old, old == new { return }
        let oldSpans = old?.spans ?? []
        // Spans alike at both ends are alike on the screen, at the same columns if the spans
        // between take as many columns; the fill after the last span is part of the end.
        var prefix = 0
        while prefix < min(oldSpans.count, new.spans.count), oldSpans[prefix] == new.spans[prefix] { prefix += 1 }
        var suffix = 0
        if old?.fill == new.fill {
            while suffix < min(oldSpans.count, new.spans.count) - prefix,
                  oldSpans[oldSpans.count - 1 - suffix] == new.spans[new.spans.count - 1 - suffix] { suffix += 1 }
        }
        // A character of no width where the middle starts or ends joins the cell before it, which
        // the middle's own cells would not see: then the rows are compared whole.
        if new.spans[prefix...].contains(where: ScreenCells.startsWithZeroWidth)
            || oldSpans[prefix...].contains(where: ScreenCells.startsWithZeroWidth) {
            prefix = 0
            suffix = 0
        }
        var lead = Self.reuse(&leadCells)
        var before = Self.reuse(&oldCells)
        var after = Self.reuse(&newCells)
        defer {
            leadCells = lead
            oldCells = before
            newCells = after
        }
        // Where the middle starts; a row cut before the middle has nothing after the cut on the
        // screen, so it is compared whole.
        var start = 0
        if let columns = ScreenCells.columns(of: new.spans[..<prefix], limit: limit, scratch: &lead) {
            start = columns
        } else {
            prefix = 0
            suffix = 0
        }
        var fitted = true
        if old == nil {
            ScreenCells.pad(&before, to: limit - start, .normal)
        } else {
            fitted = ScreenCells.append(oldSpans[prefix..<(oldSpans.count - suffix)], limit: limit - start, to: &before)
        }
        fitted = ScreenCells.append(new.spans[prefix..<(new.spans.count - suffix)], limit: limit - start, to: &after) && fitted
        if old != nil, suffix > 0, !fitted || before.count != after.count || start + after.count >= limit {
            // The end moved (or was cut): compare to the row's end after all.
            before.removeAll(keepingCapacity: true)
            after.removeAll(keepingCapacity: true)
            ScreenCells.append(oldSpans[prefix...], limit: limit - start, to: &before)
            ScreenCells.append(new.spans[prefix...], limit: limit - start, to: &after)
            suffix = 0
        }
        if suffix == 0 {
            if let old { ScreenCells.pad(&before, to: limit - start, old.fill) }
            ScreenCells.pad(&after, to: limit - start, new.fill)
        }
        // Both are as wide: padded to the row's end, or ending where the same spans start.
        guard var first = after.indices.first(where: { $0 >= before.count || before[$0] != after[$0] }) else { return }
        var last = after.count - 1
        while last > first, last < before.count, before[last] == after[last] { last -= 1 }
        // A wide character is written whole: widen the run to both halves, old and new.
        while first > 0, after[first].width == 0 || (first < before.count && before[first].width == 0) { first -= 1 }
        while last + 1 < after.count, after[last + 1].width == 0 || (last + 1 < before.count && before[last + 1].width == 0) { last += 1 }
        // Blanks to the row's end are cleared with `el`, never written: a row then ends the same
        // way whichever frames came before it.
        var end = last + 1
        var clears = false
        if start + after.count == limit {
            var content = after.count
            while content > first, after[content - 1].isPlainBlank { content -= 1 }
            if content < end {
                end = content
                clears = true
            }
        }
        // Cells already right between two changes are written through when that is shorter than
        // moving over them (the gaps between a table's cells are not).
        var run = first
        var at = first
        while at < end {
            // A stretch starts and ends on whole characters (not the right half of a wide one).
            guard at < before.count, before[at] == after[at], after[at].width > 0 else {
                at += 1
                continue
            }
            var past = at
            while past < end, past < before.count, before[past] == after[past] { past += 1 }
            while past > at, past < end, after[past].width == 0 || (past < before.count && before[past].width == 0) { past -= 1 }
            guard past > at else {
                at += 1
                continue
            }
            if past < end, past - at > capabilities.moveLength(toRow: y, column: start + past) {
                write(after[run..<at], at: start + run, row: y, &out)
                run = past
            }
            at = past
        }
        write(after[run..<end], at: start + run, row: y, &out)
        if clears {
            // Nothing was written before the blanks: the cursor is not there yet.
            if run == end { capabilities.appendMove(toRow: y, column: start + end, to: &out) }
            setStyle(.normal, &out)
            out += capabilities.clearToEndOfLine
        }
    }

    /// `buffer`'s storage, emptied, for a row's cells.
    private static func reuse(_ buffer: inout [ScreenCell]) -> [ScreenCell] {
        var cells: [ScreenCell] = []
        swap(&cells, &buffer)
        cells.removeAll(keepingCapacity: true)
        return cells
    }

    /// Writes `cells` from column `column` of row `y`; nothing for no cells.
    private mutating func write(_ cells: ArraySlice<ScreenCell>, at column: Int, row y: Int, _ out: inout [UInt8]) {
        guard !cells.isEmpty else { return }
        capabilities.appendMove(toRow: y, column: column, to: &out)
        for cell in cells where cell.width > 0 {
            setStyle(cell.style, &out)
            append(cell.scalar, &out)
            if !cell.marks.isEmpty { for mark in cell.marks.scalars { append(mark, &out) } }
        }
    }

    private mutating func setStyle(_ style: Style, _ out: inout [UInt8]) {
        guard style != current else { return }
        reset(&out)
        out += capabilities.look(style)
        current = style
    }

    private mutating func reset(_ out: inout [UInt8]) {
        out += capabilities.resetAttributes
        current = .normal
    }

    private func append(_ scalar: Unicode.Scalar, _ out: inout [UInt8]) {
        if scalar.value < 0x80 {
            out.append(UInt8(scalar.value))
        } else {
            // Encoded in place: a String made for each character cost an allocation.
            UTF8.encode(scalar) { out.append($0) }
        }
    }
}
