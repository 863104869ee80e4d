/// How a span of text looks. The screen maps each style to curses attributes and colours, so
/// the core decides *what* is emphasised and the screen decides *how* (colour or monochrome).
public enum Style: Sendable, Hashable, CaseIterable {
    case normal
    /// Secondary text: visible escapes for control characters, hints.
    case dim
    /// The cursor's pointer in the gutter.
    case pointer
    /// A row the user marked (multi-select).
    case marked
    /// A search match.
    case match
    /// The current match of a search in the detail view (`n`/`N` move it).
    case currentMatch
    /// The spinner and "loading" text in the footer row.
    case loading
    /// The error text in the footer row.
    case error
    /// The end marker in the footer row.
    case end
    /// A row whose page was dropped from memory and is being fetched again.
    case placeholder
    /// A row holding a line of input that is not JSON (from a pipe or a file): dimmed, so the
    /// JSON rows stand out from log lines between them.
    case textLine
    /// The status line.
    case status
    /// A title in the help overlay.
    case heading
    /// The table's header row.
    case header
    /// Detail view, syntax colouring: an object key (with its quotes).
    case jsonKey
    /// Detail view: a string value (with its quotes).
    case jsonString
    /// Detail view: a number.
    case jsonNumber
    /// Detail view: `true`, `false`, `null`.
    case jsonLiteral
    /// Detail view: brackets, braces, commas and colons.
    case jsonPunctuation
}

/// A run of text in one style. Its text is safe to write to a terminal: no control characters.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .normal) {
        self.text = text
        self.style = style
    }

    /// The same bytes in the same style: what a terminal would show alike. (String's own `==`
    /// compares canonical equivalence, normalising non-ASCII text on every comparison; the
    /// screen compares every row of every frame with the last one's.)
    public static func == (a: Span, b: Span) -> Bool {
        a.style == b.style && TextBytes.equal(a.text, b.text)
    }
}

/// One screen row: spans whose total display width never exceeds the screen's width.
public struct FrameRow: Sendable, Hashable {
    public var spans: [Span]
    /// The style of the cells after the last span, to the right edge (the status bar is filled).
    public var fill: Style

    public init(_ spans: [Span] = [], fill: Style = .normal) {
        self.spans = spans
        self.fill = fill
    }

    /// The row as plain text, for tests and snapshots.
    public var text: String { spans.map(\.text).joined() }

    /// The row as a terminal shows it: runs of text, each in one style (spans of the same style
    /// side by side joined; a row's kept cells are spans of their own, see `RowBodyCache`).
    public var runs: [Span] {
        var runs: [Span] = []
        for span in spans where !span.text.isEmpty {
            if let last = runs.last, last.style == span.style {
                runs[runs.count - 1].text += span.text
            } else {
                runs.append(span)
            }
        }
        return runs
    }
}

/// A whole screen, exactly `size.rows` rows. Produced by `render(_:)`; painted by a screen.
/// The screen compares it with the previous frame and writes only the rows that differ.
public struct Frame: Sendable, Hashable {
    public var size: Size
    public var rows: [FrameRow]

    public init(size: Size, rows: [FrameRow]) {
        self.size = size
        self.rows = rows
    }

    /// The frame as plain text lines, trailing spaces trimmed, for snapshot tests.
    public var text: String {
        rows.map { row in
            var line = row.text
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
