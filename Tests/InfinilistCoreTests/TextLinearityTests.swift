import Testing
import TestThreads
@testable import InfinilistCore

/// Hostile text (issue 32.6): a 2.9 KB gzip answer whose title was 320,000 × U+200B froze the
/// screen for 23 s, and `--dump --format '{title}'` grew with the square of the title's length.
/// No clock decides these: the work is counted (`TextWork`), and its bound is what makes it linear.
@Suite(.ownThread) struct TextLinearityTests {
    /// Sanitizing writes each byte of its result once: it appended each escape to a view that
    /// the standard library copied whole every time (80,000 escapes: 18 s, 7,500 mmap pairs).
    @Test(arguments: ["\u{200B}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{1B}"])
    func sanitizingWritesEachByteOnce(character: String) {
        let text = String(repeating: character, count: 40_000) + "end"
        let counter = TextWork.Counter()
        let safe = TextWork.$counter.withValue(counter) { TerminalText.sanitize(text) }
        let escape = TerminalText.sanitize(character)
        #expect(escape.hasPrefix("\\"))
        #expect(safe == String(repeating: escape, count: 40_000) + "end")
        #expect(counter.bytes <= safe.utf8.count)
    }

    @Test func escapesAreUnchanged() {
        #expect(TerminalText.sanitize("a\tb\nc\rd\u{1B}[2J\u{7F}\u{9B}é\u{200F}\u{FEFF}\u{FFFD}\u{E0001}x")
            == "a\\tb\\nc\\rd\\x1B[2J\\x7F\\x9Bé\\u{200F}\\u{FEFF}\\u{FFFD}\u{E0001}x")
        #expect(TerminalText.sanitize("👨\u{200D}👩\u{200D}👧 a\u{200D}b") == "👨\u{200D}👩\u{200D}👧 a\\u{200D}b")
        #expect(TerminalText.sanitize("\u{0}") == "\\x00")
    }

    /// A frame lays out no more of a row's text than its width can show: the 2.56 MB that
    /// 320,000 escaped U+200B make were measured whole for the row, and searched whole for a
    /// highlight, although 40 columns show 40 bytes of them.
    @Test(arguments: [false, true])
    func aRowLooksAtNoMoreOfItsTextThanItCanShow(searching: Bool) {
        let title = TerminalText.sanitize(String(repeating: "\u{200B}", count: 320_000))
        var state = stateWith([title, "short"], size: Size(rows: 6, columns: 40))
        if searching {
            state.press(.char("/"))
            state.type("zzzqqx")
            state.press(.enter)
            #expect(state.finding.highlight?.query == "zzzqqx")
        }
        let counter = TextWork.Counter()
        let frame = TextWork.$counter.withValue(counter) { render(state) }
        #expect(frame.rows[0].text.hasPrefix("> \\u{200B}") && frame.rows[0].text.hasSuffix("…"), "\(frame.rows[0].text)")
        #expect(frame.rows[1].text == "  short")
        // A frame's own text (status line, gutters) is a few hundred bytes; one row may look at
        // 32 scalars a column (`DisplayWidth.scalarsPerColumn`), and a highlight as far again.
        #expect(counter.bytes < 3 * 40 * DisplayWidth.scalarsPerColumn + 2_000)
    }

    /// Marks piled on one letter are one column wide however many there are: the row held them
    /// all (100,000 scalars for the screen to write in one cell). It keeps what a cell can
    /// carry: 32 scalars a column at most.
    @Test func aRowOfPiledMarksHoldsNoMoreThanItsWidthCanCarry() {
        let piled = "a" + String(repeating: "\u{0301}", count: 100_000) + " tail"
        let state = stateWith([piled], size: Size(rows: 4, columns: 40))
        let row = render(state).rows[0]
        let scalars = row.spans.reduce(0) { $0 + $1.text.unicodeScalars.count }
        #expect(Array(row.text.unicodeScalars.prefix(4)) == [">", " ", "a", "\u{0301}"])
        #expect(scalars <= 40 * DisplayWidth.scalarsPerColumn)
    }

    @Test func showableEndCutsOnlyWhatCannotBeShown() {
        let short = "hello"
        #expect(DisplayWidth.showableEnd(short, columns: 1) == short.endIndex)
        let long = String(repeating: "x", count: 1_000)
        #expect(long[..<DisplayWidth.showableEnd(long, columns: 2)].count == 2 * DisplayWidth.scalarsPerColumn)
        #expect(DisplayWidth.showableEnd(long, columns: 0) == long.startIndex)
    }
}
