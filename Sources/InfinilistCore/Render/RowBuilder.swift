/// Builds one frame row from spans, clipping by display width so no row is ever wider than the
/// screen (wide characters are never cut in half).
struct RowBuilder {
    private(set) var row: FrameRow
    private(set) var remaining: Int
    let width: Int

    /// Room for the spans of most rows (a gutter and a table's cells), so appending them does
    /// not grow the array four times over (a ↓ builds thirty rows).
    private static let usualSpans = 16

    init(width: Int, fill: Style = .normal) {
        row = FrameRow(fill: fill)
        row.spans.reserveCapacity(Self.usualSpans)
        self.width = max(0, width)
        remaining = self.width
    }

    /// A builder for the part of a row that starts at `column` (a row's body after its gutter,
    /// laid out once and appended to many frames' rows with `append(laidOut:)`).
    init(width: Int, from column: Int) {
        self.init(width: width)
        remaining = max(0, self.width - column)
    }

    /// Columns written so far.
    var used: Int { width - remaining }

    /// Text is sanitized here as well as when items are built: whatever reaches a frame, from
    /// data, an error message or a path the user typed, can never be a control sequence.
    /// Only the part of `text` that could be shown is looked at (`DisplayWidth.showableEnd`).
    mutating func append(_ text: some StringProtocol, _ style: Style = .normal) {
        guard remaining > 0, !text.isEmpty else { return }
        let text = text[..<DisplayWidth.showableEnd(text, columns: remaining)]
        TextWork.count(bytes: text.utf8.count)
        // Printable ASCII has nothing to escape and a column a byte: the common case, measured
        // by its length (a frame appends hundreds of pieces: gutters, pads, numbers, words).
        // Text of other one-column characters (`·`, `…`, accented letters) is measured from its
        // bytes too: both are a character a column, so the first `remaining` characters fit.
        if let width = DisplayWidth.printableASCIIWidth(text) ?? DisplayWidth.singleColumnWidth(text) {
            let shown = width <= remaining ? text[...] : text.prefix(remaining)
            remaining -= min(width, remaining)
            add(shown, style)
            return
        }
        let safe = TerminalText.sanitize(String(text))
        let clipped = DisplayWidth.clip(safe, to: remaining)
        guard !clipped.text.isEmpty else { return }
        remaining -= clipped.width
        // Shown whole, the slice becomes the string itself again (`String(_:)` of a whole
        // slice copies nothing).
        add(clipped.text, style)
    }

    /// Text already sanitized and known to be `width` columns wide (a table's cell, measured
    /// against its column): not sanitized or measured again, unless it does not fit what is
    /// left of the row. A cell of other than one-column characters was sanitized, measured and
    /// clipped twice, the second time here (about 9,000 instructions a new table row).
    mutating func append(sanitized text: Substring, width: Int, _ style: Style) {
        guard width <= remaining else { return append(text, style) }
        guard !text.isEmpty else { return }
        remaining -= width
        add(text, style)
    }

    /// The next text starts a span of its own, even in the last one's style.
    private var startsSpan = false

    /// Makes the next text a span of its own: the screen compares a row with the last frame's
    /// span by span, so a part that changes by itself (the status line's position) is best
    /// apart from the parts that do not (its left text, its pad).
    mutating func startSpan() { startsSpan = true }

    /// Text already clipped and safe, joined to the last span when it has the same style.
    private mutating func add(_ text: some StringProtocol, _ style: Style) {
        defer { startsSpan = false }
        if !startsSpan, let last = row.spans.last, last.style == style {
            row.spans[row.spans.count - 1].text += text
        } else {
            row.spans.append(Span(String(text), style))
        }
    }

    /// Spans laid out before by a builder that started where this one is now (`init(width:from:)`
    /// at `used`), `columns` wide. They are appended as they are, not joined to the spans before
    /// them: a frame then holds the very strings the last frame held, and the screen's
    /// comparison of the two rows is a pointer comparison.
    mutating func append(laidOut spans: [Span], columns: Int) {
        startsSpan = false
        guard columns <= remaining, !spans.isEmpty else { return }
        remaining -= columns
        row.spans += spans
    }

    /// Pads with spaces in `style`, leaving `right` columns for what follows.
    mutating func pad(leaving right: Int, _ style: Style) {
        appendBlanks(remaining - right, style)
    }

    /// Pads with spaces up to `column` (nothing when already there or past it).
    mutating func pad(toColumn column: Int, _ style: Style = .normal) {
        appendBlanks(column - used, style)
    }

    /// Blanks for the usual pads (a status line, a table's gaps): a string for each count, made
    /// once from bytes (`String(repeating:count:)` would take 10 million instructions for these
    /// 33,000 blanks). A pad is then a kept string, not a copy cut from a longer one, and the
    /// same pad in the next frame is the same storage, which the screen compares by pointer.
    private static let blankRuns = (0...256).map { String(decoding: [UInt8](repeating: 0x20, count: $0), as: UTF8.self) }

    private mutating func appendBlanks(_ count: Int, _ style: Style) {
        guard count > 0 else { return }
        append(count < Self.blankRuns.count ? Self.blankRuns[count] : String(repeating: " ", count: count), style)
    }
}
