/// The counts view on screen: a header, then a value a row, most common first, with its count,
/// its share of the rows counted and a bar as long as that share, the cursor's pointer in the
/// gutter as in the list.
///
/// ```
///   state                               count       %
/// > open                                1,204   60.2%  ████████████
///   closed                                796   39.8%  ████████
/// ```
func countsRows(_ view: CountsView, height: Int, width: Int) -> [FrameRow] {
    guard height > 0 else { return [] }
    let numbers = 8 + 2 + 6 + 2
    let barWidth = max(0, min(30, width / 4))
    let valueWidth = max(4, width - 2 - numbers - (barWidth > 0 ? barWidth + 2 : 0))
    var header = RowBuilder(width: width)
    header.append("  ")
    header.append(DisplayWidth.clip(TerminalText.sanitize(view.path.description), to: valueWidth).text.padded(to: valueWidth), .header)
    header.append("   count       %", .header)
    var rows = [header.row]
    let listHeight = height - 1
    let top = ColumnPicker.top(view.top, cursor: view.cursor, height: listHeight, count: view.entries.count)
    let most = view.entries.first?.count ?? 1
    for y in 0..<listHeight {
        let index = top + y
        guard view.entries.indices.contains(index) else {
            rows.append(FrameRow())
            continue
        }
        let entry = view.entries[index]
        var builder = RowBuilder(width: width)
        if index == view.cursor {
            builder.append(">", .pointer)
            builder.append(" ")
        } else {
            builder.append("  ")
        }
        let clipped = DisplayWidth.clip(entry.value.text, to: valueWidth)
        let text = clipped.text.endIndex == entry.value.text.endIndex ? String(clipped.text) : String(DisplayWidth.clip(entry.value.text, to: valueWidth - 1).text) + "…"
        builder.append(text.padded(to: valueWidth), entry.value.json == nil || entry.value.json == "null" ? .dim : .normal)
        let count = NumberText.grouped(entry.count)
        let tenths = Int((view.percent(entry.count) * 10).rounded())
        let percent = "\(tenths / 10).\(tenths % 10)%"
        builder.append(String(repeating: " ", count: max(0, 8 - count.count)) + count)
        builder.append(String(repeating: " ", count: max(0, 8 - percent.count)) + percent)
        if barWidth > 0 {
            builder.append("  ")
            builder.append(String(repeating: "█", count: max(1, entry.count * barWidth / max(1, most))), .dim)
        }
        rows.append(builder.row)
    }
    return rows
}

/// The counts view's status line: what is counted, over how many rows, what was left out.
func countsStatusRow(_ state: AppState, _ view: CountsView, width: Int) -> FrameRow {
    var parts = ["\(NumberText.grouped(view.entries.count)) values", "\(NumberText.grouped(view.counted)) rows"]
    if view.notInMemory > 0 { parts.append("\(NumberText.grouped(view.notInMemory)) not in memory, not counted") }
    if view.valuesLeftOut > 0 { parts.append("\(NumberText.grouped(view.valuesLeftOut)) rows of other values left out") }
    if case .ended = state.loading.tail {} else { parts.append("more may come") }
    let left = " counts of \(TerminalText.sanitize(view.path.description)) · Enter: only this value · Esc: back"
    return statusLine(left: left, parts: parts, width: width)
}

private extension String {
    /// Padded with spaces to `width` display columns.
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
    }
}

private extension Substring {
    func padded(to width: Int) -> String { String(self).padded(to: width) }
}
