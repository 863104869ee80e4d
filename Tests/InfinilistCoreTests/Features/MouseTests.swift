import Testing
@testable import InfinilistCore

@Suite struct MouseTests {
    /// 6 rows: a list of 5 rows and the status line.
    @Test func theWheelScrollsThreeRowsMovingTheCursorOnlyAsNeeded() {
        var state = loadedState(pages: 3, prefetch: 0)
        state.press(.home)
        _ = state.update(.mouse(.wheelDown))
        #expect(state.viewport.top == 3)
        #expect(state.viewport.cursor == 3, "the cursor was pushed along by the top edge")
        state.press(.down, .down, .down)    // cursor 6, top 3
        _ = state.update(.mouse(.wheelDown))
        #expect(state.viewport.top == 6)
        #expect(state.viewport.cursor == 6, "still on screen: not moved")
        _ = state.update(.mouse(.wheelUp))
        #expect(state.viewport.top == 3)
        #expect(state.viewport.cursor == 6)
        _ = state.update(.mouse(.wheelUp))
        _ = state.update(.mouse(.wheelUp))
        #expect(state.viewport.top == 0)
        #expect(state.viewport.cursor == 4, "pulled up by the bottom edge")
    }

    @Test func theWheelStopsWithTheFooterInViewAndPrefetches() {
        var state = loadedState(pages: 1, prefetch: 3)
        state.press(.home)
        var effects: [Effect] = []
        for _ in 0..<5 { effects += state.update(.mouse(.wheelDown)) }
        #expect(state.viewport.top == 6, "rows 6...9 and the footer")
        #expect(state.viewport.cursor == 6)
        #expect(loads(effects).map(\.page) == [1])
    }

    @Test func aClickSelectsTheRow() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        state.press(.pageDown)              // top 5
        _ = state.update(.mouse(.click(y: 3)))
        #expect(state.viewport.cursor == 8)
        // The status line and rows past the list are not rows.
        _ = state.update(.mouse(.click(y: 5)))
        _ = state.update(.mouse(.click(y: -1)))
        #expect(state.viewport.cursor == 8)
    }

    @Test func aClickOnTheFooterAfterAFailureRetries() {
        var state = loadedState(pages: 1, prefetch: 100)
        guard let request = state.inFlight else { Issue.record("expected a prefetch"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 502")))
        state.press(.end)                   // rows 6...9, footer at y 4
        #expect(loads(state.update(.mouse(.click(y: 3)))).isEmpty)
        #expect(state.viewport.cursor == 9)
        #expect(loads(state.update(.mouse(.click(y: 4)))).map(\.page) == [1])
        // A click on the footer while it is loading does nothing.
        #expect(state.update(.mouse(.click(y: 4))).isEmpty)
    }

    @Test func clickingBelowTheEndDoesNothing() {
        var state = stateWith(["a", "b"])
        _ = state.update(.mouse(.click(y: 3)))
        #expect(state.viewport.cursor == 0)
    }

    @Test func theWheelScrollsTheDetailViewAndAClickClosesHelp() {
        let json = "{" + (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 6, columns: 40))
        _ = state.start()
        state.answer([Item(json: json, text: "big")], end: EndReason("end"))
        state.press(.right)
        _ = state.update(.mouse(.wheelDown))
        guard case .detail(let view) = state.mode else { Issue.record("not in detail"); return }
        #expect(view.top == 3)
        state.press(.char("?"))
        _ = state.update(.mouse(.wheelDown))
        #expect(state.showsHelp)
        #expect(state.help?.top == AppState.wheelStep, "the wheel scrolls the help")
        _ = state.update(.mouse(.click(y: 0)))
        #expect(!state.showsHelp)
    }

    @Test func theMouseWorksOnVisibleRowsUnderAFilter() {
        var state = stateWith(["x0", "y1", "x2", "y3", "x4"])
        state.press(.char("&"))
        state.type("x")
        state.press(.enter)
        _ = state.update(.mouse(.click(y: 2)))
        #expect(state.selectedItem?.text == "x4")
    }
}
