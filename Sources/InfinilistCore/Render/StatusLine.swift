/// The status line of the list: where the cursor is, the filter, the marks, the load state and
/// the last page's latency on the right; the source (or a notice) on the left.
/// `withNotice` false leaves the notice out (`longNoticeRows` shows it above).
func statusRow(_ state: AppState, width: Int, withNotice: Bool = true) -> FrameRow {
    statusLine(left: leftText(state, withNotice: withNotice), parts: listStatusParts(state), width: width)
}

/// The right-hand parts of the list's status line, most important first.
func listStatusParts(_ state: AppState) -> [String] {
    let count = state.visibleCount
    var position = count == 0 ? "no rows" : "row \(NumberText.grouped(state.viewport.cursor + 1))/\(NumberText.grouped(count))"
    // Where rows are items: the total is of the items. One below the rows loaded is out of date
    // (a file grown since it was counted, an API whose count lags), and so is any once the list
    // has ended (a file cut short since): the rows are the truth.
    if state.finding.filter == nil, state.finding.rowQuery == nil, !state.loading.tail.isEnded {
        if let total = state.loading.total, total > count { position += " of \(NumberText.grouped(total))" }
        // The count of the file's rows that will fill in the "of N" (RowCounting.swift).
        if let counting = state.loading.rowCounting { position += " · " + countingText(counting) }
    }
    // Most important first: on a narrow screen the last parts are dropped.
    var parts = [position]
    // Right after the position: what the user would miss by not looking up.
    if let new = newAboveText(state) { parts.append(new) }
    // Second, so a narrow screen drops it last after the position: it is a warning, not a detail.
    if state.config.insecure { parts.append("insecure") }
    if let filter = state.finding.filter {
        let loaded = state.store.itemCount
        parts.append("filter: \(shortened(filter.label)) · \(NumberText.grouped(filter.rows.count)) of \(NumberText.grouped(loaded))")
    }
    if let order = state.finding.order { parts.append(sortText(state, order.field)) }
    if let query = state.finding.rowQuery {
        parts.append("jq: \(shortened(query.program)) · \(NumberText.grouped(state.store.itemCount)) rows of \(Counted.text(state.loading.itemsRead, "item", grouped: true))")
    }
    if !state.marks.isEmpty { parts.append("\(NumberText.grouped(state.marks.count)) marked") }
    if state.previewGeometry == .hidden { parts.append("preview: no room") }
    if let load = loadState(state) { parts.append(load) }
    if let follow = followText(state) { parts.append(follow) }
    // A live list's pages take as long as the server is quiet: no latency to show.
    if let latency = state.loading.lastLatency, state.live == nil { parts.append(NumberText.duration(latency)) }
    return parts
}

/// "counting…", with how far once the loader has said: "counting… 40%".
private func countingText(_ counting: RowCounting) -> String {
    guard counting.size > 0 else { return "counting…" }
    return "counting… \(min(99, counting.bytesRead * 100 / counting.size))%"
}

/// The status line of the detail view: which lines are shown and which row the item is.
func detailStatusRow(_ state: AppState, _ view: DetailView, height: Int, width: Int, withNotice: Bool = true) -> FrameRow {
    statusLine(left: leftText(state, withNotice: withNotice), parts: detailStatusParts(state, view, height: height, width: width), width: width)
}

/// The right-hand parts of the detail view's status line.
func detailStatusParts(_ state: AppState, _ view: DetailView, height: Int, width: Int) -> [String] {
    var parts = [view.linesText(height: height)]
    if let search = view.search { parts.append(search.statusText(width: width + 1, wraps: view.wraps)) }
    parts.append("row \(NumberText.grouped(view.row + 1))")
    if let load = loadState(state) { parts.append(load) }
    return parts
}

private func leftText(_ state: AppState, withNotice: Bool) -> String {
    if withNotice, let notice = state.notice { return " " + notice.text }
    return " infinilist · " + state.config.sourceName
}

private func loadState(_ state: AppState) -> String? {
    if let live = LiveText.loadState(state) { return live }
    switch state.loading.tail {
    case .idle: return nil
    case .loading:
        if let wait = state.loading.activeWait, !wait.passes {
            // A pipe with nothing to read yet has no countdown: it waits for its writer.
            let quiet = state.following.followsInputEnd ? "following the end (F stops)" : "waiting for input"
            if wait.skips { return "\(spinnerFrame(state)) skipping" }
            if wait.waitsForWriter { return "\(spinnerFrame(state)) waiting for a writer" }
            return wait.waitsForInput ? "\(spinnerFrame(state)) \(quiet)" : "\(spinnerFrame(state)) waiting \(wait.seconds) s"
        }
        let verb = state.finding.search?.pending != nil ? "searching" : state.loading.readsToEnd ? "reading to the end"
            : state.isRefreshing ? "refreshing" : "loading"
        return "\(spinnerFrame(state)) \(verb)"
    case .failed: return "failed"
    case .ended: return "end"
    }
}

/// What a sort covers: "sorted by comments ↓ · 1,200 of ? loaded" while more may come (the order
/// can still change as pages merge in), "of 5,000" when the list said its size, "all 1,200"
/// once the list has ended.
private func sortText(_ state: AppState, _ field: SortField) -> String {
    let loaded = NumberText.grouped(state.store.itemCount)
    let covered: String
    if let unkeyed = state.finding.order?.unkeyedPages.count, unkeyed > 0 {
        covered = "\(loaded) loaded, \(Counted.text(unkeyed, "page")) not sorted yet"
    } else if case .ended = state.loading.tail {
        covered = "all \(loaded)"
    } else if let total = state.loading.total, state.finding.rowQuery == nil {
        covered = "\(loaded) of \(NumberText.grouped(total)) loaded"
    } else {
        covered = "\(loaded) of ? loaded"
    }
    return "sorted by \(shortened(field.path.description)) \(field.arrow) · \(covered)"
}

/// A query as the status line shows it: at most 20 columns.
private func shortened(_ query: String) -> String {
    let safe = TerminalText.sanitize(query)
    let clipped = DisplayWidth.clip(safe, to: 19)
    return clipped.text.endIndex == safe.endIndex ? safe : clipped.text + "…"
}

/// Lays out a status line: `parts` joined on the right, dropped from the last while they do not
/// fit; `left` clipped into what remains.
func statusLine(left: String, parts: [String], width: Int) -> FrameRow {
    let (right, rightWidth) = statusRight(parts, width: width)
    var builder = RowBuilder(width: width, fill: .status)
    // Three spans, so the screen compares only the part that changed (the position, mostly).
    builder.append(DisplayWidth.clip(left, to: max(0, width - rightWidth - 2)).text, .status)
    builder.startSpan()
    builder.pad(leaving: rightWidth, .status)
    builder.startSpan()
    builder.append(right, .status)
    return builder.row
}

/// The right side of a status line: `parts` joined, dropped from the last while they do not fit.
private func statusRight(_ parts: [String], width: Int) -> (text: String, width: Int) {
    var parts = parts
    var right = parts.joined(separator: " · ") + " "
    var rightWidth = DisplayWidth.of(right)
    while parts.count > 1, rightWidth > width {
        parts.removeLast()
        right = parts.joined(separator: " · ") + " "
        rightWidth = DisplayWidth.of(right)
    }
    return (right, rightWidth)
}

/// The columns a status line with these `parts` leaves for its left text.
func statusLeftRoom(parts: [String], width: Int) -> Int {
    max(0, width - statusRight(parts, width: width).width - 2)
}

/// The `/` or `&` prompt, drawn on the status line's row: the symbol, the text (its end, when it
/// is wider than the row), a block cursor (a reversed space), and a hint when there is room.
func promptRow(_ prompt: Prompt, width: Int, queryEdit: QueryEdit? = nil) -> FrameRow {
    var builder = RowBuilder(width: width)
    if prompt.kind == .overwrite {
        builder.appendFitting(prefix: " ", middle: TerminalText.sanitize(prompt.text), suffix: " exists: overwrite it? (y: yes, another key: no)", .status)
        return builder.row
    }
    if prompt.kind == .replaceView {
        builder.appendFitting(prefix: " @", middle: TerminalText.sanitize(prompt.text), suffix: " exists: replace its view? (y: yes, another key: no)", .status)
        return builder.row
    }
    var shown = Substring(TerminalText.sanitize(prompt.text))
    let room = max(0, width - 2)
    var shownWidth = DisplayWidth.of(String(shown))
    while shownWidth > room, let first = shown.first {
        shownWidth -= DisplayWidth.of(first)
        shown = shown.dropFirst()
    }
    builder.append(prompt.symbol)
    builder.append(shown)
    builder.append(" ", .status)
    if let error = queryEdit?.error {
        // What is wrong stays in sight, however long: cut in its middle.
        builder.appendFitting(prefix: " ", middle: error, suffix: " ", .error)
        return builder.row
    }
    let hint: String
    switch prompt.kind {
    case .search: hint = "Enter: search · Esc: cancel "
    case .filter: hint = "Enter: filter (empty: all) · Esc: cancel "
    case .jq: hint = queryEdit?.needsReread == true ? "Enter: read the list again with it · Esc: undo " : "↑↓: history · Enter: keep · Esc: undo "
    case .write: hint = "Enter: write (.csv .tsv .json, else JSON lines) · Esc: cancel "
    case .saveView: hint = "Enter: save columns, sort, filter, jq to the config file · Esc: cancel "
    case .overwrite, .replaceView: hint = ""
    }
    let hintWidth = DisplayWidth.of(hint)
    if builder.remaining >= hintWidth + 2 {
        builder.pad(leaving: hintWidth, .normal)
        builder.append(hint, .dim)
    }
    return builder.row
}
