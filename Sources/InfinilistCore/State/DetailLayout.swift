/// The detail view's lines laid out for a screen width: wrapped (the default), so a long value
/// can be read whole by scrolling, or one row per line, cut at the right edge (`w` toggles).
///
/// Text is sanitized before it is measured, as it will be when it enters the frame, so an
/// escaped control character (`\x1B`, four columns) wraps where it is shown.
struct DetailLayout: Sendable, Equatable {
    /// The rows, as styled spans.
    var rows: [[Span]]
    /// For each row, the index of the line it belongs to (to keep the place when re-laid out).
    var lineOfRow: [Int]

    init(lines: [[Span]], width: Int, wraps: Bool) {
        guard wraps, width > 0 else {
            rows = lines
            lineOfRow = Array(lines.indices)
            return
        }
        rows = []
        lineOfRow = []
        for (index, line) in lines.enumerated() {
            for row in Self.wrap(line, width: width) {
                rows.append(row)
                lineOfRow.append(index)
            }
        }
    }

    /// One line as rows of at most `width` columns. Continuation rows are indented like the
    /// line plus two columns (at most half the width), so wrapped values stay under their key.
    static func wrap(_ line: [Span], width: Int) -> [[Span]] {
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
