/// Rows of a frame that are the previous frame's rows moved up or down: the list scrolled. A
/// screen that knows it can move those rows in its own buffer (curses' `wscrl`) and write only
/// the rows that are new, instead of writing every row again and leaving curses to discover the
/// scroll by comparing them. Writing a row costs curses hundreds of instructions a character;
/// after a ↓ that scrolls, all but one of the list's rows are rows it already has.
public struct RowShift: Sendable, Equatable {
    /// The first row (of the new frame) that holds an old row.
    public let top: Int
    /// One past the last such row.
    public let bottom: Int
    /// How far the rows moved up: the new frame's row `y` is the old frame's row `y + by`.
    /// Negative when they moved down.
    public let by: Int

    public init(top: Int, bottom: Int, by: Int) {
        self.top = top
        self.bottom = bottom
        self.by = by
    }

    /// The rows the move touches, as a screen's scroll region: from the first row that gets an
    /// old row or gives one, to the last.
    public var region: ClosedRange<Int> { min(top, top + by)...(max(bottom, bottom + by) - 1) }

    /// Fewer rows than this are simply written again: a scroll costs a few escape sequences.
    static let minimumRows = 3

    /// The largest block of `new`'s rows that are `old`'s rows moved by one distance, if it is
    /// worth moving. Never touches the last row (the status line: the bottom-right cell is never
    /// written). Cost: one row comparison a row to find the changed ones; for each changed row
    /// probed, a few to find where it was; for each distance found, one a row.
    ///
    /// `alike` says which rows count as the same row: equal ones by default. A screen that
    /// writes a moved row's differences anyway may ask for less (rows beside a preview pane whose
    /// list part moved while the pane's did not).
    public static func find(from old: [FrameRow], to new: [FrameRow],
                            alike: (FrameRow, FrameRow) -> Bool = { $0 == $1 }) -> RowShift? {
        let count = min(old.count, new.count) - 1
        guard count >= minimumRows else { return nil }
        let changed = (0..<count).filter { !alike(new[$0], old[$0]) }
        guard changed.count >= minimumRows else { return nil }
        // Five changed rows are looked up among the old ones, spread over the changed rows: rows
        // scrolled in are at the bottom after a scroll down and at the top after a scroll up,
        // and the cursor's rows change in between.
        let last = changed.count - 1
        var tried: [Int] = []
        var best: RowShift?
        for probe in [0, last, last / 2, last / 4, 3 * last / 4] {
            // A move of all but a few rows is the move: probing on would cost a search of every
            // old row for the row scrolled in, which was nowhere.
            if let best, best.bottom - best.top >= count - minimumRows { break }
            let y = changed[probe]
            guard let distance = distance(of: new[y], at: y, in: old, count: count, alike: alike), !tried.contains(distance) else { continue }
            tried.append(distance)
            if let block = longestBlock(by: distance, from: old, to: new, count: count, alike: alike),
               block.bottom - block.top > (best.map { $0.bottom - $0.top } ?? 0) {
                best = block
            }
        }
        return best
    }

    /// The move of a scroll by one row, found by storage alone: a kept row is the very array of
    /// spans the last frame held, so after ↓ or ↑ nearly every row of the new frame shares its
    /// storage with the old row one place away. Nil when fewer than all but a few rows do, or
    /// fewer than `minimumRows` (the caller then compares rows with `find`). No row is compared
    /// by its text: a ↓ held down asked `find` thirty comparisons of rows that differ, and a
    /// copy of each. Both frames are alive while they are compared, so a shared address is a
    /// shared array, never one freed and another made in its place.
    public static func sharedMove(from old: [FrameRow], to new: [FrameRow]) -> RowShift? {
        let count = min(old.count, new.count) - 1
        guard count >= minimumRows else { return nil }
        for by in [1, -1] {
            // All but a few rows; `longestBlock` refuses fewer than a move is worth (a short
            // screen's "all but a few" would otherwise be none at all).
            if let block = longestBlock(by: by, from: old, to: new, count: count, alike: shareStorage),
               block.bottom - block.top >= count - minimumRows - 1 {
                return block
            }
        }
        return nil
    }

    /// The same spans' storage and the same fill: the same row, without reading its text.
    private static func shareStorage(_ a: FrameRow, _ b: FrameRow) -> Bool {
        guard a.fill == b.fill, !a.spans.isEmpty else { return false }
        return a.spans.withUnsafeBufferPointer { first in
            b.spans.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress && first.count == second.count }
        }
    }

    /// Where `row` (the new frame's row `y`) was in the old frame, nearest first.
    private static func distance(of row: FrameRow, at y: Int, in old: [FrameRow], count: Int,
                                 alike: (FrameRow, FrameRow) -> Bool) -> Int? {
        for step in 1..<count {
            if y + step < count, alike(row, old[y + step]) { return step }
            if y - step >= 0, alike(row, old[y - step]) { return -step }
        }
        return nil
    }

    /// The longest run of rows that match the old frame moved by `by`, if it is long enough.
    private static func longestBlock(by: Int, from old: [FrameRow], to new: [FrameRow], count: Int,
                                     alike: (FrameRow, FrameRow) -> Bool) -> RowShift? {
        var best: (top: Int, bottom: Int)?
        var runStart: Int?
        for y in max(0, -by)..<min(count, count - by) {
            if alike(new[y], old[y + by]) {
                if runStart == nil { runStart = y }
                if let start = runStart, y + 1 - start > (best.map { $0.bottom - $0.top } ?? 0) { best = (start, y + 1) }
            } else {
                runStart = nil
            }
        }
        guard let best, best.bottom - best.top >= minimumRows else { return nil }
        return RowShift(top: best.top, bottom: best.bottom, by: by)
    }

    /// The move widened over the rows beside it that are old rows moved as far but changed at
    /// their start: the rows the cursor left and reached, whose gutters differ and whose bodies
    /// (their last span, the very string of the last frame) do not. Moved too, they need only
    /// their gutters written, not their text again. Never over the last row (the status line).
    public func widened(from old: [FrameRow], to new: [FrameRow]) -> RowShift {
        let count = min(old.count, new.count) - 1
        func moved(_ y: Int) -> Bool {
            guard y >= 0, y < count, y + by >= 0, y + by < count, let last = new[y].spans.last else { return false }
            return new[y].fill == old[y + by].fill && old[y + by].spans.last == last
        }
        var top = top
        var bottom = bottom
        while moved(top - 1) { top -= 1 }
        while moved(bottom) { bottom += 1 }
        return RowShift(top: top, bottom: bottom, by: by)
    }

    /// The old frame's rows as they stand after the move: moved rows in their new places, the
    /// rows the move uncovered unknown (nil: they must be written), the rest as they were.
    public func applied(to old: [FrameRow]) -> [FrameRow?] {
        old.indices.map { row(at: $0, of: old) }
    }

    /// Row `y` of `applied(to: old)`, without making the whole array (a ↓ asks for thirty).
    public func row(at y: Int, of old: [FrameRow]) -> FrameRow? {
        guard y >= 0, y < old.count else { return nil }
        if y >= top, y < bottom { return old[y + by] }
        return region.contains(y) ? nil : old[y]
    }
}
