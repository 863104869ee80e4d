/// Fitting a message into what is left of a row by cutting its middle (`HTTP 500 Internal…: try
/// again later`), not its end: the start says what happened and the end often says why, while a
/// row clipped at the edge lost exactly the part that mattered (the hint after it, "r to retry",
/// was cut off at 80 columns).
enum FittedText {
    /// `text` (sanitized for the terminal first, so escapes are measured as shown) in at most
    /// `width` columns, with `…` in place of its middle when it does not fit.
    static func middle(_ text: String, width: Int) -> String {
        let safe = TerminalText.sanitize(text)
        guard DisplayWidth.of(safe) > width else { return safe }
        guard width > 1 else { return width == 1 ? "…" : "" }
        let room = width - 1
        let head = DisplayWidth.clip(safe, to: room - room / 2)
        var tail = ""
        var tailWidth = 0
        for character in safe.reversed() {
            let w = DisplayWidth.of(character)
            if tailWidth + w > room - head.width { break }
            tail.insert(character, at: tail.startIndex)
            tailWidth += w
        }
        return head.text + "…" + tail
    }
}

extension RowBuilder {
    /// `prefix`, then `middle` cut in its middle so that `suffix` still fits after it, then
    /// `suffix`, all in one style: what the user can do is never the part cut off.
    mutating func appendFitting(prefix: String, middle: String, suffix: String = "", _ style: Style) {
        append(prefix, style)
        let room = remaining - DisplayWidth.of(TerminalText.sanitize(suffix))
        append(FittedText.middle(middle, width: max(0, room)), style)
        append(suffix, style)
    }
}
