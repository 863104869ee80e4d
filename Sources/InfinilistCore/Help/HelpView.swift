/// The help screen (`?`): every key table as text, the table of the mode underneath first, then
/// what the status line shows, scrolled and searched as less is. It covers the mode it was opened
/// from, which keeps its place and comes back when the help closes.
///
/// One column of lines, whatever the screen's width: before, the tables flowed into columns and
/// what did not fit was cut ("… 61 more lines"), so at 80x24 the keys to quit, retry or copy were
/// never seen. A column scrolls like every other text here (the detail view, the list).
public struct HelpView: Sendable, Equatable {
    /// The lines, made once when the help opens (the tables do not change while it is open):
    /// each one span, its text safe for the screen, so a match's characters are the ones shown.
    public let lines: [Span]
    /// The first line on screen, as last moved; a smaller screen shows it from `top(height:)`.
    public internal(set) var top = 0
    /// The search inside the help (`/`), its matches highlighted; nil when there is none.
    public internal(set) var search: HelpSearch?
    /// The `/` prompt while a query is typed, on the status line's row.
    public internal(set) var prompt: Prompt?
    /// The last key did nothing here: the status line names the keys that do something.
    public internal(set) var namesKeys = false

    /// The help for the user in `mode`, with the key tables the program runs with.
    public init(first mode: Mode, tables: KeyTables) {
        let current: KeyMap
        switch mode {
        case .list: current = tables.list
        case .prompt: current = tables.prompt
        case .detail: current = tables.detail
        case .columns: current = tables.columns
        case .counts: current = tables.counts
        }
        var lines: [Span] = []
        let sections = KeyMap.helpSections(first: current, of: tables.all)
            .map { (title: $0.title, lines: $0.lines) } + [StatusLegend.section]
        for section in sections {
            if !lines.isEmpty { lines.append(Span("")) }
            lines.append(Span(TerminalText.sanitize(section.title), .heading))
            // A `--bind` command is the user's text: shown escaped, as everywhere else.
            for line in section.lines { lines.append(Span("  " + TerminalText.sanitize(line))) }
        }
        self.lines = lines
    }

    /// The last line that can be at the top: the help's end stays at the screen's bottom, as the
    /// detail view's does.
    func lastTop(height: Int) -> Int { max(0, lines.count - max(1, height)) }

    /// The first line on a screen of `height` rows: `top`, or less when the screen grew since.
    public func top(height: Int) -> Int { min(top, lastTop(height: height)) }

    /// Scrolls to `line` (clamped), for a screen of `height` rows.
    mutating func scroll(to line: Int, height: Int) {
        top = max(0, min(line, lastTop(height: height)))
    }

    mutating func scroll(by delta: Int, height: Int) {
        scroll(to: top(height: height) + delta, height: height)
    }

    /// "lines 1–23/107": the lines on screen, of all of them.
    func linesText(height: Int) -> String {
        let first = top(height: height)
        let last = min(lines.count, first + max(1, height))
        return "lines \(NumberText.grouped(first + 1))–\(NumberText.grouped(last))/\(NumberText.grouped(lines.count))"
    }

    /// Makes the current match's line visible: at the top, unless it is on screen already.
    mutating func revealCurrentMatch(height: Int) {
        guard let line = search?.currentMatch?.line else { return }
        let first = top(height: height)
        if line < first || line >= first + max(1, height) { scroll(to: line, height: height) }
    }
}
