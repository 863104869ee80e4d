/// The detail view's rows: the item's pretty-printed JSON from the scroll position down, each
/// token in its syntax style, clipped at the right edge (lines are not wrapped).
func detailRows(_ view: DetailView, height: Int, width: Int) -> [FrameRow] {
    var rows: [FrameRow] = []
    rows.reserveCapacity(height + 1)
    for y in 0..<height {
        let index = view.top + y
        guard index < view.lines.count else {
            rows.append(FrameRow())
            continue
        }
        var builder = RowBuilder(width: width)
        for span in view.lines[index] {
            builder.append(span.text, span.style)
            if builder.remaining == 0 { break }
        }
        rows.append(builder.row)
    }
    return rows
}
