import Testing
@testable import InfinilistCore

/// Snapshot tests of the screens added for issue 6: prompts, help, detail view, search, filter,
/// marks and the status line's new parts. Each frame is compared as text with what a user sees.
@Suite struct ModeRenderTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    @Test func searchPromptOnTheStatusLineRow() {
        var state = loadedState(pages: 1, size: Size(rows: 5, columns: 50), prefetch: 0)
        state.press(.char("/"))
        state.type("item 3")
        #expect(frame(state) == """
        > item 0
          item 1
          item 2
          item 3
        /item 3              Enter: search · Esc: cancel
        """)
        // The block cursor is a reversed space right after the text.
        let prompt = render(state).rows[4]
        #expect(prompt.spans.prefix(2) == [Span("/item 3"), Span(" ", .status)])
        #expect(prompt.spans.last == Span("Enter: search · Esc: cancel ", .dim))
    }

    @Test func filterPrompt() {
        var state = loadedState(pages: 1, size: Size(rows: 5, columns: 50), prefetch: 0)
        state.press(.char("&"))
        state.type("item")
        #expect(frame(state) == """
        > item 0
          item 1
          item 2
          item 3
        &item   Enter: filter (empty: all) · Esc: cancel
        """)
    }

    @Test func aLongPromptShowsItsEndAndDropsTheHint() {
        var state = loadedState(pages: 1, size: Size(rows: 3, columns: 20), prefetch: 0)
        state.press(.char("/"))
        state.type("a very long query that scrolls")
        #expect(frame(state) == """
        > item 0
          item 1
        /uery that scrolls
        """)
        #expect(render(state).rows[2].spans.last == Span(" ", .status))
    }

    @Test func searchingFooterWhileLoadingPagesForASearch() {
        var state = loadedState(pages: 1, size: Size(rows: 5, columns: 50), prefetch: 0)
        state.press(.char("G"))
        state.press(.char("/"))
        state.type("zzz")
        state.press(.enter)
        #expect(frame(state) == """
          item 7
          item 8
        > item 9
          ⠋ searching page 2… (Esc stops)
         infinilist ·   row 10/10 · ⠋ searching · 250 ms
        """)
    }

    @Test func notFoundIsSaidInTheStatusLine() {
        var state = stateWith(["apple", "banana", "cherry"], size: Size(rows: 5, columns: 50))
        state.press(.char("/"))
        state.type("kiwi")
        state.press(.enter)
        #expect(frame(state) == """
        > apple
          banana
          cherry
          — end · 3 items · end —
         not found: kiwi          row 1/3 · end · 250 ms
        """)
    }

    @Test func searchMatchesAreHighlightedInTheRows() {
        var state = stateWith(["Apple pie", "banana", "apple and APPLE"], size: Size(rows: 5, columns: 50))
        state.press(.char("/"))
        state.type("apple")
        state.press(.enter)
        let rows = render(state).rows
        #expect(rows[0].runs == [Span("  "), Span("Apple", .match), Span(" pie")])
        #expect(rows[1].runs == [Span("  banana")])
        #expect(rows[2].runs == [Span(">", .pointer), Span(" "), Span("apple", .match), Span(" and "),
                                  Span("APPLE", .match)])
    }

    @Test func aHighlightPastTheRightEdgeIsClipped() {
        var state = stateWith(["0123456789 target"], size: Size(rows: 3, columns: 15))
        state.press(.char("/"))
        state.type("target")
        state.press(.enter)
        let row = render(state).rows[0]
        #expect(row.text == "> 0123456789 t…")
        #expect(Array(row.spans.suffix(2)) == [Span("t", .match), Span("…")])
    }

    @Test func filterAndMarksInTheStatusLineAndGutter() {
        var state = stateWith(["red 0", "blue 1", "red 2", "green 3", "Red 4"], size: Size(rows: 6, columns: 60))
        state.press(.char("&"))
        state.type("red")
        state.press(.enter)
        state.press(.tab)
        #expect(frame(state) == """
         *red 0
        > red 2
          Red 4
          — end · 3 of 5 items match · end —

          row 2/3 · filter: red · 3 of 5 · 1 marked · end · 250 ms
        """)
    }

    @Test func theStatusLineShowsTheTotalWhenKnown() {
        var state = AppState(config: AppConfig(sourceName: "api", prefetch: 0), size: Size(rows: 4, columns: 60))
        _ = state.start()
        state.answer(items(0..<1234), total: 5000)
        state.press(.char("G"))
        #expect(frame(state) == """
          item 1232
        > item 1233
          ⠋ loading page 2…
         infinilist  row 1,234/1,234 of 5,000 · ⠋ loading · 250 ms
        """)
    }

    @Test func aLongFilterIsShortenedInTheStatusLine() {
        var state = stateWith(["a"], size: Size(rows: 3, columns: 70))
        state.press(.char("&"))
        state.type("a filter far longer than twenty")
        state.press(.enter)
        #expect(render(state).rows[2].text.contains("filter: a filter far longer…"))
    }

    @Test func detailViewShowsPrettyJSON() {
        var state = AppState(config: AppConfig(sourceName: "demo"), size: Size(rows: 8, columns: 40))
        _ = state.start()
        let json = #"{"id":7,"title":"Hello 日本","tags":["a","b"],"score":1.5,"ok":true,"x":null}"#
        state.answer([Item(json: json, text: "Hello", id: "7")], end: EndReason("end"))
        state.press(.char("l"))
        #expect(frame(state) == """
        {
          "id": 7,
          "title": "Hello 日本",
          "tags": [
            "a",
            "b"
          ],
         infinilis  lines 1–7/11 · row 1 · end
        """)
        let rows = render(state).rows
        #expect(rows[1].spans == [Span("  "), Span("\"id\"", .jsonKey), Span(":", .jsonPunctuation), Span(" "),
                                  Span("7", .jsonNumber), Span(",", .jsonPunctuation)])
        #expect(rows[4].spans == [Span("    "), Span("\"a\"", .jsonString), Span(",", .jsonPunctuation)])
        state.press(.char("j"), .char("j"))
        #expect(frame(state) == """
          "title": "Hello 日本",
          "tags": [
            "a",
            "b"
          ],
          "score": 1.5,
          "ok": true,
         infinilis  lines 3–9/11 · row 1 · end
        """)
        state.press(.char("G"))
        #expect(frame(state) == """
            "a",
            "b"
          ],
          "score": 1.5,
          "ok": true,
          "x": null
        }
         infinili  lines 5–11/11 · row 1 · end
        """)
    }

    @Test func detailLinesAreClippedAndControlCharactersEscaped() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 4, columns: 24))
        _ = state.start()
        state.answer([Item(json: #"{"k":"\u001b[31mred \u202e evil and a long tail"}"#, text: "x")], end: EndReason("end"))
        state.press(.char("l"))
        // Wrapped (the default): every row fits and none holds a control character.
        for row in render(state).rows {
            #expect(DisplayWidth.of(row.text) <= 24)
            for scalar in row.text.unicodeScalars { #expect(scalar.value >= 0x20 && scalar.value != 0x202E) }
        }
        state.press(.char("w"))
        let rows = render(state).rows
        #expect(rows[1].text == #"  "k": "\u001b[31mred \u"#, "U+202E escaped by the frame, then clipped")
        for row in rows {
            #expect(DisplayWidth.of(row.text) <= 24)
            for scalar in row.text.unicodeScalars { #expect(scalar.value >= 0x20 && scalar.value != 0x202E) }
        }
    }

    @Test func helpOverlayOnAStandardTerminal() {
        var state = loadedState(pages: 1, size: Size(rows: 24, columns: 80))
        state.press(.char("?"))
        let lines = frame(state).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 24)
        #expect(lines[0] == " List")
        #expect(lines[1] == "   ↓ j Ctrl-N           next row")
        #expect(lines.contains("   s                    sort by a field: pick it, s again (s s: reverse)"))
        #expect(lines[22] == "   Tab                  mark or unmark the item, then move down", "no row is given to a note about the rest")
        #expect(lines[23].hasPrefix(" help · "))
        #expect(render(state).rows[0].spans == [Span(" "), Span("List", .heading)])
    }

    /// One column on any width, scrolled like the detail view (it was columns, the rest cut).
    @Test func helpIsOneColumnOnAWideScreen() {
        var state = loadedState(pages: 1, size: Size(rows: 24, columns: 150))
        state.press(.char("?"))
        let lines = frame(state).split(separator: "\n").map(String.init)
        #expect(lines[0] == " List")
        #expect(lines[1] == "   ↓ j Ctrl-N           next row")
        #expect(!lines.contains { $0.contains("more line") })
    }

    @Test func helpOverlayFitsWhenTallEnough() {
        var state = loadedState(pages: 1, size: Size(rows: 150, columns: 80))
        state.press(.char("?"))
        let text = frame(state)
        #expect(!text.contains("more lines"))
        for map in KeyMap.all {
            #expect(text.contains(" " + map.title))
            for line in map.helpLines() { #expect(text.contains("   " + line)) }
        }
    }

    @Test func helpFromTheDetailViewShowsItsTableFirst() {
        var state = loadedState(pages: 1, size: Size(rows: 24, columns: 80))
        state.press(.char("l"), .char("?"))
        let lines = frame(state).split(separator: "\n").map(String.init)
        #expect(lines[0] == " Detail view")
        #expect(lines[1] == "   ↓ j Ctrl-N           scroll down a line")
        state.press(.char("q"))
        guard case .detail = state.mode else { Issue.record("help closed back into the detail view"); return }
        #expect(frame(state).hasPrefix("{\n  \"n\": 0\n}"))
    }

    @Test func tinyScreensInEveryModeDoNotCrash() {
        for rows in 0...3 {
            for columns in 0...4 {
                let size = Size(rows: rows, columns: columns)
                var states: [AppState] = []
                var base = loadedState(pages: 1, size: size)
                base.press(.char("&"))
                base.type("item")
                states.append(base)
                base.press(.enter)
                states.append(base)
                var detail = loadedState(pages: 1, size: size)
                detail.press(.char("l"))
                states.append(detail)
                var help = loadedState(pages: 1, size: size)
                help.press(.char("?"))
                states.append(help)
                for state in states {
                    let f = render(state)
                    #expect(f.rows.count == rows)
                    for row in f.rows { #expect(DisplayWidth.of(row.text) <= columns) }
                }
            }
        }
    }
}
