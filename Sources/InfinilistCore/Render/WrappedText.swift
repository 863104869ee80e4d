/// A message laid over several rows, broken at its spaces: an error or a notice is read whole
/// on the screen instead of being cut to one row (issue 33.1: the advice at its end was the part
/// cut off).
enum WrappedText {
    /// `text`, sanitized for the terminal, in lines of at most `first` columns (the first line)
    /// and `rest` columns (the others). Lines break at spaces; a word wider than a line is broken
    /// where the line ends (by display width: a wide character is never cut in half).
    static func lines(_ text: String, first: Int, rest: Int) -> [String] {
        let safe = TerminalText.sanitize(text)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var limit = max(1, first)
        func newLine() {
            lines.append(line)
            line = ""
            lineWidth = 0
            limit = max(1, rest)
        }
        for word in safe.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= limit {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { newLine() }
            // A word longer than a whole line fills lines of its own.
            while wordWidth > limit {
                let head = DisplayWidth.clip(word, to: limit)
                // A line too narrow for even one character: give up rather than loop.
                guard !head.text.isEmpty else { return lines + [line + word] }
                line = String(head.text)
                lineWidth = head.width
                word = String(word[head.text.endIndex...])
                wordWidth -= head.width
                newLine()
            }
            line = word
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// At most `count` lines (at least one): when `text` needs more, the last line holds the
    /// rest cut in its middle (`FittedText`), so the message's end, often what to do, stays.
    static func lines(_ text: String, first: Int, rest: Int, atMost count: Int) -> [String] {
        let all = lines(text, first: first, rest: rest)
        guard all.count > max(1, count) else { return all }
        let kept = max(1, count) - 1
        let remainder = all[kept...].joined(separator: " ")
        return Array(all[..<kept]) + [FittedText.middle(remainder, width: kept == 0 ? first : rest)]
    }
}
