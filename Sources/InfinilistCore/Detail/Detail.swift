/// The detail view: one item as pretty-printed, syntax-coloured JSON, scrolled like `less`;
/// long lines wrap so every value can be read whole (`w` cuts them at the edge instead).
/// The lines are laid out as they come on screen, from the item's compact JSON (the store keeps
/// only that, decision 2): an item of millions of lines opens at once, in memory in proportion
/// to its bytes (`DetailIndex`), and `G` and `/` walk the rest a step at a time
/// (`DetailView.advance`), so keys are answered between steps.
public struct DetailView: Sendable, Equatable {
    /// The store row of the item shown.
    public internal(set) var row: Int
    /// The item's compact JSON, for Enter.
    public let json: String
    /// The first row on screen (a row of the laid-out lines: a line, or part of a wrapped one).
    public internal(set) var top = 0
    /// Long lines wrap (the default) or are cut at the right edge; `w` toggles.
    public internal(set) var wraps = true
    /// The search inside the item (`/`), its matches highlighted in the lines shown; nil when
    /// there is none (DetailSearch.swift).
    public internal(set) var search: DetailSearch?
    /// The `/` prompt while the query is typed, on the status line's row.
    public internal(set) var prompt: Prompt?
    /// `G` walks to the item's end a step at a time; true until it gets there.
    public internal(set) var goingToEnd = false
    /// Where the lines and rows are, as far as they were needed, for `layoutWidth`.
    var index: DetailIndex
    var layoutWidth: Int { index.width }
    /// Whether the item is JSON, while that is still being checked: a huge item's lines are
    /// shown at once and checked a step per message.
    private var check: JSONCheck?

    public init(row: Int, item: Item) {
        self.row = row
        self.json = item.json
        var check = JSONCheck()
        check.run(json, budget: Self.stepBytes)
        index = DetailIndex(text: json, isJSON: check.verdict != false, width: 0, wraps: false)
        self.check = check.verdict == nil ? check : nil
    }

    /// How many lines have been laid out (walked) so far: a screen's worth and a bounded margin
    /// after opening, not the item's every line.
    public var linesLaidOut: Int { index.linesWalked }

    /// How many rows the item takes at the laid-out width, once known (small items at once; a
    /// huge one after `G` or a search walked to its end).
    public var rowCount: Int? { index.rowCount }

    /// "lines 1–23/1,234" (the rows on screen, of all of them) for the status line and the
    /// preview's title. Until the walk has reached the item's end the total is not known:
    /// "lines 1–23/…", and while `G` walks there, how far it is.
    func linesText(height: Int) -> String {
        let first = NumberText.grouped(top + 1)
        guard let total = rowCount else {
            let text = "lines \(first)–\(NumberText.grouped(top + max(1, height)))/…"
            return goingToEnd ? text + " · to the end \(index.percentWalked)%" : text
        }
        return "lines \(first)–\(NumberText.grouped(min(total, top + max(1, height))))/\(NumberText.grouped(total))"
    }

    /// The rows on screen at `width`, from `top`: laid out now, line by line, from the line
    /// holding the top row (render is pure; `layOut` keeps the index current on open and
    /// resize). Matches of the search are highlighted.
    public func screenRows(width: Int, height: Int) -> [[Span]] {
        guard width == layoutWidth else {
            var view = self
            view.layOut(width: width)
            return view.screenRows(width: width, height: height)
        }
        guard height > 0, var place = index.locate(row: top) else { return [] }
        var rows: [[Span]] = []
        var skip = place.rowInLine
        var line = place.line
        while rows.count < height {
            let (spans, next) = index.line(at: place.start)
            let shown = search.map { $0.highlighted(spans, line: line) } ?? spans
            let wrapped = wraps && width > 0 ? DetailLayout.wrap(shown, width: width, limit: skip + height - rows.count) : [shown]
            rows += wrapped.dropFirst(skip).prefix(height - rows.count)
            skip = 0
            guard let next else { break }
            place.start = next
            line += 1
        }
        return rows
    }

    /// Lays the lines out for `width`, keeping the line at the top of the screen there.
    mutating func layOut(width: Int, force: Bool = false) {
        guard force || width != layoutWidth else { return }
        let line = topLine
        index = index.laidOut(width: width, wraps: wraps)
        var unbounded = Int.max
        index.extend(throughLine: line, budget: &unbounded)
        top = index.locate(line: line)?.row ?? 0
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

    /// Scrolls to `row`, walking the lines down to `marginRows` below the screen, so the last
    /// line stays at the bottom and an item that short is counted whole ("lines 1–23/120"): a
    /// move walks as many lines as it moves, never the whole item.
    mutating func scroll(to row: Int, height: Int) {
        goingToEnd = false
        let height = max(1, height)
        let wanted = max(0, row)
        var unbounded = Int.max
        index.extend(throughRow: wanted + height + Self.marginRows, budget: &unbounded)
        top = min(wanted, max(0, index.frontier.row - height))
    }

    /// Rows walked beyond the screen's bottom.
    static let marginRows = 500

    /// How many bytes of the item one step of `G` or a search walks: a few milliseconds, so
    /// keys and signals are answered between steps.
    static let stepBytes = 1 << 20

    /// One step of the work a key left (`G`, a search); what came of it, for the notices.
    mutating func advance(height: Int) -> DetailSearch.Outcome? {
        if var check {
            check.run(json, budget: Self.stepBytes)
            self.check = check.verdict == nil ? check : nil
            if check.verdict == false {
                // Not JSON after all (a source that builds items itself): the text as it is.
                index = DetailIndex(text: json, isJSON: false, width: index.width, wraps: wraps)
                search = nil
                goingToEnd = false
                scroll(to: 0, height: height)
                return nil
            }
        }
        if goingToEnd {
            var budget = Self.stepBytes
            if index.extend(budget: &budget) {
                scroll(to: index.frontier.row, height: height)
            }
        }
        guard var search, !search.isComplete else { return nil }
        let outcome = search.scan(&index, budget: Self.stepBytes)
        self.search = search
        return outcome
    }

    /// True while `G`, a search or the check of the item has more to walk.
    var hasWork: Bool { check != nil || goingToEnd || search.map { !$0.isComplete } == true }
}

extension AppState {
    /// Opens the detail view on the item under the cursor; rings when its page is not in memory.
    mutating func openDetail() -> [Effect] {
        guard let row = cursorStoreRow, let item = store.item(at: row) else { return [.bell] }
        var view = DetailView(row: row, item: item)
        view.layOut(width: size.columns)
        view.scroll(by: 0, height: max(1, contentHeight))
        mode = .detail(view)
        // The user reads this item: `G` following the tail would move the list under it.
        loading.readingToEnd = false
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
        if view.scroll(for: action, height: height) {
            mode = .detail(view)
            return []
        }
        switch action {
        case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first:
            return []   // moved above
        case .last:
            view.goingToEnd = true
            mode = .detail(view)
            advanceDetail()
            return []
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
            return copyValue(shownBy: view)
        case .help: showsHelp = true
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .interrupt: return [.quit(code: 130, output: [])]
        case .quit: return [.quit(code: 0, output: [])]
        case .retry, .search, .searchNext, .searchPrevious, .filter, .toggleMark, .toggleMarkUp,
             .openDetail, .refresh, .submit, .deleteBackward, .clearPrompt, .togglePreview, .previewDown, .previewUp, .copyRow,
             .toggleFollow, .query, .write, .saveView, .sort, .unsort, .counts, .percent:
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
        guard case .detail(let view) = mode else { return }
        let goingToEnd = view.goingToEnd
        scrollDetail(by: 0)
        if goingToEnd, case .detail(var view) = mode {
            view.goingToEnd = true
            mode = .detail(view)
        }
    }

    /// One step of what the detail view's `G` or search still has to walk, after every message
    /// (a tick comes every 90 ms while there is some: `isAnimating`).
    mutating func advanceDetail() {
        guard case .detail(var view) = mode, view.hasWork else { return }
        let outcome = view.advance(height: max(1, contentHeight))
        mode = .detail(view)
        if let outcome { detailSearchEnded(outcome) }
    }
}
