/// The detail view's rows: the item's pretty-printed JSON from the scroll position down, each
/// token in its syntax style, wrapped (or, with `w`, clipped at the right edge).
func detailRows(_ view: DetailView, height: Int, width: Int) -> [FrameRow] {
    var rows: [FrameRow] = []
    rows.reserveCapacity(height + 1)
    let laidOut = view.screenRows(width: width, height: height)
    for y in 0..<height {
        guard y < laidOut.count else {
            rows.append(FrameRow())
            continue
        }
        var builder = RowBuilder(width: width)
        for span in laidOut[y] {
            builder.append(span.text, span.style)
            if builder.remaining == 0 { break }
        }
        rows.append(builder.row)
    }
    return rows
}

/// The row under the detail view: the `/` prompt while a query is typed, else the status line.
func detailBottomRow(_ state: AppState, _ view: DetailView, height: Int, width: Int) -> FrameRow {
    if let prompt = view.prompt, !state.showsHelp { return promptRow(prompt, width: width) }
    return detailStatusRow(state, view, height: height, width: width)
}
