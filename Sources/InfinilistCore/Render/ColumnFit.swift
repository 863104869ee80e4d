/// Which columns of a layout fit in a width, where each starts and how wide each is. Computed for
/// every frame from the layout (a handful of columns), so a resize lays the table out again
/// while the layout's widths stay as chosen.
///
/// The rules: after the two-column gutter, columns are separated by two spaces. The flexible
/// column takes what the others leave. When that is less than its least width (or, with no
/// flexible column, the columns do not fit), the rightmost other column is left out, and so on;
/// the flexible column, when it is the last one left, takes the whole width. So a narrow screen shows fewer columns,
/// never a broken row.
///
/// Scrolled sideways (`<`/`>`, docs/decisions.md 59) by `offset`: the first `offset` columns after
/// the pinned one are left out on the left. The first column is pinned (stays in place) when it
/// is not the flexible one (an id, a number); a flexible first column (a title) scrolls away like
/// the others. Where the pinned column does not fit beside the title, offset -1 shows it. When
/// columns are hidden on the right, two columns are kept free at the right edge for the header's
/// `›`.
struct ColumnFit: Equatable {
    struct Placed: Equatable {
        /// Index into the layout's columns.
        let column: Int
        /// Screen column where it starts.
        let x: Int
        let width: Int
    }

    static let gutter = 2
    static let separator = 2
    /// Kept free at the right edge for the `›` of columns hidden there.
    static let indicator = 2

    let placed: [Placed]
    /// The offset actually used: the one asked for, at most the least offset that shows the last
    /// column (so a wider screen never leaves columns hidden on the left for nothing).
    let offset: Int
    /// Columns are left out on the left (scrolled away).
    let hiddenLeft: Bool
    /// Columns are left out on the right (`>` shows them).
    let hiddenRight: Bool

    init(_ layout: ColumnLayout, width total: Int, offset wanted: Int = 0) {
        let count = layout.columns.count
        let pinned = Self.pinnedCount(layout)
        let largest = max(0, count - pinned - 1)
        // The least offset at which nothing is hidden on the right: scrolling further only hides
        // columns on the left.
        var limit = largest
        for candidate in 0..<largest where !Self.fit(layout, width: total, offset: candidate).hiddenRight {
            limit = candidate
            break
        }
        // On a screen too narrow for the pinned column beside the title, the unscrolled table
        // (decision 53) shows the title alone; offset -1 shows the pinned column, from the left.
        let unscrolled = Self.fit(layout, width: total, offset: 0)
        let pinnedHidden = pinned == 1 && !unscrolled.placed.contains { $0.column == 0 }
        let offset = min(max(pinnedHidden ? -1 : 0, wanted), limit)
        let fitted = offset == 0 ? unscrolled : Self.fit(layout, width: total, offset: offset)
        placed = fitted.placed
        hiddenRight = fitted.hiddenRight
        hiddenLeft = offset > 0 || (offset == 0 && pinnedHidden)
        self.offset = offset
    }

    /// Whether the columns can be scrolled at all at this width: some are hidden at offset 0.
    var canScroll: Bool { hiddenLeft || hiddenRight }

    /// 1 when the first column stays in place while the others scroll: a column that is not the
    /// flexible one (an id, a number), in a table of more than one column.
    static func pinnedCount(_ layout: ColumnLayout) -> Int {
        layout.columns.count > 1 && !layout.columns[0].isFlexible ? 1 : 0
    }

    /// The columns shown at `offset`, reserving room for the `›` when some are left out on the
    /// right.
    private static func fit(_ layout: ColumnLayout, width total: Int, offset: Int) -> (placed: [Placed], hiddenRight: Bool) {
        let pinned = pinnedCount(layout)
        let count = layout.columns.count
        // Offset -1: every column, from the first (the pinned one) as the lead.
        let start = offset < 0 ? 0 : pinned + offset
        let lead = start < count ? start : nil
        let candidates = offset < 0 ? Array(0..<count) : Array(0..<pinned) + Array(min(count, start)..<count)
        let available = max(0, total - gutter)
        let first = place(layout, candidates, lead: lead, available: available)
        let hidesRight = (candidates.last ?? -1) > (first.last?.column ?? -1)
        // Too narrow for the marker to leave anything: the columns as they were.
        guard hidesRight, available - indicator >= 1 else { return (first, hidesRight) }
        return (place(layout, candidates, lead: lead, available: available - indicator), true)
    }

    /// The candidates that fit in `available` columns after the gutter. When the first column
    /// after the pinned one (the lead) is the flexible one, it stays and the rightmost other
    /// column is dropped until the rest fit (the pinned one last). Otherwise columns are taken
    /// from the left while they fit, the flexible one at its least width; the lead is always
    /// shown, alone (and clipped) when it does not fit beside the pinned column. So every column
    /// is shown at some offset.
    private static func place(_ layout: ColumnLayout, _ candidates: [Int], lead: Int?, available: Int) -> [Placed] {
        let flexible = layout.columns.firstIndex(where: \.isFlexible)
        let shown = lead != nil && lead == flexible
            ? keepingFlexible(layout, candidates, flexible: flexible, available: available)
            : fromTheLeft(layout, candidates, lead: lead, available: available)
        var widths: [Int: Int] = [:]
        if shown.count == 1, let only = shown.first {
            widths[only] = only == flexible ? available : min(available, layout.columns[only].width)
        } else {
            let others = shown.filter { $0 != flexible }
            let fixed = others.reduce(0) { $0 + layout.columns[$1].width } + separator * max(0, shown.count - 1)
            for index in others { widths[index] = layout.columns[index].width }
            if let flexible, shown.contains(flexible) { widths[flexible] = max(0, available - fixed) }
        }
        // Scrolled past the title, the last column (a URL, say) would stop at its 20 columns with
        // the rest of the screen blank: a text column at the right end takes what is left.
        if let last = shown.last, last == candidates.last, shown.count > 1 || last != flexible,
           flexible.map({ !shown.contains($0) }) ?? true,
           layout.columns[last].kind == .text, layout.columns[last].spec.width == nil {
            let used = shown.reduce(0) { $0 + (widths[$1] ?? 0) } + separator * max(0, shown.count - 1)
            if available > used { widths[last, default: 0] += available - used }
        }
        var x = gutter
        var placed: [Placed] = []
        for index in shown {
            let width = widths[index] ?? 0
            placed.append(Placed(column: index, x: x, width: width))
            x += width + separator
        }
        return placed
    }

    private static func keepingFlexible(_ layout: ColumnLayout, _ candidates: [Int], flexible: Int?, available: Int) -> [Int] {
        var shown = candidates
        while shown.count > 1 {
            let others = shown.filter { $0 != flexible }
            let fixed = others.reduce(0) { $0 + layout.columns[$1].width } + separator * max(0, shown.count - 1)
            if let flexible, shown.contains(flexible) {
                if available - fixed >= layout.columns[flexible].width { break }
            } else if fixed <= available {
                break
            }
            // The rightmost column that is not the flexible one goes first.
            guard let drop = others.last else { break }
            shown.removeAll { $0 == drop }
        }
        return shown
    }

    private static func fromTheLeft(_ layout: ColumnLayout, _ candidates: [Int], lead: Int?, available: Int) -> [Int] {
        var shown: [Int] = []
        var used = 0
        for index in candidates {
            let width = layout.columns[index].width
            let need = (shown.isEmpty ? 0 : separator) + width
            if used + need <= available {
                shown.append(index)
                used += need
            } else if index == lead {
                // The lead does not fit beside the pinned column: it is shown alone (clipped
                // when it does not fit at all).
                shown = [index]
                used = width
                if used > available { break }
            } else if let lead, index < lead {
                // The pinned column does not fit: the lead still comes.
                continue
            } else {
                break
            }
        }
        if shown.isEmpty, let first = lead ?? candidates.first { shown = [first] }
        return shown
    }
}
