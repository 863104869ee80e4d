/// The braille spinner; one frame per tick.
let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/// Draws the state as rows of text: the visible slice of the list, the footer row where it
/// falls on screen, and the status line. Pure, so frames can be snapshot-tested.
public func render(_ state: AppState, size: Size) -> Frame {
    let listHeight = max(0, size.rows - 1)
    var rows: [FrameRow] = []
    rows.reserveCapacity(size.rows)
    for y in 0..<listHeight {
        let row = state.viewport.top + y
        if row < state.store.itemCount {
            rows.append(itemRow(state, row: row, width: size.columns))
        } else if row == state.store.itemCount {
            rows.append(footerRow(state, width: size.columns))
        } else {
            rows.append(FrameRow())
        }
    }
    if size.rows > 0 {
        // The bottom-right cell is never written: some terminals scroll when it is.
        rows.append(statusRow(state, width: size.columns - 1))
    }
    return Frame(size: size, rows: rows)
}

private func itemRow(_ state: AppState, row: Int, width: Int) -> FrameRow {
    var builder = RowBuilder(width: width)
    if row == state.viewport.cursor {
        builder.append(">", .pointer)
        builder.append(" ")
    } else {
        builder.append("  ")
    }
    if let item = state.store.item(at: row) {
        builder.append(item.text)
    } else {
        builder.append("loading…", .placeholder)
    }
    return builder.row
}

private func footerRow(_ state: AppState, width: Int) -> FrameRow {
    var builder = RowBuilder(width: width)
    builder.append("  ")
    switch state.tail {
    case .idle:
        builder.append("more below", .dim)
    case .loading(let request):
        builder.append("\(spinnerFrame(state)) loading page \(request.page + 1)…", .loading)
    case .failed(let page, let message):
        builder.append("✗ page \(page + 1) failed: \(message) — r to retry", .error)
    case .ended(let reason):
        let count = state.store.itemCount
        let items = count == 0 ? "no items" : "\(NumberText.grouped(count)) item\(count == 1 ? "" : "s")"
        builder.append("— end · \(items) · \(reason.text) —", .end)
    }
    return builder.row
}

private func statusRow(_ state: AppState, width: Int) -> FrameRow {
    let count = state.store.itemCount
    var position = count == 0 ? "no rows" : "row \(NumberText.grouped(state.viewport.cursor + 1))/\(NumberText.grouped(count))"
    if let total = state.total, total != count { position += " of \(NumberText.grouped(total))" }
    // Most important first: on a narrow screen the last parts are dropped.
    var parts = [position]
    switch state.tail {
    case .idle: break
    case .loading: parts.append("\(spinnerFrame(state)) loading")
    case .failed: parts.append("failed")
    case .ended: parts.append("end")
    }
    if let latency = state.lastLatency { parts.append(NumberText.duration(latency)) }
    var right = parts.joined(separator: " · ") + " "
    while parts.count > 1, DisplayWidth.of(right) > width {
        parts.removeLast()
        right = parts.joined(separator: " · ") + " "
    }
    let rightWidth = DisplayWidth.of(right)
    let left = " infinilist · " + state.config.sourceName
    var builder = RowBuilder(width: width, fill: .status)
    builder.append(DisplayWidth.clip(left, to: max(0, width - rightWidth - 2)).text, .status)
    builder.pad(leaving: rightWidth, .status)
    builder.append(right, .status)
    return builder.row
}

private func spinnerFrame(_ state: AppState) -> Character {
    spinnerFrames[state.spinnerPhase % spinnerFrames.count]
}
