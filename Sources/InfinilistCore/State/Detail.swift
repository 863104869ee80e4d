/// The detail view: one item as pretty-printed, syntax-coloured JSON, scrolled like `less`;
/// long lines wrap so every value can be read whole (`w` cuts them at the edge instead).
/// The lines are made once when the view opens (the store keeps only compact JSON, decision 2),
/// so scrolling and painting never parse again.
public struct DetailView: Sendable, Equatable {
    /// The store row of the item shown.
    public internal(set) var row: Int
    /// The item's compact JSON, for Enter.
    public let json: String
    /// The pretty-printed JSON, one entry per line, as styled spans (not clipped).
    public let lines: [[Span]]
    /// The first row on screen (a row of `rows`: a line, or part of a wrapped one).
    public internal(set) var top = 0
    /// Long lines wrap (the default) or are cut at the right edge; `w` toggles.
    public internal(set) var wraps = true
    /// The search inside the item (`/`), its matches highlighted in the lines shown; nil when
    /// there is none (DetailSearch.swift).
    public internal(set) var search: DetailSearch?
    /// The `/` prompt while the query is typed, on the status line's row.
    public internal(set) var prompt: Prompt?
    /// The lines laid out for `layoutWidth`.
    private(set) var layout: DetailLayout
    private(set) var layoutWidth = 0

    public init(row: Int, item: Item) {
        self.row = row
        self.json = item.json
        if let value = try? JSONParser.parse(item.json) {
            lines = value.highlightedLines()
        } else {
            // Not JSON after all (a source that builds items itself): show the text as it is.
            lines = [[Span(item.json)]]
        }
        layout = DetailLayout(lines: lines, width: 0, wraps: false)
    }

    /// The rows on screen at `width`: those laid out, or laid out now when the width differs
    /// (render is pure; `layOut` keeps the state's copy current on open and resize).
    public func rows(width: Int) -> [[Span]] {
        width == layoutWidth ? layout.rows : DetailLayout(lines: shownLines, width: width, wraps: wraps).rows
    }

    /// The lines as shown: with the search's matches highlighted, when there is a search.
    var shownLines: [[Span]] { search?.lines ?? lines }

    /// How many rows the item takes at the laid-out width.
    public var rowCount: Int { layout.rows.count }

    /// Lays the lines out for `width`, keeping the line at the top of the screen there.
    mutating func layOut(width: Int, force: Bool = false) {
        guard force || width != layoutWidth else { return }
        let topLine = layout.lineOfRow.indices.contains(top) ? layout.lineOfRow[top] : 0
        layout = DetailLayout(lines: shownLines, width: width, wraps: wraps)
        layoutWidth = width
        top = layout.lineOfRow.firstIndex { $0 >= topLine } ?? 0
    }

    /// Wrapping on or off, at the same place in the item.
    mutating func toggleWrap() {
        wraps.toggle()
        layOut(width: layoutWidth, force: true)
    }

    /// Scrolls by `delta` lines, keeping the last line at the bottom of a screen of `height`.
    mutating func scroll(by delta: Int, height: Int) {
        scroll(to: top + delta, height: height)
    }

    mutating func scroll(to row: Int, height: Int) {
        top = min(max(0, row), max(0, rowCount - max(1, height)))
    }
}

extension AppState {
    /// Opens the detail view on the item under the cursor; rings when its page is not in memory.
    mutating func openDetail() -> [Effect] {
        guard let row = cursorStoreRow, let item = store.item(at: row) else { return [.bell] }
        var view = DetailView(row: row, item: item)
        view.layOut(width: size.columns)
        mode = .detail(view)
        // The user reads this item: `G` following the tail would move the list under it.
        readingToEnd = false
        return []
    }

    mutating func handleDetail(_ key: Key) -> [Effect] {
        if case .detail(let view) = mode, view.prompt != nil { return handleDetailPrompt(key) }
        guard case .detail(var view) = mode else { return [] }
        if let command = config.keyTables.detail.command(for: key) { return run(command, on: view.json) }
        guard let action = config.keyTables.detail.action(for: key) else { return [] }
        let height = max(1, contentHeight)
        view.layOut(width: size.columns)
        if let effects = handleDetailSearch(action, view, height: height) { return effects }
        switch action {
        case .down: view.scroll(by: 1, height: height)
        case .up: view.scroll(by: -1, height: height)
        case .pageDown: view.scroll(by: height, height: height)
        case .pageUp: view.scroll(by: -height, height: height)
        case .halfPageDown: view.scroll(by: max(1, height / 2), height: height)
        case .halfPageUp: view.scroll(by: -max(1, height / 2), height: height)
        case .first: view.scroll(to: 0, height: height)
        case .last: view.scroll(to: view.rowCount, height: height)
        case .toggleWrap:
            view.toggleWrap()
            view.scroll(by: 0, height: height)
        case .back:
            mode = .list
            return []
        case .select: return selectionOutput(shown: view.json)
        case .openColumns, .toggleColumn, .moveColumnUp, .moveColumnDown, .columnsLeft, .columnsRight, .clearSearch:
            return []
        case .open: return openWebAddress(of: view.json)
        case .copy:
            mode = .detail(view)
            return copyValue(onLine: view.topLine, of: view.json)
        case .help: showsHelp = true
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .interrupt: return [.quit(code: 130, output: [])]
        case .quit: return [.quit(code: 0, output: [])]
        case .retry, .search, .searchNext, .searchPrevious, .filter, .toggleMark, .toggleMarkUp,
             .openDetail, .refresh, .submit, .deleteBackward, .clearPrompt, .togglePreview, .previewDown, .previewUp, .copyRow,
             .toggleFollow:
            return []
        }
        mode = .detail(view)
        return []
    }

    /// Scrolls the detail view by `delta` lines (the mouse wheel).
    mutating func scrollDetail(by delta: Int) {
        guard case .detail(var view) = mode else { return }
        view.layOut(width: size.columns)
        view.scroll(by: delta, height: max(1, contentHeight))
        mode = .detail(view)
    }

    /// Keeps the detail view's scroll position valid after a resize.
    mutating func clampDetail() {
        scrollDetail(by: 0)
    }
}
