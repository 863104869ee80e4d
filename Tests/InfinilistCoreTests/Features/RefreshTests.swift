import Testing
@testable import InfinilistCore

@Suite struct RefreshTests {
    @Test func refreshCancelsWhatIsInFlightAndAsksForPageZeroAsARestart() {
        var state = loadedState(pages: 2, prefetch: 100)
        guard let old = state.inFlight else { Issue.record("expected a prefetch"); return }
        let effects = state.press(.char("R"))
        guard let new = state.inFlight else { Issue.record("expected page 0"); return }
        #expect(effects == [.cancel(old.id), .load(new)])
        #expect(new.page == 0 && new.kind == .restart && new.id != old.id)
        #expect(state.store.itemCount == 0)
        #expect(state.isRefreshing)
        // Ctrl-R does the same.
        #expect(loads(state.press(.ctrl("r"))).map(\.kind) == [.restart])
    }

    @Test func aPlainRequestIsNeverARestart() {
        let state = loadedState(pages: 2, prefetch: 100)
        #expect(state.inFlight?.kind == .next)
        #expect(state.inFlight?.page == 2)
    }

    @Test func anAnswerToARequestFromBeforeTheRefreshIsDropped() {
        var state = loadedState(pages: 1, prefetch: 100)
        guard let old = state.inFlight else { Issue.record("expected a prefetch"); return }
        state.press(.char("R"))
        _ = state.update(.pageLoaded(PageResult(request: old, items: items(10..<20))))
        #expect(state.store.itemCount == 0)
        _ = state.update(.pageFailed(PageFailure(request: old, message: "late")))
        #expect(state.inFlight?.page == 0)
    }

    @Test func theCursorGoesBackToItsItemByIdAtTheSameHeight() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        for _ in 0..<7 { state.press(.down) }   // item 7, screen of 5 rows
        let offset = state.viewport.cursor - state.viewport.top
        state.press(.char("R"))
        // Three new items arrived at the top of the feed: item 7 is now row 10.
        state.answer(items(100..<103) + items(0..<10))
        #expect(state.selectedItem?.id == "7")
        #expect(state.viewport.cursor == 10)
        #expect(state.viewport.cursor - state.viewport.top == offset)
        #expect(!state.isRefreshing)
    }

    @Test func withoutTheItemTheCursorKeepsItsRowNumber() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        for _ in 0..<6 { state.press(.down) }
        state.press(.char("R"))
        // The refresh looks a margin past the old row for the item, then gives up on it.
        var next = 200
        while state.isRefreshing, state.inFlight != nil, next < 1_000 {
            state.answer(items(next..<(next + 10)))
            next += 10
        }
        #expect(!state.isRefreshing)
        #expect(state.viewport.cursor == 6)
        #expect(state.store.itemCount > 6 + RefreshAnchor.searchMargin(screen: 5))
        #expect(state.store.itemCount <= 6 + RefreshAnchor.searchMargin(screen: 5) + 10)
    }

    /// Sixty new items at the top push the item six pages down: the refresh keeps loading
    /// until it finds it, and the cursor is on it again.
    @Test func theItemIsFoundAfterManyNewItems() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        for _ in 0..<7 { state.press(.down) }   // item 7
        state.press(.char("R"))
        for page in 0..<6 { state.answer(items((500 + page * 10)..<(510 + page * 10))) }
        #expect(state.isRefreshing)
        state.answer(items(0..<10))
        #expect(state.selectedItem?.id == "7")
        #expect(state.viewport.cursor == 67)
        #expect(!state.isRefreshing)
    }

    @Test func theRowNumberIsClampedWhenFewerRowsLoad() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.end)
        state.press(.char("R"))
        state.answer(items(200..<204), end: EndReason("short"))
        #expect(state.viewport.cursor == 3)
    }

    /// Only what loads anyway is searched: page 0 leaves the cursor within the prefetch distance,
    /// so page 1 loads normally, and the item is found there.
    @Test func theItemIsFoundInAPageThatLoadsNormally() {
        var state = loadedState(pages: 2, prefetch: 2)
        state.press(.home)
        for _ in 0..<9 { state.press(.down) }   // item 9
        state.press(.char("R"))
        state.answer(items(50..<60))        // item 9 is not there: cursor to row 9, prefetch fires
        #expect(state.viewport.cursor == 9)
        #expect(state.inFlight?.page == 1)
        #expect(state.isRefreshing)
        state.answer(items(0..<10))         // item 9 is now row 19
        #expect(state.selectedItem?.id == "9")
        #expect(state.viewport.cursor == 19)
    }

    @Test func movingDuringARefreshLeavesTheCursorWhereTheUserPutIt() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        for _ in 0..<7 { state.press(.down) }
        state.press(.char("R"))
        state.answer(items(100..<103))
        state.press(.home)
        #expect(!state.isRefreshing)
        state.answer(items(0..<10))
        #expect(state.viewport.cursor == 0)
    }

    @Test func theFilterStaysAndIsRebuiltFromTheNewPages() {
        var state = loadedState(pages: 1, prefetch: 0, end: EndReason("end"))
        state.press(.char("&"))
        state.type("item 1")
        state.press(.enter)
        state.press(.char("R"))
        #expect(state.finding.filter?.rows == [])
        state.answer(named(["item 1", "x", "item 10"]), end: EndReason("end"))
        #expect(state.finding.filter?.rows == [0, 2])
    }

    @Test func marksByIdStayAndFindTheirItemMarksByRowAreCleared() {
        var state = loadedState(pages: 1, prefetch: 0, end: EndReason("end"))
        state.press(.down, .tab)                // item 1, by id
        #expect(state.marks.count == 1)
        state.press(.char("R"))
        state.answer([Item(json: "{\"new\":true}", text: "new", id: "new")] + items(0..<5), end: EndReason("end"))
        #expect(state.marks.count == 1)
        #expect(state.marks.isMarked(state.store.item(at: 2), row: 2), "item 1 moved to row 2")
        #expect(!state.marks.isMarked(state.store.item(at: 1), row: 1))

        var byRow = stateWith(["a", "b"], ids: false)
        byRow.press(.tab)
        byRow.press(.char("R"))
        #expect(byRow.marks.isEmpty)
        #expect(byRow.notice?.text == "1 mark without an id cleared")
    }

    @Test func theStatusLineSaysRefreshing() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 40), prefetch: 0)
        state.press(.char("R"))
        #expect(render(state).text == """
          ⠋ loading page 1…


         infi  no rows · ⠋ refreshing · 250 ms
        """)
    }
}
