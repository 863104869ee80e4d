/// Builds one frame row from spans, clipping by display width so no row is ever wider than the
/// screen (wide characters are never cut in half).
struct RowBuilder {
    private(set) var row: FrameRow
    private(set) var remaining: Int
    let width: Int

    init(width: Int, fill: Style = .normal) {
        row = FrameRow(fill: fill)
        self.width = max(0, width)
        remaining = self.width
    }

    /// Columns written so far.
    var used: Int { width - remaining }

    /// Text is sanitized here as well as when items are built: whatever reaches a frame, from
    /// data, an error message or a path the user typed, can never be a control sequence.
    mutating func append(_ text: some StringProtocol, _ style: Style = .normal) {
        guard remaining > 0, !text.isEmpty else { return }
        let clipped = DisplayWidth.clip(TerminalText.sanitize(String(text)), to: remaining)
        guard !clipped.text.isEmpty else { return }
        remaining -= clipped.width
        if let last = row.spans.last, last.style == style {
            row.spans[row.spans.count - 1].text += clipped.text
        } else {
            row.spans.append(Span(String(clipped.text), style))
        }
    }

    /// Pads with spaces in `style`, leaving `right` columns for what follows.
    mutating func pad(leaving right: Int, _ style: Style) {
        let gap = remaining - right
        if gap > 0 { append(String(repeating: " ", count: gap), style) }
    }

    /// Pads with spaces up to `column` (nothing when already there or past it).
    mutating func pad(toColumn column: Int, _ style: Style = .normal) {
        let gap = column - used
        if gap > 0 { append(String(repeating: " ", count: gap), style) }
    }
}
