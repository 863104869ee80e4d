/// The detail view: one item as pretty-printed, syntax-coloured JSON, scrolled like `less`.
/// The lines are made once when the view opens (the store keeps only compact JSON, decision 2),
/// so scrolling and painting never parse again.
public struct DetailView: Sendable, Equatable {
    /// The store row of the item shown.
    public let row: Int
    /// The item's compact JSON, for Enter.
    public let json: String
    /// The pretty-printed JSON, one entry per line, as styled spans (not clipped).
    public let lines: [[Span]]
    /// The first line on screen.
    public internal(set) var top = 0

    public init(row: Int, item: Item) {
        self.row = row
        self.json = item.json
        if let value = try? JSONParser.parse(item.json) {
            lines = value.highlightedLines()
        } else {
            // Not JSON after all (a source that builds items itself): show the text as it is.
            lines = [[Span(item.json)]]
        }
    }

    /// Scrolls by `delta` lines, keeping the last line at the bottom of a screen of `height`.
    mutating func scroll(by delta: Int, height: Int) {
        scroll(to: top + delta, height: height)
    }

    mutating func scroll(to line: Int, height: Int) {
        top = min(max(0, line), max(0, lines.count - max(1, height)))
    }
}

extension AppState {
    /// Opens the detail view on the item under the cursor; rings when its page is not in memory.
    mutating func openDetail() -> [Effect] {
        guard let row = cursorStoreRow, let item = store.item(at: row) else { return [.bell] }
        mode = .detail(DetailView(row: row, item: item))
        return []
    }

    mutating func handleDetail(_ key: Key) -> [Effect] {
        guard case .detail(var view) = mode, let action = KeyMap.detail.action(for: key) else { return [] }
        let height = viewport.height
        switch action {
        case .down: view.scroll(by: 1, height: height)
        case .up: view.scroll(by: -1, height: height)
        case .pageDown: view.scroll(by: height, height: height)
        case .pageUp: view.scroll(by: -height, height: height)
        case .halfPageDown: view.scroll(by: max(1, height / 2), height: height)
        case .halfPageUp: view.scroll(by: -max(1, height / 2), height: height)
        case .first: view.scroll(to: 0, height: height)
        case .last: view.scroll(to: view.lines.count, height: height)
        case .back:
            mode = .list
            return []
        case .select: return selectionOutput(shown: view.json)
        case .help: showsHelp = true
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .interrupt: return [.quit(code: 130, output: [])]
        case .quit: return [.quit(code: 0, output: [])]
        case .retry, .search, .searchNext, .searchPrevious, .filter, .toggleMark, .toggleMarkUp,
             .openDetail, .refresh, .submit, .deleteBackward, .clearPrompt:
            return []
        }
        mode = .detail(view)
        return []
    }

    /// Scrolls the detail view by `delta` lines (the mouse wheel).
    mutating func scrollDetail(by delta: Int) {
        guard case .detail(var view) = mode else { return }
        view.scroll(by: delta, height: viewport.height)
        mode = .detail(view)
    }

    /// Keeps the detail view's scroll position valid after a resize.
    mutating func clampDetail() {
        scrollDetail(by: 0)
    }
}
