/// `/` inside the help: the detail view's search on the help's lines. Matching is the detail
/// view's (`DetailSearch.matches`: the same case-insensitive `TextMatcher`, positions in the
/// characters shown), and so are the keys, the notices and the status text ("match 3/12",
/// "search wrapped", "not found: x"). What is not shared is the walk: the detail view scans a
/// possibly huge item a step per message and keeps a count per block of lines; the help is about
/// a hundred short lines, so its matches are found at once and kept.
public struct HelpSearch: Sendable, Equatable {
    public let matcher: TextMatcher
    /// Every match, in order.
    let matches: [DetailSearch.Match]
    /// The index of the current match in `matches`.
    public private(set) var current: Int

    /// A search for `query` in `lines`, its current match the first on or after line `from`
    /// (wrapped: the first of all, when there is none after it); nil when nothing matches.
    init?(_ query: String, in lines: [Span], from line: Int) {
        let matcher = TextMatcher(query)
        let matches = lines.enumerated().flatMap { number, span in
            DetailSearch.matches(of: matcher, in: [span], line: number)
        }
        guard !matches.isEmpty else { return nil }
        self.matcher = matcher
        self.matches = matches
        current = matches.firstIndex { $0.line >= line } ?? matches.startIndex
    }

    /// True when the current match was taken from the top because none was after the line the
    /// search started from.
    func wrapped(from line: Int) -> Bool { matches[current].line < line }

    var currentMatch: DetailSearch.Match? { matches.indices.contains(current) ? matches[current] : nil }

    /// Moves to the next (or previous) match, around the ends; true when it went around.
    mutating func step(forward: Bool) -> Bool {
        let count = matches.count
        let next = (current + (forward ? 1 : count - 1)) % count
        let wrapped = forward ? next <= current : next >= current
        current = next
        return wrapped
    }

    /// "match 3/12", as the detail view says it.
    var statusText: String {
        "match \(NumberText.grouped(current + 1))/\(NumberText.grouped(matches.count))"
    }

    /// A line's spans with its matches in `.match`, the current one in `.currentMatch`; the
    /// line as it is when nothing on it matches.
    func highlighted(_ line: Span, number: Int) -> [Span] {
        let here = matches.filter { $0.line == number }
        guard !here.isEmpty else { return [line] }
        let characters = Array(line.text)
        var spans: [Span] = []
        var offset = 0
        for match in here {
            let lower = min(match.characters.lowerBound, characters.count)
            let upper = min(match.characters.upperBound, characters.count)
            guard lower >= offset else { continue }
            if lower > offset { spans.append(Span(String(characters[offset..<lower]), line.style)) }
            spans.append(Span(String(characters[lower..<upper]), match == currentMatch ? .currentMatch : .match))
            offset = upper
        }
        if offset < characters.count { spans.append(Span(String(characters[offset...]), line.style)) }
        return spans
    }
}
