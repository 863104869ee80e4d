/// The help overlay: every mode's key table under its title, generated from the `KeyMap`s, the
/// table of the mode underneath first (and in it, the most needed keys first). When the lines do not fit the screen's height they flow
/// into columns, as many as the width allows; what still does not fit is replaced by a last row
/// saying how to see the rest.
func helpRows(_ state: AppState, height: Int, width: Int) -> [FrameRow] {
    guard height > 0 else { return [] }
    var rows: [FrameRow] = []
    rows.reserveCapacity(height + 1)
    // The title ("any key closes") is on the status line, leaving every row to the tables.
    let available = height

    let lines = helpContent(firstFor: state.mode, tables: state.config.keyTables)
    var layout = columns(of: lines, perColumn: available, width: width)
    var perColumn = available
    if layout.shown < lines.count {
        // Keep the last row for the note about the rest.
        perColumn = available - 1
        layout = columns(of: lines, perColumn: perColumn, width: width)
    }
    for y in 0..<perColumn {
        var builder = RowBuilder(width: width)
        for (column, start) in layout.starts.enumerated() {
            let index = column * perColumn + y
            guard index < lines.count, index < (column + 1) * perColumn else { break }
            builder.pad(toColumn: start)
            builder.append(lines[index].text, lines[index].style)
        }
        rows.append(builder.row)
    }
    if layout.shown < lines.count {
        var more = RowBuilder(width: width)
        more.append(" … \(Counted.text(lines.count - layout.shown, "more line")): see infinilist --help", .dim)
        rows.append(more.row)
    }
    return rows
}

/// Splits `lines` into columns of `perColumn` lines, each as wide as its widest line plus a gap,
/// keeping the columns that fit in `width` (always the first). Returns where each column starts
/// and how many lines they show.
private func columns(of lines: [(text: String, style: Style)], perColumn: Int, width: Int) -> (starts: [Int], shown: Int) {
    guard perColumn > 0 else { return ([], 0) }
    var starts: [Int] = []
    var x = 1
    var index = 0
    while index < lines.count {
        let chunk = lines[index..<min(lines.count, index + perColumn)]
        let chunkWidth = chunk.map { DisplayWidth.of($0.text) }.max() ?? 0
        if !starts.isEmpty, x + chunkWidth > width { break }
        starts.append(x)
        x += chunkWidth + 3
        index += chunk.count
    }
    return (starts, index)
}

/// The help text as styled lines: each table's title, then its aligned bindings; the table of
/// the current mode first.
private func helpContent(firstFor mode: Mode, tables: KeyTables) -> [(text: String, style: Style)] {
    let current: KeyMap
    switch mode {
    case .list: current = tables.list
    case .prompt: current = tables.prompt
    case .detail: current = tables.detail
    case .columns: current = tables.columns
    }
    var lines: [(text: String, style: Style)] = []
    for section in KeyMap.helpSections(first: current, of: tables.all) {
        if !lines.isEmpty { lines.append(("", .normal)) }
        lines.append((section.title, .heading))
        for line in section.lines { lines.append(("  " + line, .normal)) }
    }
    return lines
}
