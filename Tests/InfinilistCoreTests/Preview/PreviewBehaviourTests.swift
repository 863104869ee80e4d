import Testing
@testable import InfinilistCore

/// How the pane follows the cursor, scrolls, opens and closes, and lays itself out again.
@Suite struct PreviewBehaviourTests {
    /// The pane's rows beside a list of `listWidth` columns (its title first).
    private func pane(_ state: AppState) -> [String] {
        guard case .right(let listWidth) = state.previewGeometry else { return [] }
        return render(state).rows.dropLast().map { String($0.text.dropFirst(listWidth + PreviewGeometry.separatorColumns)) }
    }

    private func shortScreen(_ count: Int = 12) -> AppState {
        previewState(PreviewFixtures.stories(count), size: Size(rows: 6, columns: 80), percent: 45)
    }

    @Test func thePaneFollowsTheCursor() {
        var state = shortScreen()
        #expect(pane(state)[2] == #"  "id": 1,"#)
        state.press(.down)
        #expect(pane(state)[0] == "row 2/12 · lines 1–4/9")
        #expect(pane(state)[2] == #"  "id": 2,"#)
        state.press(.end)
        #expect(pane(state)[2] == #"  "id": 12,"#)
    }

    @Test func jAndKScrollThePane() {
        var state = shortScreen()
        state.press(.char("J"))
        #expect(pane(state)[0] == "row 1/12 · lines 2–5/9")
        #expect(pane(state)[1] == #"  "id": 1,"#)
        state.press(.shiftDown, .shiftDown)
        #expect(pane(state)[0] == "row 1/12 · lines 4–7/9")
        state.press(.char("K"))
        #expect(pane(state)[0] == "row 1/12 · lines 3–6/9")
        state.press(.shiftUp, .shiftUp, .shiftUp)
        #expect(pane(state)[0] == "row 1/12 · lines 1–4/9")
        // No further than the item's last line at the pane's bottom.
        for _ in 0..<20 { state.press(.char("J")) }
        #expect(pane(state)[0] == "row 1/12 · lines 6–9/9")
        #expect(pane(state)[4] == "}")
        // The list's cursor never moved.
        #expect(state.viewport.cursor == 0)
    }

    /// Another item starts at its top, even when the cursor comes back to the one scrolled.
    @Test func theScrollResetsWhenTheCursorMovesToAnotherItem() {
        var state = shortScreen()
        state.press(.char("J"), .char("J"))
        #expect(pane(state)[0].hasSuffix("lines 3–6/9"))
        state.press(.down)
        #expect(pane(state)[0] == "row 2/12 · lines 1–4/9")
        state.press(.char("J"))
        state.press(.up)
        #expect(pane(state)[0] == "row 1/12 · lines 1–4/9")
        // A key that does not move the cursor keeps the scroll.
        state.press(.char("J"))
        state.press(.char("?"), .char("q"))   // the help closes with q (other keys scroll or do nothing)
        #expect(pane(state)[0] == "row 1/12 · lines 2–5/9")
    }

    @Test func pOpensAndClosesThePane() {
        var state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 50), position: .bottom, opens: false)
        #expect(state.previewGeometry == .closed)
        #expect(state.viewport.height == 10)
        #expect(!render(state).text.contains("──"))
        state.press(.char("p"))
        #expect(state.previewGeometry == .bottom(listHeight: 5))
        #expect(state.viewport.height == 4)
        #expect(render(state).rows[5].text.hasPrefix("── row 1/12"))
        // The cursor stays in the shorter list.
        state.press(.char("p"), .char("G"), .char("p"))
        #expect(state.viewport.cursor == 11)
        #expect(render(state).rows[1...4].contains { $0.text.hasPrefix("> Story number 12") })
        state.press(.char("p"))
        #expect(state.previewGeometry == .closed)
        #expect(state.viewport.height == 10)
    }

    @Test func jWithoutAPaneRings() {
        var state = previewState(PreviewFixtures.stories(3), size: Size(rows: 12, columns: 80), opens: false)
        #expect(state.press(.char("J")) == [.bell])
        var tiny = previewState(PreviewFixtures.stories(3), size: Size(rows: 6, columns: 30))
        #expect(tiny.press(.shiftDown) == [.bell])
    }

    /// A resize lays the screen out again: beside, under, hidden, and back, the viewport's height
    /// following the list's and the pane keeping the line at its top.
    @Test func aResizeLaysThePaneOutAgain() {
        var state = previewState(PreviewFixtures.stories(40), size: Size(rows: 8, columns: 80), percent: 45)
        state.press(.char("J"))
        #expect(state.viewport.height == 6)
        #expect(render(state).rows[0].text.hasSuffix("│ row 1/40 · lines 2–7/9"))
        _ = state.update(.resized(Size(rows: 12, columns: 60)))
        // 45% of the 11 rows above the status line: 5 for the pane, 6 for the list.
        #expect(state.previewGeometry == .bottom(listHeight: 6))
        #expect(state.viewport.height == 5)
        #expect(render(state).rows[6].text.hasPrefix("── row 1/40 · lines 2–5/"))
        _ = state.update(.resized(Size(rows: 6, columns: 30)))
        #expect(state.previewGeometry == .hidden)
        #expect(state.viewport.height == 4)
        #expect(render(state).rows.last?.text.contains("preview: no room") == true)
        _ = state.update(.resized(Size(rows: 12, columns: 80)))
        #expect(state.previewGeometry == .right(listWidth: 44))
        #expect(state.viewport.height == 10)
        for row in render(state).rows { #expect(DisplayWidth.of(row.text) <= 80) }
    }

    /// Search highlight, marks and the table's header work in the narrowed list.
    @Test func searchAndMarksWorkInTheNarrowedList() {
        var state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 80), percent: 45)
        state.press(.char("/"))
        state.type("number 3")
        state.press(.enter)
        let rows = render(state).rows
        #expect(rows[3].text.hasPrefix("> Story number 3 "))
        #expect(rows[3].spans.contains(Span("number 3", .match)))
        #expect(pane(state)[2] == #"  "id": 3,"#)
        state.press(.tab)
        #expect(render(state).rows[3].text.hasPrefix(" *Story number 3"))
        #expect(render(state).rows[0].text.hasPrefix("  title            author  score  comments › │ row 4/12"))
    }

    /// A ↓ changes the list's side of the screen in two gutter cells only; the rest of what
    /// changes is the pane's.
    @Test func movingTheCursorChangesOnlyTheGuttersOnTheListSide() {
        var state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 80), percent: 45)
        let before = render(state).rows.dropLast().map { Array($0.text) }
        state.press(.down)
        let after = render(state).rows.dropLast().map { Array($0.text) }
        for (y, (old, new)) in zip(before, after).enumerated() {
            let changed = (0..<44).filter { x in (x < old.count ? old[x] : " ") != (x < new.count ? new[x] : " ") }
            #expect(changed == ((y == 1 || y == 2) ? [0] : []), "row \(y)")
        }
        #expect(zip(before, after).contains { String($0.0.dropFirst(47)) != String($0.1.dropFirst(47)) })
    }

    /// A click on the pane's rows under the list does not move the cursor.
    @Test func aClickOnThePaneUnderTheListSelectsNothing() {
        var state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 50), position: .bottom)
        _ = state.update(.mouse(.click(y: 8)))
        #expect(state.viewport.cursor == 0)
        _ = state.update(.mouse(.click(y: 3)))
        #expect(state.viewport.cursor == 2)
        #expect(render(state).rows[5].text.hasPrefix("── row 3/12"))
    }

    @Test func theKeysAreInTheListsTable() {
        #expect(KeyMap.list.action(for: .char("p")) == .togglePreview)
        #expect(KeyMap.list.action(for: .char("J")) == .previewDown)
        #expect(KeyMap.list.action(for: .shiftDown) == .previewDown)
        #expect(KeyMap.list.action(for: .char("K")) == .previewUp)
        #expect(KeyMap.list.action(for: .shiftUp) == .previewUp)
    }

    /// The pane is not drawn over the detail view, which has the whole screen.
    @Test func theDetailViewHasTheWholeScreen() {
        var state = previewState(PreviewFixtures.stories(3), size: Size(rows: 12, columns: 80), percent: 45)
        state.press(.right)
        #expect(!render(state).text.contains("│"))
        state.press(.left)
        #expect(render(state).text.contains("│"))
    }
}
