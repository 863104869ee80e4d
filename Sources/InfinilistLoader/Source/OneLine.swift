import InfinilistCore

/// Turns text from the outside world (server messages, body snippets, error descriptions) into one
/// short line that is safe for the footer row and stderr: whitespace runs become one space,
/// control and bidi characters are shown escaped (by the core's `TerminalText`), and long text is
/// clipped with `…`, always between two characters or escapes, never inside an escape.
enum OneLine {
    static func clean(_ text: String, maxCharacters: Int = 200) -> String {
        var out = ""
        var length = 0
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = length > 0
                continue
            }
            // Each character is escaped on its own, so the line is cut between whole escapes.
            // (An emoji ZWJ sequence is one character, so its joiners stay as they are.)
            let piece = (pendingSpace ? " " : "") + TerminalText.sanitize(String(character))
            pendingSpace = false
            if length + piece.count > maxCharacters { return out + "…" }
            out += piece
            length += piece.count
        }
        return out
    }

    /// The first `count` bytes of a body as text, for error messages about non-JSON answers. The
    /// cut is moved back to the start of a UTF-8 sequence, so a character split by it does not
    /// show as a replacement character. Secrets in `masking` are masked before the cut, reading
    /// as many more bytes as the longest is long, so none is shown in part.
    static func snippet(of bytes: [UInt8], count: Int = 60, masking echoes: EchoedSecrets = .none) -> String {
        if bytes.isEmpty { return "(empty body)" }
        if !echoes.isEmpty {
            let read = bytes.prefix(count + echoes.longest)
            let text = echoes.masked(String(decoding: read, as: UTF8.self))
            let clipped = clean(text, maxCharacters: count)
            return read.count < bytes.count && !clipped.hasSuffix("…") ? clipped + "…" : clipped
        }
        var cut = min(count, bytes.count)
        if cut < bytes.count {
            var back = 0
            while cut > 0, back < 3, bytes[cut] & 0xC0 == 0x80 {
                cut -= 1
                back += 1
            }
            if cut == 0 { cut = min(count, bytes.count) }
        }
        var text = clean(String(decoding: bytes[..<cut], as: UTF8.self), maxCharacters: count)
        if bytes.count > cut, !text.hasSuffix("…") { text += "…" }
        return text
    }
}
