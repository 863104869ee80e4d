import Testing
import TestThreads
@testable import InfinilistCore

/// An item of millions of lines (a small gzip answer can hold an array of 16 million zeros) is
/// laid out only as far as the screen needs: opening it, moving in it and showing it in the
/// preview walk a screen's lines and a bounded margin, `G` and `/` walk the rest a bounded step
/// per message, and what is kept is one mark per block of lines. Counted by the layout's own
/// counter (`linesLaidOut`), not timed.
@Suite(.ownThread) struct DetailHugeItemTests {
    /// `{"id":1,"a":[0,0,…]}` with 2,000,000 zeros: 2,000,005 lines, 4 MB.
    static let zeros = 2_000_000
    static let huge = #"{"id":1,"a":["# + Array(repeating: "0", count: zeros).joined(separator: ",") + "]}"

    private func opened(size: Size = Size(rows: 24, columns: 80)) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "t"), size: size)
        _ = state.start()
        state.answer([Item(json: Self.huge, text: "huge")], end: EndReason("end"))
        state.press(.right)
        return state
    }

    private func view(_ state: AppState) -> DetailView? {
        if case .detail(let view) = state.mode { return view }
        return nil
    }

    @Test func openingAndMovingLayOutOnlyAScreenAndAMargin() throws {
        var state = opened()
        let opened = try #require(view(state))
        #expect(opened.linesLaidOut < 600, "\(opened.linesLaidOut) lines laid out to open")
        #expect(render(state).rows[2].text == "  \"a\": [")
        state.press(.char("j"), .pageDown, .pageDown, .char("k"), .ctrl("d"), .pageUp)
        let moved = try #require(view(state))
        #expect(moved.top == 34)
        #expect(moved.linesLaidOut < 700, "\(moved.linesLaidOut) lines laid out after a few moves")
        #expect(render(state).rows[0].text == "    0,")
        #expect(render(state).rows.last?.text.contains("lines 35–57/…") == true, "\(render(state).rows.last?.text ?? "")")
    }

    /// Whether the item is JSON is checked a step per message too: the first frame shows its
    /// first lines before the 4 MB are checked, and the core asks to be woken at once while
    /// the check goes on (`wakeTime`), so the steps run back to back between keys.
    @Test func theFirstFrameComesBeforeTheItemIsCheckedWhole() throws {
        var state = opened()
        #expect(view(state)?.hasWork == true)
        #expect(state.hasDetailWork)
        #expect(render(state).rows[2].text == "  \"a\": [")
        var steps = 0
        while view(state)?.hasWork == true, steps < 100 {
            _ = state.update(.tick)
            steps += 1
        }
        #expect(steps > 1, "checked in \(steps) steps")
        #expect(view(state)?.hasWork == false)
        #expect(render(state).rows[2].text == "  \"a\": [")
    }

    /// A huge item that turns out not to be JSON (cut short at its end) is shown as its text once
    /// the check reaches the end.
    @Test func aHugeItemThatIsNotJSONAfterAllIsShownAsText() throws {
        let cut = String(Self.huge.dropLast())
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 24, columns: 80))
        _ = state.start()
        state.answer([Item(json: cut, text: "cut")], end: EndReason("end"))
        state.press(.right)
        var steps = 0
        while view(state)?.hasWork == true, steps < 100 {
            _ = state.update(.tick)
            steps += 1
        }
        #expect(view(state)?.index.isJSON == false)
        #expect(render(state).rows[0].text.hasPrefix(#"{"id":1,"a":[0,0,"#), "\(render(state).rows[0].text)")
    }

    /// `y` on a line of the huge item copies that line's value, found in the text without
    /// parsing the item; on its first line (the whole 4 MB item) it says the item is too large
    /// for a terminal, by its size, before parsing anything.
    @Test func yCopiesOneLinesValueWithoutParsingTheItem() throws {
        var state = opened()
        #expect(state.press(.char("y")).isEmpty)
        #expect(render(state).text.contains("is more than a terminal takes"))
        state.press(.char("j"), .char("j"), .char("j"))
        #expect(state.press(.char("y")) == [.copyToClipboard("0")])
        #expect(render(state).text.contains("a[0]"), "\(render(state).rows.last?.text ?? "")")
    }

    /// `G` walks to the end a bounded step per message (a tick comes every 90 ms while it
    /// does), keeping a mark per block of lines, and then shows the item's last lines.
    @Test func goingToTheEndWalksInStepsAndKeepsAMarkPerBlock() throws {
        var state = opened()
        state.press(.char("G"))
        let first = try #require(view(state))
        #expect(first.goingToEnd)
        #expect(first.linesLaidOut < Self.zeros, "one step walked \(first.linesLaidOut) lines")
        #expect(state.isAnimating)
        var steps = 0
        while view(state)?.goingToEnd == true, steps < 100 {
            _ = state.update(.tick)
            steps += 1
        }
        let end = try #require(view(state))
        #expect(!end.goingToEnd)
        #expect(end.rowCount == Self.zeros + 5)
        #expect(end.index.starts.count == (Self.zeros + 5 + DetailIndex.block - 1) / DetailIndex.block)
        let rows = render(state).rows
        #expect(rows[rows.count - 3].text == "  ]")
        #expect(rows[rows.count - 2].text == "}")
        #expect(rows.last?.text.contains("lines 1,999,983–2,000,005/2,000,005") == true)
    }

    /// A search scans in steps too, with its progress on the status line, and finds what is
    /// past the millions of lines.
    @Test func aSearchScansInStepsAndFindsTheEnd() throws {
        let json = #"{"id":1,"a":["# + Array(repeating: "0", count: Self.zeros).joined(separator: ",") + #"],"needle":true}"#
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 24, columns: 80))
        _ = state.start()
        state.answer([Item(json: json, text: "huge")], end: EndReason("end"))
        state.press(.right)
        state.type("/needle")
        state.press(.enter)
        #expect(view(state)?.search?.isComplete == false)
        #expect(render(state).rows.last?.text.contains("searching") == true)
        var steps = 0
        while view(state)?.search?.isComplete == false, steps < 200 {
            _ = state.update(.tick)
            steps += 1
        }
        #expect(render(state).rows.contains { $0.spans.contains(Span("needle", .currentMatch)) })
        #expect(render(state).rows.last?.text.contains("match 1/1") == true)
    }

    /// The preview pane, open from the start, lays out the huge item under the cursor as far as
    /// the pane shows it, and keeps it so while messages come and the pane scrolls.
    @Test func thePreviewLaysOutOnlyThePane() throws {
        var state = previewState([Self.huge, #"{"id":2}"#], size: Size(rows: 24, columns: 120), columns: .lines)
        let pane = try #require(state.preview.view)
        #expect(pane.linesLaidOut < 600, "\(pane.linesLaidOut) lines laid out for the pane")
        state.press(.char("J"), .char("J"))
        _ = state.update(.tick)
        #expect(state.preview.view?.top == 2)
        #expect((state.preview.view?.linesLaidOut ?? .max) < 600)
        #expect(render(state).text.contains("lines 3–24/…"))
    }
}
