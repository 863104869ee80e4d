/// Table rows: the header row on top, and each item's cells in the columns that fit. Every cell
/// is clipped to its column by display width with `…`, so no value can push the next column
/// along or break the row; numbers and ages are right-aligned.

/// The header row, each header aligned as its column's values; `‹` in the gutter when columns
/// are scrolled away on the left, `›` at the right edge when some are hidden on the right. The
/// column sorted by ends its header with `↑` or `↓`.
func tableHeaderRow(_ layout: ColumnLayout, fit: ColumnFit, width: Int, sort: SortField? = nil) -> FrameRow {
    var builder = RowBuilder(width: width)
    if fit.hiddenLeft { builder.append("‹", .dim) }
    for placed in fit.placed {
        let column = layout.columns[placed.column]
        builder.pad(toColumn: placed.x)
        var header = column.header
        if let sort, sort.path == column.spec.path {
            // The arrow is kept whole: the header gives way to it in a narrow column.
            let room = max(0, placed.width - 1)
            header = String(DisplayWidth.clip(header, to: room).text) + sort.arrow
        }
        appendCell(header, .header, width: placed.width, rightAligned: column.kind.isRightAligned, matches: [], isSanitized: true, into: &builder)
    }
    // Only where the fit kept the room for it (not on a screen too narrow to spare two columns).
    if fit.hiddenRight, builder.used <= width - ColumnFit.indicator {
        builder.pad(toColumn: width - 1)
        builder.append("›", .dim)
    }
    return builder.row
}

/// An item's cells, after the gutter the caller wrote; search matches highlighted in each cell
/// (an age is highlighted whole when its date as written matches). An item without cells (not
/// an object: a line of text from a pipe) is drawn by the caller as one line across the row.
/// Returns when an age shown in the row next reads differently (nil: the row shows no age).
@discardableResult
func appendTableCells(_ item: Item, _ layout: ColumnLayout, fit: ColumnFit, now: WallClock?,
                      highlight: TextMatcher?, into builder: inout RowBuilder) -> Double? {
    var changesAt: Double?
    for placed in fit.placed {
        let column = layout.columns[placed.column]
        let cell = placed.column < item.cells.count ? item.cells[placed.column] : .missing
        builder.pad(toColumn: placed.x)
        let text: String
        var style = Style.normal
        var matches: [Range<String.Index>] = []
        switch cell {
        case .text(let value):
            text = value
            matches = highlight?.ranges(in: value) ?? []
        case .null:
            text = "null"
            style = .dim
            matches = highlight?.ranges(in: text) ?? []
        case .missing:
            text = ""
        case .date(let seconds, let written):
            text = AgeText.text(seconds, now: now)
            changesAt = min(changesAt ?? .infinity, AgeText.changesAt(seconds, now: now))
            if let highlight, highlight.matches(written) { matches = [text.startIndex..<text.endIndex] }
        }
        // A cell is sanitized when it is made (`CellValue.clean`); an age is ASCII.
        appendCell(text, style, width: placed.width, rightAligned: column.kind.isRightAligned, matches: matches, isSanitized: true, into: &builder)
        if builder.remaining == 0 { break }
    }
    return changesAt
}

/// `text` in a column of `width`: clipped with `…` when wider, padded on the left when
/// right-aligned, `matches` (ranges of `text`) in the match style. `isSanitized`: the text is
/// safe for the terminal already (a table's cells and headers), so it is not sanitized again.
func appendCell(_ text: String, _ style: Style, width: Int, rightAligned: Bool,
                matches: [Range<String.Index>], isSanitized: Bool = false, into builder: inout RowBuilder) {
    guard width > 0 else { return }
    // Measured by summing its scalars until it is too wide (cheap); only a cell that does not
    // fit is walked by grapheme clusters, once, to cut it before the `…`.
    let whole = DisplayWidth.of(text, ifAtMost: width)
    let ellipsis = whole == nil
    var (shown, used) = (text[...], whole ?? width)
    if ellipsis {
        let cut = DisplayWidth.clip(text, to: width - 1)
        shown = cut.text
        used = cut.width + 1
    }
    if rightAligned, used < width { builder.pad(toColumn: builder.used + width - used) }
    if isSanitized, matches.isEmpty {
        builder.append(sanitized: shown, width: ellipsis ? used - 1 : used, style)
        if ellipsis { builder.append("…", style) }
        return
    }
    var start = shown.startIndex
    for match in matches where match.lowerBound >= start && match.lowerBound < shown.endIndex {
        let upper = min(match.upperBound, shown.endIndex)
        builder.append(text[start..<match.lowerBound], style)
        builder.append(text[match.lowerBound..<upper], .match)
        start = upper
    }
    builder.append(text[start..<shown.endIndex], style)
    // In the cell's own style: a change of attributes costs bytes on every row scrolled in.
    if ellipsis { builder.append("…", style) }
}
