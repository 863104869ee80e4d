/// How the detail view's lines are laid out for a screen width: wrapped (the default), so a long
/// value can be read whole by scrolling, or one row per line, cut at the right edge (`w`
/// toggles). Lines are wrapped one at a time, as they are shown or counted (`DetailIndex`).
///
/// Text is sanitized before it is measured, as it will be when it enters the frame, so an
/// escaped control character (`\x1B`, four columns) wraps where it is shown.
enum DetailLayout {
    /// One line as rows of at most `width` columns. Continuation rows are indented like the
    /// line plus two columns (at most half the width), so wrapped values stay under their key.
    /// Stops after `limit` rows: a screen needs the rows down to its bottom, not a long line's
    /// every row.
    static func wrap(_ line: [Span], width: Int, limit: Int = .max) -> [[Span]] {
        let spans = line.map { Span(TerminalText.sanitize($0.text), $0.style) }
        let total = spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
        guard total > width else { return [spans] }
        let leading = spans.first.map { $0.text.prefix { $0 == " " }.count } ?? 0
        let indent = min(leading + 2, width / 2)
        var rows: [[Span]] = []
        var row: [Span] = []
        var used = 0
        func newRow() {
            rows.append(row)
            row = indent > 0 ? [Span(String(repeating: " ", count: indent))] : []
            used = indent
        }
        for span in spans {
            var text = ""
            for character in span.text {
                let w = DisplayWidth.of(character)
                // A row holds at least one character past its indent, so a character wider
                // than the row still moves on.
                if used + w > width, used > indent || !text.isEmpty {
                    if !text.isEmpty { row.append(Span(text, span.style)) }
                    text = ""
                    newRow()
                    if rows.count >= limit { return rows }
                    if character == " ", span.style == .normal { continue }
                }
                text.append(character)
                used += w
            }
            if !text.isEmpty { row.append(Span(text, span.style)) }
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}
