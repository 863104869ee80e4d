/// The braille spinner; one frame per tick.
let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/// Draws the state as rows of text: the visible slice of the list (or the detail view, or the
/// help screen), and the status line (or the prompt on its row), at the state's size. Pure, so
/// frames can be snapshot-tested; only the rows on screen are touched, so its cost does not grow
/// with the list.
public func render(_ state: AppState) -> Frame {
    // The help covers every mode, its status line too (RenderHelp.swift).
    if let help = state.help { return helpFrame(state, help) }
    let size = state.size
    let contentHeight = state.contentHeight
    var rows: [FrameRow]
    // A notice too long for the status line is shown whole above it (LongNotice.swift); the list
    // is drawn from higher up when the notice would hide the cursor's row.
    let listNotice = state.mode == .list ? state.notice.flatMap { _ in
        longNoticeRows(state, parts: listStatusParts(state), width: size.columns - 1, height: contentHeight)
    } : nil
    if case .columns(let picker) = state.mode {
        rows = columnPickerRows(picker, height: contentHeight, width: size.columns)
    } else if case .counts(let view) = state.mode {
        rows = countsRows(view, height: contentHeight, width: size.columns)
    } else if case .detail(let view) = state.mode {
        rows = detailRows(view, height: contentHeight, width: size.columns)
    } else {
        let drawn = listNotice.flatMap { state.raisedAbove(noticeRows: $0.count) } ?? state
        rows = listAndPreview(drawn, height: contentHeight, width: size.columns)
    }
    if size.rows > 0 {
        // The bottom-right cell is never written: some terminals scroll when it is.
        let width = size.columns - 1
        switch state.mode {
        case .prompt(let prompt):
            rows.append(promptRow(prompt, width: width, queryEdit: state.finding.queryEdit))
        case .columns(let picker):
            rows.append(columnPickerStatusRow(picker, width: width))
        case .counts(let view):
            rows.append(countsStatusRow(state, view, width: width))
        case .detail(let view) where view.prompt == nil || state.showsHelp:
            // Only with a notice: the parts are not laid out twice for every frame.
            let notice = state.notice.flatMap { _ in
                longNoticeRows(state, parts: detailStatusParts(state, view, height: contentHeight, width: width), width: width, height: contentHeight)
            }
            if let notice { overlay(notice, onto: &rows) }
            rows.append(detailStatusRow(state, view, height: contentHeight, width: width, withNotice: notice == nil))
        case .detail(let view):
            rows.append(detailBottomRow(state, view, height: contentHeight, width: width))
        default:
            if let listNotice { overlay(listNotice, onto: &rows) }
            rows.append(statusRow(state, width: width, withNotice: listNotice == nil))
        }
    }
    return Frame(size: size, rows: rows)
}

/// The list in an area `height` rows high and `width` columns wide: in a table, the header row
/// on top and the rows under it (the viewport is one row shorter, see `AppState.listHeight`).
func listArea(_ state: AppState, height: Int, width: Int) -> [FrameRow] {
    guard let layout = state.rowLayout.table else {
        return listRows(state, height: height, width: width, table: nil)
    }
    let fit = state.rowBodies.fit(layout, width: width, offset: state.columnOffset)
    // With room for one row only, the row is shown rather than the header.
    guard height >= 2 else { return listRows(state, height: height, width: width, table: (layout, fit)) }
    let header = state.rowBodies.header(for: RowBodyCache.Key(width: width, table: layout, fit: fit, highlight: nil, sort: state.finding.order?.field)) {
        tableHeaderRow(layout, fit: fit, width: width, sort: state.finding.order?.field)
    }
    return [header] + listRows(state, height: height - 1, width: width, table: (layout, fit))
}

private func listRows(_ state: AppState, height: Int, width: Int, table: (ColumnLayout, ColumnFit)?) -> [FrameRow] {
    var rows: [FrameRow] = []
    rows.reserveCapacity(height + 2)
    let count = state.visibleCount
    let highlight = state.finding.highlight.flatMap { $0.query.isEmpty ? nil : $0 }
    let generation = state.rowBodies.generation(of: RowBodyCache.Key(width: width, table: table?.0, fit: table?.1, highlight: highlight))
    for y in 0..<height {
        let row = state.viewport.top + y
        if row < count {
            rows.append(itemRow(state, visibleRow: row, highlight: highlight, generation: generation, width: width, table: table))
        } else if row == count, case .failed(let page, let message) = state.loading.tail {
            // The message is wrapped over the empty rows below, so it is read whole.
            rows += failedFooterRows(page: page, message: message, width: width, rows: height - y)
            break
        } else if row == count {
            rows.append(footerRow(state, width: width))
        } else {
            rows.append(FrameRow())
        }
    }
    while rows.count < height { rows.append(FrameRow()) }
    return rows
}

/// The footer of a failed page in at most `rows` rows: what to do first ("r to retry"), then
/// the message broken at its spaces, its further lines indented under its start. With fewer rows
/// than it needs, the last row holds the rest cut in its middle, so its end (often the advice:
/// "use --items PATH") stays in sight; on one row, that is the whole message.
private func failedFooterRows(page: Int, message: String, width: Int, rows: Int) -> [FrameRow] {
    let prefix = "  ✗ page \(page + 1) failed (r to retry): "
    let indent = "    "
    let lines = WrappedText.lines(message, first: width - DisplayWidth.of(prefix), rest: width - indent.count, atMost: rows)
    return lines.enumerated().map { index, line in
        var builder = RowBuilder(width: width)
        builder.append(index == 0 ? prefix : indent, .error)
        builder.append(line, .error)
        return builder.row
    }
}

/// An item row: the gutter (the cursor's pointer, then the mark), then the text (or the table's
/// cells) with matches of the search (or filter) highlighted. Moving the cursor changes only the
/// gutters of two rows, so the screen rewrites two cells, not two rows.
private func itemRow(_ state: AppState, visibleRow: Int, highlight: TextMatcher?, generation: Int, width: Int,
                     table: (ColumnLayout, ColumnFit)?) -> FrameRow {
    let storeRow = state.storeRow(at: visibleRow) ?? visibleRow
    let pointer = visibleRow == state.viewport.cursor
    guard let found = rowBody(state, storeRow: storeRow, highlight: highlight, generation: generation, width: width, table: table) else {
        var builder = RowBuilder(width: width)
        Gutter(pointer: pointer, marked: state.marks.isMarked(nil, row: storeRow)).append(to: &builder)
        placeholder(state, storeRow: storeRow, into: &builder)
        return builder.row
    }
    let gutter = Gutter(pointer: pointer, marked: found.marked)
    // Most rows have neither pointer nor mark: their whole row was kept with the body.
    guard gutter != .plain else { return found.body.plainRow }
    var builder = RowBuilder(width: width)
    gutter.append(to: &builder)
    builder.append(laidOut: found.body.spans, columns: found.body.columns)
    return builder.row
}

/// The row body of the item at `storeRow`, kept or laid out now (and kept), and whether the item
/// is marked; nil where its page is not in memory or its row is empty. A kept row is found by the
/// item's place: the item is read only to lay its row out, or to ask the marks about it when
/// something is marked.
private func rowBody(_ state: AppState, storeRow: Int, highlight: TextMatcher?, generation: Int, width: Int,
                     table: (ColumnLayout, ColumnFit)?) -> (body: RowBodyCache.Body, marked: Bool)? {
    guard let place = state.store.place(of: storeRow) else { return nil }
    if let kept = state.rowBodies.kept(storeRow: storeRow, place: place, generation: generation, now: state.timing.wallClock) {
        let marked = !state.marks.isEmpty && state.store.withItem(at: storeRow) { state.marks.isMarked($0, row: storeRow) } == true
        return (kept, marked)
    }
    return state.store.withItem(at: storeRow) { item in
        let body = itemBody(item, width: width, now: state.timing.wallClock, highlight: highlight, table: table)
        state.rowBodies.keep(body, storeRow: storeRow, place: place, generation: generation)
        return (body, state.marks.isMarked(item, row: storeRow))
    }
}

/// The two columns before an item row's text: the cursor's pointer, then the mark.
private enum Gutter {
    case plain, pointer, mark, pointerAndMark

    init(pointer: Bool, marked: Bool) {
        switch (pointer, marked) {
        case (false, false): self = .plain
        case (true, false): self = .pointer
        case (false, true): self = .mark
        case (true, true): self = .pointerAndMark
        }
    }

    func append(to builder: inout RowBuilder) {
        switch self {
        case .plain:
            // One span of two blanks.
            builder.append("  ")
        case .pointer:
            builder.append(">", .pointer)
            builder.append(" ")
        case .mark:
            builder.append(" ")
            builder.append("*", .marked)
        case .pointerAndMark:
            builder.append(">", .pointer)
            builder.append("*", .marked)
        }
    }
}

/// An item row after its gutter: the table's cells, or the item's line; and the whole row with
/// the plain gutter. Every gutter is two columns wide (fewer on a screen narrower than two).
private func itemBody(_ item: Item, width: Int, now: WallClock?, highlight: TextMatcher?,
                      table: (ColumnLayout, ColumnFit)?) -> RowBodyCache.Body {
    var plain = RowBuilder(width: width)
    Gutter.plain.append(to: &plain)
    let start = plain.used
    var builder = RowBuilder(width: width, from: start)
    var changesAt: Double?
    if let (layout, fit) = table, !item.cells.isEmpty {
        changesAt = appendTableCells(item, layout, fit: fit, now: now, highlight: highlight, into: &builder)
    } else {
        appendLine(item.text, style(of: item), highlight: highlight, into: &builder)
    }
    let spans = builder.row.spans
    plain.append(laidOut: spans, columns: builder.used - start)
    return RowBodyCache.Body(spans: spans, columns: builder.used - start, plainRow: plain.row, changesAt: changesAt, laidOutAt: now)
}

/// The style of a row shown as one line: a line of input that is not JSON is dimmed, a note
/// about input that could not be kept is an error, anything else is plain.
private func style(of item: Item) -> Style {
    switch item.kind {
    case .value: return .normal
    case .text: return .textLine
    case .problem: return .error
    }
}

/// `text` in `style`, with matches of the search (or filter) highlighted.
/// Only the part of `text` the row could show is searched, and a match that starts in it.
/// A line wider than the row ends in `…`, as a table's cells do: a cut row is not taken for
/// the whole of it (issue 33.11).
private func appendLine(_ text: String, _ style: Style, highlight: TextMatcher?, into builder: inout RowBuilder) {
    let room = builder.remaining
    let reach = room + (highlight?.query.unicodeScalars.count ?? 0)
    let end = DisplayWidth.showableEnd(text, columns: reach)
    // Shown whole, still the item's own string (no copy); else a copy of what can be shown.
    let text = end == text.endIndex ? text : String(text[..<end])
    let cut = room > 1 && DisplayWidth.of(text, ifAtMost: room) == nil
    // Matches are found in all the row could show, and shown up to where the text stops.
    let stop = cut ? DisplayWidth.clip(text, to: room - 1).text.endIndex : text.endIndex
    let matches = highlight?.ranges(in: text) ?? []
    var start = text.startIndex
    for match in matches where match.lowerBound < stop {
        builder.append(text[start..<match.lowerBound], style)
        start = min(match.upperBound, stop)
        builder.append(text[match.lowerBound..<start], .match)
        if builder.remaining == 0 { break }
    }
    // With nothing highlighted, the whole slice: it becomes the item's own string again.
    builder.append(text[start..<stop], style)
    if cut { builder.append("…", style) }
}

private func footerRow(_ state: AppState, width: Int) -> FrameRow {
    var builder = RowBuilder(width: width)
    builder.append("  ")
    switch state.loading.tail {
    case .idle:
        builder.append("more below", .dim)
    case .loading(let request, let wait):
        if let live = state.live {
            LiveText.footer(state, live, wait: wait, into: &builder)
        } else if let wait, wait.skips || wait.passes {
            builder.append("\(spinnerFrame(state)) \(wait.reason)", .loading)
        } else if let wait, wait.waitsForInput {
            builder.append("\(spinnerFrame(state)) \(wait.reason)… (\(Counted.text(state.store.itemCount, "item", grouped: true)) so far)", .loading)
        } else if let wait {
            // The countdown stays in sight: a long reason is cut in its middle.
            builder.appendFitting(prefix: "\(spinnerFrame(state)) page \(request.page + 1): ", middle: wait.reason, suffix: " — \(waitText(wait))", .loading)
        } else if state.finding.search?.pending != nil {
            builder.append("\(spinnerFrame(state)) searching page \(request.page + 1)… (Esc stops)", .loading)
        } else if state.loading.readsToEnd {
            builder.append("\(spinnerFrame(state)) reading to the end… \(Counted.text(state.store.itemCount, "item", grouped: true)) so far (Esc stops)", .loading)
        } else if state.finding.rowQuery != nil {
            // A program that drops most items reads on until the screen is full: how far.
            let read = Counted.text(state.loading.itemsRead, "item", grouped: true)
            builder.append("\(spinnerFrame(state)) loading page \(request.page + 1)… scanned \(read), \(NumberText.grouped(state.store.itemCount)) match", .loading)
        } else {
            builder.append("\(spinnerFrame(state)) loading page \(request.page + 1)…", .loading)
        }
    case .failed(let page, let message):
        // `listRows` lays a failed page out over the rows it can have; here, one.
        return failedFooterRows(page: page, message: message, width: width, rows: 1)[0]
    case .ended(let reason):
        let count = state.store.itemCount
        var items = count == 0 ? "no items" : Counted.text(count, "item", grouped: true)
        if state.finding.rowQuery != nil {
            items = "\(count == 0 ? "no rows" : Counted.text(count, "row", grouped: true)) from \(Counted.text(state.loading.itemsRead, "item", grouped: true))"
        }
        if let filter = state.finding.filter {
            builder.append("— end · \(NumberText.grouped(filter.rows.count)) of \(items) match · \(reason.text) —", .end)
        } else {
            builder.append("— end · \(items) · \(reason.text) —", .end)
        }
    }
    return builder.row
}

/// `retrying in 42 s`, or `next request in 3 s` while requests are paced.
private func waitText(_ wait: PageWait) -> String {
    "\(wait.isRetry ? "retrying" : "next request") in \(wait.seconds) s"
}

func spinnerFrame(_ state: AppState) -> Character {
    spinnerFrames[state.timing.spinnerPhase % spinnerFrames.count]
}

/// A row whose item is not in memory: its page was dropped and is being fetched again (or that
/// failed), or the page came back shorter than it first was.
private func placeholder(_ state: AppState, storeRow: Int, into builder: inout RowBuilder) {
    guard let page = state.store.page(containing: storeRow) else { return }
    if case .gap = state.store.origin(ofPage: page) {
        appendGapRow(state, page: page, into: &builder)
    } else if state.store.isLoaded(page: page) {
        builder.append("(no longer in \(pageName(page)))", .placeholder)
    } else if case .failed(let message) = state.loading.refetches[page] {
        builder.appendFitting(prefix: "✗ \(pageName(page)) failed (r to retry): ", middle: message, .error)
    } else {
        builder.append("\(spinnerFrame(state)) loading \(pageName(page))…", .placeholder)
    }
}
