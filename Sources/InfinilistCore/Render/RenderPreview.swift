/// The list and the preview pane sharing the rows above the status line. The pane shows the item
/// under the cursor, derived here from the cursor (the state keeps it laid out and scrolled, see
/// Preview.swift), so it follows every move without an effect or a delay.
///
/// Beside the list, each screen row is the list's row, a separator and the pane's row: when only
/// one side of a row changes, the other side's cells are the same as on screen, and curses sends
/// only the cells that differ.
func listAndPreview(_ state: AppState, height: Int, width: Int) -> [FrameRow] {
    switch state.previewGeometry {
    case .closed, .hidden:
        return listArea(state, height: height, width: width)
    case .right(let listWidth):
        let list = listArea(state, height: height, width: listWidth)
        let textWidth = max(1, width - listWidth - PreviewGeometry.separatorColumns)
        let view = shownPreview(state)
        let pane = [previewTitleRow(state, view, textHeight: height - 1, textWidth: textWidth)]
            + previewTextRows(state, view, height: height - 1, width: textWidth)
        return (0..<height).map { y in
            var builder = RowBuilder(width: width)
            if y < list.count {
                for span in list[y].spans { builder.append(span.text, span.style) }
            }
            builder.pad(toColumn: listWidth + 1)
            builder.append("│", .dim)
            builder.append(" ")
            if y < pane.count {
                for span in pane[y].spans { builder.append(span.text, span.style) }
            }
            return builder.row
        }
    case .bottom(let listHeight):
        let textHeight = height - listHeight - 1
        let view = shownPreview(state)
        return listArea(state, height: listHeight, width: width)
            + [previewRuleRow(state, view, textHeight: textHeight, width: width)]
            + previewTextRows(state, view, height: textHeight, width: width)
    }
}

/// The item under the cursor as the pane shows it: the state's, laid out and scrolled, when it
/// is that item; otherwise (a state that no message has brought up to date) the item from its
/// top. Nil when the cursor is on no item, or on one whose page is not in memory.
private func shownPreview(_ state: AppState) -> DetailView? {
    guard let row = state.cursorStoreRow, let item = state.store.item(at: row) else { return nil }
    if let view = state.preview.view, view.row == row, view.json == item.json { return view }
    return DetailView(row: row, item: item)
}

/// Where the item is in the list, and which of its lines are shown when it is longer than the
/// pane: `row 12/50 · lines 1–20/34`.
private func previewTitle(_ state: AppState, _ view: DetailView?, textHeight: Int, textWidth: Int) -> String {
    let count = state.visibleCount
    guard count > 0 else { return "no item" }
    var title = "row \(NumberText.grouped(state.viewport.cursor + 1))/\(NumberText.grouped(count))"
    if let view, view.rowCount.map({ $0 > textHeight }) ?? true {
        title += " · " + view.linesText(height: textHeight)
    }
    return title
}

/// The pane's first row beside the list: its title, level with a table's header.
private func previewTitleRow(_ state: AppState, _ view: DetailView?, textHeight: Int, textWidth: Int) -> FrameRow {
    var builder = RowBuilder(width: textWidth)
    builder.append(previewTitle(state, view, textHeight: textHeight, textWidth: textWidth), .header)
    return builder.row
}

/// The rule between the list and the pane under it, with the pane's title in it.
private func previewRuleRow(_ state: AppState, _ view: DetailView?, textHeight: Int, width: Int) -> FrameRow {
    var builder = RowBuilder(width: width)
    builder.append("── ", .dim)
    builder.append(previewTitle(state, view, textHeight: textHeight, textWidth: width), .header)
    builder.append(" ", .dim)
    builder.append(String(repeating: "─", count: builder.remaining), .dim)
    return builder.row
}

/// The item's JSON rows from the pane's scroll position, as the detail view draws them; a note
/// when the item's page is not in memory.
private func previewTextRows(_ state: AppState, _ view: DetailView?, height: Int, width: Int) -> [FrameRow] {
    guard height > 0 else { return [] }
    if let view { return detailRows(view, height: height, width: width) }
    var rows = Array(repeating: FrameRow(), count: height)
    if let row = state.cursorStoreRow, let page = state.store.page(containing: row) {
        var builder = RowBuilder(width: width)
        builder.append("page \(page + 1) is not in memory", .placeholder)
        rows[0] = builder.row
    }
    return rows
}
