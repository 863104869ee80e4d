import Testing
@testable import InfinilistCore

/// The column picker (`c`): the fields of the item under the cursor, the columns first and
/// checked; Space, `K`/`J`, Enter and Esc; the `--columns` value it shows.
@Suite struct ColumnPickerTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    private func picker(_ state: AppState) -> ColumnPicker? {
        if case .columns(let picker) = state.mode { return picker }
        return nil
    }

    @Test func cListsTheColumnsFirstThenTheItemsFieldsNestedOnesToo() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 14, columns: 80))
        state.press(.char("c"))
        #expect(frame(state) == """
          --columns 'number,title,user.login,state,comments,created_at'
        > [x] number                 78012
          [x] title                  Crash in SILGen when a closure captures an inout p…
          [x] user.login             jckarter
          [x] state                  open
          [x] comments               3
          [x] created_at             2026-11-23T15:12:09Z
          [ ] url                    https://api.github.com/repos/apple/swift/issues/78…
          [ ] repository_url         https://api.github.com/repos/apple/swift
          [ ] html_url               https://github.com/apple/swift/issues/78012
          [ ] id                     2700078012
          [ ] node_id                I_kwDOAmr3Ys6h78012
          [ ] user                   jckarter
         Space shows/hides · K/J move · Enter applies · Esc cancels         field 1/29
        """)
        let names = picker(state)?.entries.map(\.name) ?? []
        #expect(names.contains("user.type"))
        #expect(names.contains("reactions.+1"))
        // A column in use is listed once, where the columns are.
        #expect(names.filter { $0 == "user.login" }.count == 1)
    }

    @Test func spaceHidesAColumnAndEnterAppliesIt() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        state.press(.char("c"), .down, .down, .down, .char(" "))
        #expect(picker(state)?.specText == "number,title,user.login,comments,created_at")
        #expect(render(state).rows[0].text == "  --columns 'number,title,user.login,comments,created_at'")
        state.press(.enter)
        #expect(state.mode == .list)
        #expect(state.rowLayout.table?.specText == "number,title,user.login,comments,created_at")
        #expect(frame(state) == """
          number  title                       login                 comments  created_at
        >  78012  Crash in SILGen when a cl…  jckarter                     3          2h
           78011  Improve diagnostics for m…  hborla                      12          1d
           77950  Typo in docs                octocat                      0         21d
           61234  Package resolution hangs …  a-very-long-login-n…       145        2025
          — end · 4 items · end —

         infinilist · test                                        row 1/4 · end · 0 ms
        """)
    }

    @Test func kAndJMoveAFieldAndItsColumn() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 120))
        // user.login up above title, then number down below it.
        state.press(.char("c"), .down, .down, .char("K"))
        #expect(picker(state)?.cursor == 1)
        state.press(.char("g"), .char("J"))
        #expect(picker(state)?.specText == "user.login,number,title,state,comments,created_at")
        // Past either end: a bell, nothing moves.
        #expect(state.press(.char("g"), .char("K")) == [.bell])
        state.press(.enter)
        #expect(render(state).rows[0].text.hasPrefix("  login                 number  title"))
    }

    @Test func aNestedFieldBecomesAColumnWithItsWidthsMeasuredOnTheLoadedItems() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 120))
        state.press(.char("c"))
        let index = picker(state)?.entries.firstIndex { $0.name == "user.type" } ?? 0
        for _ in 0..<index { state.press(.down) }
        state.press(.char(" "), .enter)
        #expect(state.rowLayout.table?.specText == "number,title,user.login,state,comments,created_at,user.type")
        let header = render(state).rows[0].text
        #expect(header.hasSuffix("created_at  type"))
        #expect(render(state).rows[1].text.hasSuffix("2h  User"))
    }

    @Test func escAndQCancel() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        let before = state.rowLayout
        state.press(.char("c"), .char(" "), .escape)
        #expect(state.mode == .list)
        #expect(state.rowLayout == before)
        state.press(.char("c"), .char(" "), .char("q"))
        #expect(state.rowLayout == before)
    }

    @Test func enterWithNothingChosenRingsAndStays() {
        var state = tableState(TableFixtures.hackerNewsStories, size: Size(rows: 10, columns: 80))
        state.press(.char("c"))
        for _ in 0..<5 { state.press(.char(" "), .down) }
        #expect(state.press(.enter) == [.bell])
        #expect(picker(state)?.note == .noneChosen)
        #expect(render(state).rows.last?.text.hasPrefix(" no columns chosen: Space chooses one") == true)
        #expect(render(state).rows[0].text == "  --columns: none chosen")
    }

    @Test func aLongListScrollsAndTheCursorStaysOnScreen() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 10, columns: 60))
        state.press(.char("c"), .end)
        let rows = render(state).rows
        guard let picker = picker(state) else {
            Issue.record("no picker")
            return
        }
        #expect(picker.cursor == picker.entries.count - 1)
        #expect(rows.contains { $0.text.hasPrefix("> [ ] state_reason") })
        // The --columns value stays on top.
        #expect(rows[0].text.hasPrefix("  --columns 'number,title,user.login,state,commen"))
        state.press(.pageUp, .pageUp, .home)
        #expect(render(state).rows.contains { $0.text.hasPrefix("> [x] number") })
    }

    /// At any size no row of the picker is wider than the screen, and the rows fill the screen.
    @Test func noRowIsBrokenAtAnySize() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 10, columns: 120))
        state.press(.char("c"), .end)
        for rows in 1...12 {
            for columns in 1...90 {
                _ = state.update(.resized(Size(rows: rows, columns: columns)))
                let frame = render(state)
                #expect(frame.rows.count == rows)
                for row in frame.rows {
                    #expect(DisplayWidth.of(row.text) <= columns, "\(rows)x\(columns): \(row.text)")
                }
                // The cursor's field is always on screen (when the list has a row at all).
                if rows >= 2 { #expect(frame.rows.contains { $0.text.hasPrefix(">") }, "\(rows)x\(columns)") }
            }
        }
    }

    @Test func theCommandTextWrapsOverRowsAtNarrowWidths() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 12, columns: 30))
        state.press(.char("c"))
        let rows = render(state).rows.map(\.text)
        #expect(Array(rows[0..<3]) == [
            "  --columns 'number,title,user",
            "  .login,state,comments,create",
            "  d_at'",
        ])
        #expect(rows[3].hasPrefix("> [x] number"))
    }

    @Test func fieldNamesAreSanitizedAndOnesThatCannotBeNamedCannotBeChosen() {
        var state = tableState([#"{"title":"t","author":"a","score":1,"evil\u001B[31m":"x\u001B]0;pwned\u0007","rtl\u202Ename":"y"}"#],
                               size: Size(rows: 10, columns: 80))
        state.press(.char("c"))
        let text = frame(state)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x07 })
        #expect(text.contains(#"[ ] ["evil\x1B[31m"]"#))
        #expect(text.contains(#"x\x1B]0;pwned\x07"#))
        #expect(text.contains(#"[ ] ["rtl\u{202E}name"]"#))
        state.press(.end)
        #expect(state.press(.char(" ")) == [.bell])
        #expect(picker(state)?.note == .cannotName)
        #expect(picker(state)?.specText == "title,author,score")
    }

    /// With `--format` (rows of one line), `c` turns the list into a table of the chosen fields.
    @Test func cMakesATableOfLineRows() {
        var state = tableState(TableFixtures.hackerNewsStories, columns: .lines, size: Size(rows: 6, columns: 80))
        #expect(state.rowLayout == .lines)
        state.press(.char("c"))
        #expect(picker(state)?.entries.allSatisfy { !$0.isChosen } == true)
        state.press(.down, .char(" "), .down, .down, .char(" "), .enter)
        #expect(state.rowLayout.table?.specText == "title,author")
        #expect(render(state).rows[0].text.hasPrefix("  title"))
    }

    @Test func cOnARowWithoutFieldsRingsWithANotice() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 6, columns: 40))
        _ = state.start()
        state.answer([Item(json: #""a line of text""#, text: "a line of text")], end: EndReason("end"))
        #expect(state.press(.char("c")) == [.bell])
        #expect(state.mode == .list)
        #expect(state.notice == .noFieldsToChoose)
    }

    @Test func aColumnWithAWidthAndHeaderKeepsThem() {
        var state = tableState(TableFixtures.githubIssues, columns: given("number:7=#,title,user.login=author"), size: Size(rows: 8, columns: 80))
        state.press(.char("c"))
        #expect(render(state).rows[0].text == "  --columns 'number:7=#,title,user.login=author'")
        #expect(render(state).rows[3].text.hasPrefix("  [x] user.login=author"))
        state.press(.down, .char("J"), .enter)
        #expect(state.rowLayout.table?.specText == "number:7=#,user.login=author,title")
        #expect(render(state).rows[0].text.hasPrefix("        #  author                title"))
    }

    @Test func aQuoteInAKeyIsQuotedForTheShell() {
        var state = tableState([#"{"title":"t","it's":"x","author":"a"}"#], size: Size(rows: 8, columns: 80))
        state.press(.char("c"), .end, .char(" "))
        #expect(picker(state)?.specText == "title,author,it's")
        #expect(render(state).rows[0].text == #"  --columns 'title,author,it'\''s'"#)
    }

    @Test func theWheelMovesTheCursorAndAClickPutsItOnAField() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 10, columns: 80))
        state.press(.char("c"))
        _ = state.update(.mouse(.wheelDown))
        #expect(picker(state)?.cursor == 3)
        _ = state.update(.mouse(.click(y: 2)))
        #expect(picker(state)?.cursor == 1)
        _ = state.update(.mouse(.click(y: 0)))
        #expect(picker(state)?.cursor == 1)
    }
}
