import Testing
@testable import InfinilistCore

@Suite struct MarksTests {
    @Test func tabMarksTheItemAndMovesDown() {
        var state = stateWith(["a", "b", "c", "d"])
        state.press(.tab)
        #expect(state.viewport.cursor == 1)
        #expect(state.marks.count == 1)
        #expect(state.marks.isMarked(state.store.item(at: 0), row: 0))
        state.press(.tab)
        #expect(state.marks.count == 2)
        #expect(render(state).rows[5].text.contains("2 marked"))
    }

    @Test func tabOnAMarkedItemUnmarksIt() {
        var state = stateWith(["a", "b", "c"])
        state.press(.tab, .up, .tab)
        #expect(state.marks.isEmpty)
        #expect(state.viewport.cursor == 1)
    }

    @Test func shiftTabMarksAndMovesUp() {
        var state = stateWith(["a", "b", "c"])
        state.press(.end, .backTab)
        #expect(state.viewport.cursor == 1)
        #expect(state.marks.isMarked(state.store.item(at: 2), row: 2))
    }

    @Test func enterPrintsTheMarkedItemsInListOrder() {
        var state = stateWith(["a", "b", "c", "d", "e", "f"])
        state.press(.end)            // f
        state.press(.backTab)        // mark f (row 5), up to e
        state.press(.home, .down)    // b
        state.press(.tab)            // mark b (row 1)
        state.press(.down, .tab)     // mark d (row 3)
        #expect(state.press(.enter) == [.quit(code: 0, output: ["{\"n\":1}", "{\"n\":3}", "{\"n\":5}"])])
    }

    @Test func enterWithNothingMarkedPrintsTheItemUnderTheCursor() {
        var state = stateWith(["a", "b"])
        state.press(.down)
        #expect(state.press(.enter) == [.quit(code: 0, output: ["{\"n\":1}"])])
    }

    @Test func itemsWithoutAnIdAreMarkedByRow() {
        var state = stateWith(["same", "same", "same"], ids: false)
        state.press(.tab)
        #expect(state.marks.isMarked(state.store.item(at: 0), row: 0))
        #expect(!state.marks.isMarked(state.store.item(at: 1), row: 1))
    }

    @Test func marksAreShownInTheGuttersSecondColumn() {
        var state = stateWith(["a", "b", "c"])
        state.press(.tab, .down)
        let frame = render(state)
        #expect(frame.rows[0].runs == [Span(" "), Span("*", .marked), Span("a")])
        #expect(frame.rows[2].runs == [Span(">", .pointer), Span(" c")])
    }

    @Test func markingARowWhosePageIsNotInMemoryRings() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 5, columns: 20))
        _ = state.start()
        #expect(state.press(.tab) == [.bell])
    }

    @Test func theMarkedItemsJSONIsKeptWithTheMark() {
        var marks = Marks()
        marks.toggle(Item(json: "{\"id\":7}", text: "x", id: "7"), row: 3)
        #expect(marks.outputInListOrder() == ["{\"id\":7}"])
        // The gutter can tell a marked row even when its page is not in memory.
        #expect(marks.isMarked(nil, row: 3))
        #expect(!marks.isMarked(nil, row: 4))
    }
}
