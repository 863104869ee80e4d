/// The help screen (`?`, `HelpView`): its lines from the scroll position down, one column after a
/// one-column margin, the search's matches highlighted; under them the `/` prompt or the help's
/// status line. The whole frame is drawn here, whatever the mode underneath.
func helpFrame(_ state: AppState, _ view: HelpView) -> Frame {
    let size = state.size
    let height = state.contentHeight
    var rows = helpRows(view, height: height, width: size.columns)
    if size.rows > 0 {
        // The bottom-right cell is never written: some terminals scroll when it is.
        rows.append(helpBottomRow(state, view, height: height, width: size.columns - 1))
    }
    return Frame(size: size, rows: rows)
}

func helpRows(_ view: HelpView, height: Int, width: Int) -> [FrameRow] {
    guard height > 0 else { return [] }
    var rows: [FrameRow] = []
    rows.reserveCapacity(height + 1)
    let top = view.top(height: height)
    for y in 0..<height {
        let number = top + y
        guard number < view.lines.count else {
            rows.append(FrameRow())
            continue
        }
        var builder = RowBuilder(width: width)
        builder.append(" ")
        let line = view.lines[number]
        for span in view.search?.highlighted(line, number: number) ?? [line] {
            builder.append(span.text, span.style)
            if builder.remaining == 0 { break }
        }
        rows.append(builder.row)
    }
    return rows
}

/// The row under the help: the `/` prompt while a query is typed; else, on the left, what the
/// help's keys are (or a notice), and on the right the lines shown and the search's match.
func helpBottomRow(_ state: AppState, _ view: HelpView, height: Int, width: Int) -> FrameRow {
    if let prompt = view.prompt { return promptRow(prompt, width: width) }
    var parts = [view.linesText(height: height)]
    if let search = view.search { parts.append(search.statusText) }
    let left: String
    if let notice = state.notice {
        left = " " + notice.text
    } else if view.namesKeys {
        left = " " + HelpHint.keys
    } else {
        left = " " + HelpHint.title
    }
    return statusLine(left: left, parts: parts, width: width)
}

/// The help's status line names its keys: every key named here is in `KeyMap.help`, doing what
/// the words say (a test checks it).
enum HelpHint {
    /// While reading.
    static let title = "help · ↓ PgDn g G scroll · / searches · q closes"
    /// After a key that does nothing in the help; short enough to stay whole beside
    /// "lines 23–45/111 · match 1/3" on 80 columns.
    static let keys = "help keys: ↓ ↑ PgDn PgUp g G / n N · q closes"
}
