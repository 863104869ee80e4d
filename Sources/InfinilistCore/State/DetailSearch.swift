/// `/` inside the detail view: a case-insensitive search of the item's pretty-printed lines (the
/// same `TextMatcher` as the list's search), every match highlighted, the current one apart;
/// `n`/`N` go to the next and previous match, wrapping around at either end with a notice, and
/// Esc clears it. Lines are matched as shown (sanitized), one line at a time, so what is found is
/// what is highlighted, wrapped (`w`) or not.
public struct DetailSearch: Sendable, Equatable {
    /// One match: its line, and where it is in that line, in characters (for the highlight) and in
    /// display columns (to tell when a cut line hides it).
    struct Match: Sendable, Equatable {
        let line: Int
        let characters: Range<Int>
        let columns: Range<Int>
    }

    public let matcher: TextMatcher
    let matches: [Match]
    /// The index in `matches` of the current match.
    public private(set) var current: Int
    /// The item's lines with the matches highlighted (`.match`, the current one `.currentMatch`).
    private(set) var lines: [[Span]]

    /// The search of `original` for `matcher`, its current match the first at or after line
    /// `fromLine` (else the first one); nil when nothing matches.
    init?(_ matcher: TextMatcher, lines original: [[Span]], fromLine: Int) {
        var matches: [Match] = []
        for (index, line) in original.enumerated() {
            let text = line.map { TerminalText.sanitize($0.text) }.joined()
            for range in matcher.ranges(in: text) {
                let lower = text[..<range.lowerBound].count
                let upper = max(lower + 1, text[..<range.upperBound].count)
                let start = DisplayWidth.of(String(text[..<range.lowerBound]))
                let end = start + DisplayWidth.of(String(text[range]))
                matches.append(Match(line: index, characters: lower..<upper, columns: start..<end))
            }
        }
        guard !matches.isEmpty else { return nil }
        self.matcher = matcher
        self.matches = matches
        self.current = matches.firstIndex { $0.line >= fromLine } ?? 0
        var lines = original
        for line in Set(matches.map(\.line)) {
            lines[line] = Self.highlighted(original[line], line: line, matches: matches, current: current)
        }
        self.lines = lines
    }

    /// Whether the first match at or after `fromLine` is past the last one (the search wrapped).
    static func wraps(_ matches: [Match], fromLine: Int) -> Bool {
        !matches.contains { $0.line >= fromLine }
    }

    var currentMatch: Match { matches[current] }

    /// Makes match `index` the current one; the highlight of the two lines concerned is redone
    /// from `original`.
    mutating func select(_ index: Int, original: [[Span]]) {
        let before = matches[current].line
        current = index
        for line in Set([before, matches[index].line]) {
            lines[line] = Self.highlighted(original[line], line: line, matches: matches, current: current)
        }
    }

    /// "match 3/12", and when the line is cut (`w`) before the match, that it is past the edge.
    func statusText(width: Int, wraps: Bool) -> String {
        let position = "match \(NumberText.grouped(current + 1))/\(NumberText.grouped(matches.count))"
        return !wraps && currentMatch.columns.upperBound > width ? position + " past the edge (w wraps)" : position
    }

    /// `line` sanitized, its characters inside a match in `.match`, inside the current match in
    /// `.currentMatch`.
    private static func highlighted(_ line: [Span], line index: Int, matches: [Match], current: Int) -> [Span] {
        let here = matches.indices.filter { matches[$0].line == index }
        var spans: [Span] = []
        var offset = 0
        for span in line {
            for character in TerminalText.sanitize(span.text) {
                var style = span.style
                if let hit = here.first(where: { matches[$0].characters.contains(offset) }) {
                    style = hit == current ? .currentMatch : .match
                }
                if let last = spans.last, last.style == style {
                    spans[spans.count - 1].text.append(character)
                } else {
                    spans.append(Span(String(character), style))
                }
                offset += 1
            }
        }
        return spans
    }
}

extension DetailView {
    /// The line at the top of the screen.
    public var topLine: Int { layout.lineOfRow.indices.contains(top) ? layout.lineOfRow[top] : 0 }

    /// Replaces the search (nil clears it) and lays the lines out again, at the same place.
    mutating func setSearch(_ search: DetailSearch?) {
        self.search = search
        layOut(width: layoutWidth, force: true)
    }

    /// Scrolls the current match's row to the top of the screen, unless it is on screen already.
    mutating func revealCurrentMatch(height: Int) {
        guard let row = layout.rows.firstIndex(where: { $0.contains { $0.style == .currentMatch } }) else { return }
        if row < top || row >= top + max(1, height) { scroll(to: row, height: height) }
    }
}

extension AppState {
    /// `/`, `n`, `N` and Esc in the detail view; nil for every other action.
    mutating func handleDetailSearch(_ action: Action, _ view: DetailView, height: Int) -> [Effect]? {
        var view = view
        switch action {
        case .search:
            view.prompt = Prompt(kind: .search)
        case .searchNext, .searchPrevious:
            guard var search = view.search else {
                notice = .noPreviousSearch
                return [.bell]
            }
            let forward = action == .searchNext
            let count = search.matches.count
            let next = (search.current + (forward ? 1 : count - 1)) % count
            if forward ? next <= search.current : next >= search.current { notice = .searchWrapped }
            search.select(next, original: view.lines)
            view.setSearch(search)
            view.revealCurrentMatch(height: height)
        case .clearSearch:
            guard view.search != nil else {
                mode = .list
                return []
            }
            view.setSearch(nil)
            view.scroll(by: 0, height: height)
        default:
            return nil
        }
        mode = .detail(view)
        return []
    }

    /// Keys while the detail view's `/` prompt is open: the prompt's table, typable characters
    /// inserted. Enter searches (an empty query repeats the last one); not found leaves the
    /// lines as they were, with a notice.
    mutating func handleDetailPrompt(_ key: Key) -> [Effect] {
        guard case .detail(var view) = mode, let prompt = view.prompt else { return [] }
        switch prompt.outcome(of: key) {
        case .editing(let edited):
            view.prompt = edited
        case .submitted(let submitted):
            view.prompt = nil
            view.layOut(width: size.columns)
            let query = submitted.text.isEmpty ? view.search?.matcher.query ?? "" : submitted.text
            if !query.isEmpty { startDetailSearch(query, in: &view) }
        case .closed:
            view.prompt = nil
        case .effects(let effects):
            return effects
        }
        mode = .detail(view)
        return []
    }

    private mutating func startDetailSearch(_ query: String, in view: inout DetailView) {
        let height = max(1, contentHeight)
        let fromLine = view.topLine
        guard let search = DetailSearch(TextMatcher(query), lines: view.lines, fromLine: fromLine) else {
            view.setSearch(nil)
            view.scroll(by: 0, height: height)
            notice = .notFound(query: query)
            return
        }
        if DetailSearch.wraps(search.matches, fromLine: fromLine) { notice = .searchWrapped }
        view.setSearch(search)
        view.revealCurrentMatch(height: height)
    }
}
