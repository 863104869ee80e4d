import CNCursesW

/// Converts a span's text to the wide characters curses writes, clipped to the columns left,
/// measuring with the C library's `wcwidth`, the same measure ncurses uses. The core already
/// clips rows by display width; this is the last guard that a row never wraps into the next one
/// (the two measures can disagree on emoji sequences) and that nothing unprintable is written.
enum CursesText {
    /// The characters of `text` that fit in `columns`, and the columns they take.
    static func clipped(_ text: String, columns: Int) -> (characters: [wchar_t], width: Int) {
        var characters: [wchar_t] = []
        characters.reserveCapacity(text.unicodeScalars.count)
        var width = 0
        for scalar in text.unicodeScalars {
            var character = wchar_t(bitPattern: scalar.value)
            var columnsTaken = Int(wcwidth(character))
            if columnsTaken < 0 {
                // Unprintable in this locale: show the replacement character instead.
                character = 0xFFFD
                columnsTaken = 1
            }
            if width + columnsTaken > columns { break }
            characters.append(character)
            width += columnsTaken
        }
        return (characters, width)
    }
}
