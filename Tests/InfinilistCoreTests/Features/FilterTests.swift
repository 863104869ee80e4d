import Testing
@testable import InfinilistCore

@Suite struct FilterTests {
    private let colours = ["red 0", "blue 1", "red 2", "green 3", "Red 4", "blue 5"]

    @Test func onlyMatchingRowsAreShownAndTheStatusLineSaysSo() {
        var state = stateWith(colours, size: Size(rows: 6, columns: 70))
        state.press(.char("&"))
        state.type("red")
        state.press(.enter)
        #expect(state.mode == .list)
        #expect(state.visibleTexts == ["red 0", "red 2", "Red 4"])
        #expect(state.finding.filter?.rows == [0, 2, 4])
        let status = render(state).rows[5].text
        #expect(status.contains("filter: red · 3 of 6"))
    }

    @Test func visibleAndStoreRowsMapBothWays() {
        var state = stateWith(colours)
        state.press(.char("&"))
        state.type("blue")
        state.press(.enter)
        #expect(state.storeRow(at: 0) == 1)
        #expect(state.storeRow(at: 1) == 5)
        #expect(state.storeRow(at: 2) == nil)
        #expect(state.visibleRow(of: 5) == 1)
        #expect(state.visibleRow(of: 2) == nil)
        state.press(.down)
        #expect(state.selectedItem?.text == "blue 5")
    }

    @Test func pagesArrivingBehindTheFilterAreAddedWithoutRescanning() {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 1), size: Size(rows: 6, columns: 40))
        _ = state.start()
        state.answer(named(["a x", "b", "c x"]))
        state.press(.char("&"))
        state.type("x")
        state.press(.enter)
        #expect(state.finding.filter?.rows == [0, 2])
        #expect(state.finding.filter?.scanned == 3)
        // Moving does not touch the index.
        state.press(.down)
        #expect(state.finding.filter?.scanned == 3)
        // Two visible rows, cursor on the last: within the prefetch distance, so page 2 is asked for.
        #expect(state.inFlight?.page == 1)
        state.answer(named(["d x", "e", "f x"], from: 3))
        #expect(state.finding.filter?.rows == [0, 2, 3, 5])
        #expect(state.finding.filter?.scanned == 6)
        #expect(state.visibleTexts == ["a x", "c x", "d x", "f x"])
    }

    /// Prefetch counts visible rows, so a filter that hides everything keeps pages coming until
    /// something matches, and then until the prefetch distance is covered.
    @Test func aFilterThatHidesEverythingKeepsLoading() {
        var state = loadedState(pages: 1, prefetch: 2)
        state.press(.home)
        state.press(.char("&"))
        state.type("item 33")
        let effects = state.press(.enter)
        #expect(state.visibleCount == 0)
        #expect(loads(effects).map(\.page) == [1])
        #expect(loads(state.answer(items(10..<20)) ?? []).map(\.page) == [2])
        // One match arrives; one visible row is within the distance of 2, so loading goes on.
        #expect(loads(state.answer(items(20..<40)) ?? []).map(\.page) == [3])
        #expect(state.visibleTexts == ["item 33"])
        #expect(state.selectedItem?.text == "item 33")
    }

    @Test func aFilterThatHidesEverythingStopsAtTheEnd() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 60), prefetch: 2)
        state.press(.char("&"))
        state.type("nothing")
        state.press(.enter)
        let effects = state.answer(items(10..<20), end: EndReason("done")) ?? []
        #expect(loads(effects).isEmpty)
        #expect(state.visibleCount == 0)
        #expect(render(state).text == """
          — end · 0 of 20 items match · done —


         infin  no rows · filter: nothing · 0 of 20 · end · 250 ms
        """)
        #expect(state.cursorStoreRow == nil)
        #expect(state.press(.enter) == [.bell])
    }

    @Test func clearingTheFilterReturnsToTheCursorsItemAtTheSameHeight() {
        var state = loadedState(pages: 3, size: Size(rows: 6, columns: 40), prefetch: 0, end: EndReason("end"))
        state.press(.char("&"))
        state.type("2")
        state.press(.enter)
        // Matches: item 2, 12, 20...29. Go to item 22 (visible row 4).
        state.press(.home)
        state.press(.down, .down, .down, .down)
        #expect(state.selectedItem?.text == "item 22")
        let offset = state.viewport.cursor - state.viewport.top
        state.press(.escape)
        #expect(state.finding.filter == nil)
        #expect(state.viewport.cursor == 22)
        #expect(state.viewport.cursor - state.viewport.top == offset)
    }

    @Test func anEmptyFilterPromptClearsTheFilter() {
        var state = stateWith(colours)
        state.press(.char("&"))
        state.type("green")
        state.press(.enter)
        #expect(state.selectedItem?.text == "green 3")
        state.press(.char("&"), .enter)
        #expect(state.finding.filter == nil)
        #expect(state.viewport.cursor == 3)
    }

    @Test func applyingAFilterKeepsTheCursorOnItsItemOrTheNextShownOne() {
        var state = stateWith(colours)
        state.press(.down, .down)   // red 2
        state.press(.char("&"))
        state.type("red")
        state.press(.enter)
        #expect(state.selectedItem?.text == "red 2")
        state.press(.char("&"))
        state.type("blue")
        state.press(.enter)
        #expect(state.selectedItem?.text == "blue 5", "red 2 is hidden: the next shown row below it")
    }

    @Test func escUndoesOneThingAtATime() {
        var state = loadedState(pages: 1, prefetch: 0)
        state.press(.char("&"))
        state.type("item")
        state.press(.enter)
        state.press(.char("/"))
        state.type("nowhere")
        state.press(.enter)
        #expect(state.finding.search?.pending != nil)
        #expect(state.press(.escape).isEmpty)
        #expect(state.finding.search?.pending == nil)
        #expect(state.finding.filter != nil)
        #expect(state.press(.escape).isEmpty)
        #expect(state.finding.filter == nil)
        #expect(state.press(.escape) == [.quit(code: 0, output: [])])
    }

    @Test func theFilterHighlightsItsMatches() {
        var state = stateWith(colours)
        state.press(.char("&"))
        state.type("RED")
        state.press(.enter)
        let row = render(state).rows[2]
        #expect(row.spans == [Span("  "), Span("Red", .match), Span(" 4")])
    }
}
