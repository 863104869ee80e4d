import InfinilistCore

/// Turns text from the outside world (server messages, body snippets, error descriptions) into one
/// short line that is safe for the footer row and stderr: whitespace runs become one space,
/// control and bidi characters are shown escaped (by the core's `TerminalText`), and long text is
/// clipped with `…`.
enum OneLine {
    static func clean(_ text: String, maxCharacters: Int = 200) -> String {
        var collapsed = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !collapsed.isEmpty
                continue
            }
            if pendingSpace {
                collapsed.append(" ")
                pendingSpace = false
            }
            collapsed.append(character)
        }
        let safe = TerminalText.sanitize(collapsed)
        return safe.count > maxCharacters ? String(safe.prefix(maxCharacters)) + "…" : safe
    }

    /// The first `count` bytes of a body as text, for error messages about non-JSON answers.
    static func snippet(of bytes: [UInt8], count: Int = 60) -> String {
        if bytes.isEmpty { return "(empty body)" }
        var text = clean(String(decoding: bytes.prefix(count), as: UTF8.self), maxCharacters: count)
        if bytes.count > count, !text.hasSuffix("…") { text += "…" }
        return text
    }
}
