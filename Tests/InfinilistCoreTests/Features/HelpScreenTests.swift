import Testing
@testable import InfinilistCore

/// `?` at a standard terminal (issue 33.3): the help is a screen of its own that scrolls, pages,
/// searches and closes as less does, instead of a cut overlay that any key closed.
@Suite struct HelpScreenTests {
    static let standard = Size(rows: 24, columns: 80)
    /// Rows of help on a standard terminal: all but the status line.
    static let height = 23

    private func helpOpen(size: Size = standard) -> AppState {
        var state = loadedState(pages: 1, size: size)
        state.press(.char("?"))
        return state
    }

    private func lines(_ state: AppState) -> [String] {
        render(state).rows.map(\.text)
    }

    private func top(_ state: AppState) -> Int? { state.help?.top(height: Self.height) }

    @Test func scrollsByLinesAndScreensAndStopsAtEitherEnd() throws {
        var state = helpOpen()
        let count = try #require(state.help?.lines.count)
        #expect(count > Self.height, "the help is longer than a standard screen")
        state.press(.char("j"), .down, .ctrl("n"))
        #expect(top(state) == 3)
        state.press(.char("k"), .up)
        #expect(top(state) == 1)
        state.press(.char("k"), .char("k"))
        #expect(top(state) == 0, "no scrolling above the first line")
        state.press(.pageDown)
        #expect(top(state) == Self.height)
        state.press(.char(" "))
        #expect(top(state) == min(2 * Self.height, count - Self.height))
        state.press(.char("b"), .pageUp)
        #expect(top(state) == 0)
        state.press(.ctrl("d"))
        #expect(top(state) == Self.height / 2)
        state.press(.char("G"))
        #expect(top(state) == count - Self.height, "the end stays at the bottom")
        state.press(.char("j"), .pageDown)
        #expect(top(state) == count - Self.height, "no scrolling past the end")
        state.press(.char("g"))
        #expect(top(state) == 0)
        state.press(.end)
        #expect(top(state) == count - Self.height)
        state.press(.home)
        #expect(top(state) == 0)
        #expect(state.showsHelp, "moving keys keep the help open")
        #expect(state.viewport.cursor == 0, "and leave the list alone")
    }

    @Test func theFirstScreenAndTheEndAtEightyByTwentyFour() throws {
        var state = helpOpen()
        var screen = lines(state)
        #expect(screen.count == 24)
        #expect(screen[0] == " List")
        #expect(screen[1] == "   ↓ j Ctrl-N           next row")
        #expect(!screen.contains { $0.contains("more line") }, "nothing is cut off: the rest is scrolled to")
        let count = try #require(state.help?.lines.count)
        #expect(screen[23].hasPrefix(" " + HelpHint.title))
        #expect(screen[23].hasSuffix("lines 1–23/\(count) "))
        // The keys that were below the cut come into sight.
        state.press(.pageDown)
        screen = lines(state)
        #expect(screen.contains("   q                    quit (exit 0; 130 with stdout a file or a pipe)"))
        #expect(screen.contains("   <                    scroll the columns left, else first row"))
        #expect(screen.contains("   >                    scroll the columns right, else last row"))
        #expect(screen[23].hasSuffix("lines 24–46/\(count) "))
        state.press(.char("G"))
        screen = lines(state)
        #expect(screen[22].hasPrefix("   match 3/12 "), "the last line of the help is at the bottom")
        #expect(screen.contains(" Status line (the bottom row)"))
        #expect(screen.contains { $0.hasPrefix("   q Esc ? ← h ") && $0.hasSuffix("close the help") })
        #expect(screen[23].hasSuffix("lines \(count - 22)–\(count)/\(count) "))
    }

    @Test func otherKeysDoNothingButNameTheKeysThatDo() {
        var state = helpOpen()
        state.press(.char("j"))
        #expect(state.press(.char("x")).isEmpty)
        #expect(state.showsHelp, "x does not close the help")
        #expect(top(state) == 1)
        #expect(lines(state)[23].hasPrefix(" " + HelpHint.keys))
        state.press(.char("j"))
        #expect(lines(state)[23].hasPrefix(" " + HelpHint.title), "the next key that works puts the title back")
        #expect(state.press(.enter).isEmpty, "Enter scrolls, as in less; it does not print and exit")
        #expect(state.viewport.cursor == 0)
    }

    /// Every key the status line names is in the help's table: the hint cannot name a key that
    /// does nothing.
    @Test func theHintNamesOnlyTheHelpsKeys() {
        let names = Set(KeyMap.help.flatMap { $0.keyNames() })
        for hint in [HelpHint.title, HelpHint.keys] {
            let words = ["help", "keys:", "scroll", "searches", "closes", "close", "·"]
            let keys = hint.split(separator: " ").map(String.init).filter { !words.contains($0) }
            #expect(keys.count >= 6)
            for key in keys { #expect(names.contains(key), "\(key) in \"\(hint)\" is not a help key") }
        }
        #expect(KeyMap.help.action(for: .char("q")) == .back)
        #expect(KeyMap.help.action(for: .escape) == .back)
        #expect(KeyMap.help.action(for: .char("?")) == .back)
        #expect(KeyMap.help.action(for: .char("/")) == .search)
    }

    @Test func qEscAndQuestionMarkCloseItBackToTheList() {
        for key in [Key.char("q"), .escape, .char("?")] {
            var state = helpOpen()
            state.press(.pageDown)
            #expect(state.press(key).isEmpty, "\(key) closes the help; it does not quit")
            #expect(!state.showsHelp)
            #expect(state.mode == .list)
            #expect(lines(state)[23].contains("infinilist · test"))
            state.press(.char("?"))
            #expect(top(state) == 0, "the help opens at its top again")
        }
        var state = helpOpen()
        #expect(state.press(.ctrl("c")) == [.quit(code: 130, output: [])])
    }

    @Test func closingGoesBackToTheDetailViewItCameFrom() {
        var state = loadedState(pages: 1, size: Self.standard)
        state.press(.char("l"), .char("?"))
        #expect(lines(state)[0] == " Detail view", "the table of the mode underneath first")
        state.press(.char("G"), .char("q"))
        guard case .detail = state.mode else { Issue.record("not back in the detail view"); return }
        #expect(lines(state)[0] == "{")
    }

    @Test func searchHighlightsTheMatchAndNAndNGoRound() throws {
        var state = helpOpen()
        state.press(.char("/"))
        state.type("clipboard")
        #expect(lines(state)[23].hasPrefix("/clipboard"), "the prompt on the status line's row")
        state.press(.enter)
        let help = try #require(state.help)
        let search = try #require(help.search)
        let total = search.matches.count
        #expect(total >= 3, "y and Y in the list, y in the detail view")
        let first = try #require(search.currentMatch)
        #expect(first.line >= help.top(height: Self.height) && first.line < help.top(height: Self.height) + Self.height)
        var frame = render(state)
        #expect(frame.rows[23].text.contains("match 1/\(total)"))
        let row = first.line - help.top(height: Self.height)
        #expect(frame.rows[row].spans.contains(Span("clipboard", .currentMatch)))
        state.press(.char("x"))
        #expect(lines(state)[23].contains(HelpHint.keys + " "), "the keys are named whole beside the match count")
        state.press(.char("n"))
        #expect(state.help?.search?.current == 1)
        #expect(lines(state)[23].contains("match 2/\(total)"))
        state.press(.char("N"), .char("N"))
        #expect(state.help?.search?.current == total - 1)
        #expect(lines(state)[23].hasPrefix(" search wrapped"))
        // The current match is on screen wherever it is.
        let last = try #require(state.help?.search?.currentMatch)
        let shownTop = try #require(top(state))
        #expect(last.line >= shownTop && last.line < shownTop + Self.height)
        frame = render(state)
        #expect(frame.rows[last.line - shownTop].spans.contains(Span("clipboard", .currentMatch)))
        // Every match on screen is highlighted, the current one apart.
        state.press(.char("g"), .char("/"))
        state.type("screen")
        state.press(.enter)
        frame = render(state)
        #expect(frame.rows[3].spans == [Span("   PgDn Space f Ctrl-F  next "), Span("screen", .currentMatch)])
        #expect(frame.rows[4].spans == [Span("   PgUp b Ctrl-B        previous "), Span("screen", .match)])
        #expect(lines(state)[23].contains("match 1/"))
        state.press(.char("/"))
        state.type("clipboard")
        state.press(.enter)
        // An empty query repeats the last search.
        state.press(.char("g"), .char("/"), .enter)
        #expect(state.help?.search?.matcher.query == "clipboard")
        #expect(state.help?.search?.current == 0)
    }

    @Test func aSearchWithoutMatchSaysSoAndLeavesTheHelpAsItWas() {
        var state = helpOpen()
        state.press(.char("j"), .char("/"))
        state.type("zqzqz")
        state.press(.enter)
        #expect(state.help?.search == nil)
        #expect(top(state) == 1)
        #expect(lines(state)[23].hasPrefix(" not found: zqzqz"))
        state.press(.char("n"))
        #expect(lines(state)[23].hasPrefix(" no previous search"))
        // Esc at the prompt cancels the prompt, not the help.
        state.press(.char("/"), .char("a"), .escape)
        #expect(state.showsHelp)
        #expect(state.help?.prompt == nil)
    }

    /// The status line's latency ("· 13 ms") is explained at the end of the help (issue 33.11).
    @Test func theStatusLinesLatencyIsExplained() throws {
        var state = AppState(config: AppConfig(sourceName: "test"), size: Self.standard)
        let request = try #require(loads(state.start()).first)
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(0..<10), end: EndReason("end"), latency: 0.013)))
        #expect(lines(state)[23].hasSuffix("· 13 ms "))
        state.press(.char("?"), .char("G"))
        let screen = lines(state)
        #expect(screen.contains { $0.hasPrefix("   13 ms ") && $0.hasSuffix("how long the last page took to load") })
        #expect(screen.contains(" Status line (the bottom row)"))
    }

    @Test func aBiggerScreenShowsTheEndWithoutMovingTop() throws {
        var state = helpOpen()
        state.press(.char("G"))
        let count = try #require(state.help?.lines.count)
        _ = state.update(.resized(Size(rows: count + 10, columns: 80)))
        let screen = lines(state)
        #expect(screen[0] == " List", "the whole help fits: it is shown from its top")
        #expect(screen[count + 9].hasSuffix("lines 1–\(count)/\(count) "))
        state.press(.char("k"))
        #expect(state.help?.top == 0)
    }

    @Test func theWheelScrollsTheHelp() {
        var state = helpOpen()
        _ = state.update(.mouse(.wheelDown))
        #expect(top(state) == AppState.wheelStep)
        _ = state.update(.mouse(.wheelUp))
        #expect(top(state) == 0)
    }
}
