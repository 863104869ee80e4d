/// `/` inside the detail view: a case-insensitive search of the item's pretty-printed lines (the
/// same `TextMatcher` as the list's search), every match highlighted, the current one apart;
/// `n`/`N` go to the next and previous match, wrapping around at either end with a notice, and
/// Esc clears it. Lines are matched as shown (sanitized), one line at a time, so what is found is
/// what is highlighted, wrapped (`w`) or not.
///
/// The search walks the whole item once, a step at a time (`scan`), counting the matches of
/// each block of lines (`DetailIndex.block`) rather than keeping them: a search for `0` in an
/// array of 16 million zeros finds 16 million matches, and keeps one number per 64 lines. A
/// match is found again from its block's count when it becomes current, and the lines on
/// screen are highlighted as they are drawn (`highlighted`).
public struct DetailSearch: Sendable, Equatable {
    /// One match: its line, and where it is in that line, in characters (for the highlight) and in
    /// display columns (to tell when a cut line hides it).
    struct Match: Sendable, Equatable {
        let line: Int
        let characters: Range<Int>
        let columns: Range<Int>
    }

    /// What came of a search once it walked to the item's end.
    enum Outcome: Sendable, Equatable {
        case notFound(query: String)
        /// The current match is the first at or after the line the search started from; wrapped
        /// when there was none after it and the first match of the item was taken.
        case found(wrapped: Bool)
    }

    /// The next line to scan, and where it starts.
    private struct Cursor: Sendable, Equatable {
        var line: Int
        var start: LineStart
    }

    public let matcher: TextMatcher
    /// The line at the top of the screen when the search started.
    let fromLine: Int
    /// How many matches each block of lines holds, as far as scanned.
    private var blockCounts: [Int] = []
    private var next: Cursor?
    /// How many matches the item holds (so far, while scanning).
    private(set) var total = 0
    /// Matches on the lines above `fromLine`.
    private var before = 0
    /// The index of the current match among all of them; the match itself, once scanned.
    public private(set) var current = 0
    private(set) var currentMatch: Match?
    /// How far the scan is, 0 to 100, for the status line.
    private(set) var percent = 0

    /// A search for `matcher` from the first line of `index`'s item; it scans as `scan` is called.
    init(_ matcher: TextMatcher, fromLine: Int, index: DetailIndex) {
        self.matcher = matcher
        self.fromLine = fromLine
        next = index.locate(line: 0).map { Cursor(line: 0, start: $0.start) }
    }

    /// True once the whole item is scanned: `n`/`N` and the count work from then on.
    var isComplete: Bool { next == nil }

    /// What scanning a line costs beside its bytes, in bytes of the step's budget.
    static let lineCost = 32

    /// Scans about `budget` bytes of lines on from where the last step stopped; the index walks
    /// along, so a match found is at a known row. The outcome once the item is scanned.
    mutating func scan(_ index: inout DetailIndex, budget: Int) -> Outcome? {
        var budget = budget
        let bytes = index.text.utf8.count
        while let cursor = next, budget > 0 {
            index.extend(throughLine: cursor.line, budget: &budget)
            let (text, following) = index.text(at: cursor.start)
            let count = matcher.matches(text) ? matcher.ranges(in: text).count : 0
            // A line costs its text's making and matching, whatever its bytes.
            budget -= Self.lineCost + (following?.offset ?? bytes) - cursor.start.offset
            let block = cursor.line / DetailIndex.block
            if block == blockCounts.count { blockCounts.append(0) }
            blockCounts[block] += count
            total += count
            if cursor.line < fromLine { before += count }
            next = following.map { Cursor(line: cursor.line + 1, start: $0) }
        }
        percent = DetailIndex.percent(of: next?.start, in: index.text)
        guard next == nil else { return nil }
        guard total > 0 else { return .notFound(query: matcher.query) }
        select(before < total ? before : 0, index: &index)
        return .found(wrapped: before == total)
    }

    /// Makes match `number` the current one, finding it in its block of lines.
    mutating func select(_ number: Int, index: inout DetailIndex) {
        current = number
        var block = 0
        var seen = 0
        while block < blockCounts.count, seen + blockCounts[block] <= number {
            seen += blockCounts[block]
            block += 1
        }
        var line = block * DetailIndex.block
        var unbounded = Int.max
        index.extend(throughLine: line + DetailIndex.block, budget: &unbounded)
        var start = index.locate(line: line)?.start
        while let at = start {
            let (spans, following) = index.line(at: at)
            let here = Self.matches(of: matcher, in: spans, line: line)
            if seen + here.count > number {
                currentMatch = here[number - seen]
                return
            }
            seen += here.count
            start = following
            line += 1
        }
    }

    /// "match 3/12", and when the line is cut (`w`) before the match, that it is past the edge;
    /// "searching 40%" while the item is being scanned.
    func statusText(width: Int, wraps: Bool) -> String {
        guard isComplete, let currentMatch else { return "searching \(percent)%" }
        let position = "match \(NumberText.grouped(current + 1))/\(NumberText.grouped(total))"
        return !wraps && currentMatch.columns.upperBound > width ? position + " past the edge (w wraps)" : position
    }

    /// The matches of `matcher` in a line's spans, as shown (sanitized).
    static func matches(of matcher: TextMatcher, in spans: [Span], line: Int) -> [Match] {
        let text = spans.map { TerminalText.sanitize($0.text) }.joined()
        return matcher.ranges(in: text).map { range in
            let lower = text[..<range.lowerBound].count
            let upper = max(lower + 1, text[..<range.upperBound].count)
            let start = DisplayWidth.of(String(text[..<range.lowerBound]))
            let end = start + DisplayWidth.of(String(text[range]))
            return Match(line: line, characters: lower..<upper, columns: start..<end)
        }
    }

    /// Line `line` sanitized, its characters inside a match in `.match`, inside the current match
    /// in `.currentMatch`; as it is when nothing on it matches.
    func highlighted(_ spans: [Span], line: Int) -> [Span] {
        let here = Self.matches(of: matcher, in: spans, line: line)
        guard !here.isEmpty else { return spans }
        var result: [Span] = []
        var offset = 0
        for span in spans {
            for character in TerminalText.sanitize(span.text) {
                var style = span.style
                if let hit = here.first(where: { $0.characters.contains(offset) }) {
                    style = hit == currentMatch ? .currentMatch : .match
                }
                if let last = result.last, last.style == style {
                    result[result.count - 1].text.append(character)
                } else {
                    result.append(Span(String(character), style))
                }
                offset += 1
            }
        }
        return result
    }
}

extension DetailView {
    /// The line at the top of the screen.
    public var topLine: Int { index.locate(row: top)?.line ?? 0 }

    /// Replaces the search (nil clears it); the lines shown are highlighted as they are drawn.
    mutating func setSearch(_ search: DetailSearch?) {
        self.search = search
    }

    /// Starts a search for `query` from the line at the top of the screen.
    mutating func startSearch(_ query: String) {
        search = DetailSearch(TextMatcher(query), fromLine: topLine, index: index)
    }

    /// Makes match `number` of the search the current one.
    mutating func selectMatch(_ number: Int) {
        guard var search else { return }
        search.select(number, index: &index)
        self.search = search
    }

    /// Scrolls the current match's row to the top of the screen, unless it is on screen already.
    mutating func revealCurrentMatch(height: Int) {
        guard let search, let match = search.currentMatch else { return }
        var unbounded = Int.max
        index.extend(throughLine: match.line, budget: &unbounded)
        guard let (start, first) = index.locate(line: match.line) else { return }
        let spans = search.highlighted(index.line(at: start).spans, line: match.line)
        let rows = wraps && layoutWidth > 0 ? DetailLayout.wrap(spans, width: layoutWidth) : [spans]
        let row = first + (rows.firstIndex { $0.contains { $0.style == .currentMatch } } ?? 0)
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
            guard let search = view.search else {
                notice = .noPreviousSearch
                return [.bell]
            }
            // Still scanning: the status line says how far; the first match comes when it ends.
            guard search.isComplete else { return [] }
            let forward = action == .searchNext
            let count = search.total
            let next = (search.current + (forward ? 1 : count - 1)) % count
            if forward ? next <= search.current : next >= search.current { notice = .searchWrapped }
            view.selectMatch(next)
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
            if !query.isEmpty {
                view.startSearch(query)
                mode = .detail(view)
                // A small item is scanned at once; a huge one a step per tick from here.
                advanceDetail()
                return []
            }
        case .closed:
            view.prompt = nil
        case .effects(let effects):
            return effects
        }
        mode = .detail(view)
        return []
    }

    /// A search walked to the item's end: its first match is shown, or a notice says there is
    /// none (the lines stay as they were).
    mutating func detailSearchEnded(_ outcome: DetailSearch.Outcome) {
        guard case .detail(var view) = mode else { return }
        let height = max(1, contentHeight)
        switch outcome {
        case .notFound(let query):
            view.setSearch(nil)
            view.scroll(by: 0, height: height)
            notice = .notFound(query: query)
        case .found(let wrapped):
            if wrapped { notice = .searchWrapped }
            view.revealCurrentMatch(height: height)
        }
        mode = .detail(view)
    }
}
