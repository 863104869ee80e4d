import CNCursesW

/// Converts a span's text to the wide characters curses writes, clipped to the columns left,
/// measuring with the C library's `wcwidth`, the same measure ncurses uses. The core already
/// clips rows by display width; this is the last guard that a row never wraps into the next one
/// (the two measures can disagree on emoji sequences) and that nothing unprintable is written.
///
/// A zero-width joiner is not written: curses counts 👩‍💻 as its parts (four columns), while
/// tmux 3.3 draws the joined sequence in the first part's width and other terminals in two, so
/// whatever followed it on the row (a table's next columns) landed columns away from where curses
/// put it. Without the joiner every terminal draws the parts (👩💻) in the columns curses counted.
enum CursesText {
    /// The characters of `text` that fit in `columns`, and the columns they take.
    static func clipped(_ text: String, columns: Int) -> (characters: [wchar_t], width: Int) {
        var characters: [wchar_t] = []
        characters.reserveCapacity(text.unicodeScalars.count)
        var width = 0
        for scalar in text.unicodeScalars {
            if scalar.value == 0x200D { continue }
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
