import Testing
@testable import InfinilistCore

/// Following a live list in the core alone: the time comes with each message, the loader's
/// answers are made up. Polls, new items above the first row, the cursor and the screen
/// staying still, the "↑ N new" count, F, and servers that reorder, delete or shrink.
@Suite struct FollowTests {
    @Test func aPollIsDueOnlyWhenTheIntervalHasPassed() throws {
        var state = followed(old(0..<20))
        #expect(state.wakeTime == 10)
        let early = state.tick(at: 5)
        #expect(early == nil)
        let due = state.tick(at: 10)
        let poll = try #require(due)
        #expect(poll.kind == .poll)
        #expect(poll.poll == PollAddress(round: 1, index: 0))
        #expect(poll.page < 0)
        // One poll at a time: no wake-up while it is on its way.
        #expect(state.wakeTime == nil)
        let during = state.tick(at: 25)
        #expect(during == nil)
        state.answerPoll(old(0..<10), at: 26)
        #expect(state.wakeTime == 36)
    }

    @Test func newItemsGoAboveTheCursorStaysOnItsItemAndTheScreenStill() {
        var state = followed(old(0..<20))
        state.press(.down, .down, .down)
        #expect(state.cursorID == "o3")
        let rowOnScreen = state.viewport.cursor - state.viewport.top
        state.poll(new(0..<2) + old(0..<8), at: 10)
        #expect(state.visibleTexts.prefix(3) == ["new 0", "new 1", "old 0"])
        #expect(state.cursorID == "o3")
        #expect(state.viewport.cursor - state.viewport.top == rowOnScreen)
        #expect(state.viewport.top == 2)
        #expect(state.following.newAbove == 2)
        #expect(state.statusText.contains("↑ 2 new"))
        // Home shows them and clears the count.
        state.press(.home)
        #expect(state.viewport.top == 0)
        #expect(state.cursorID == "n0")
        #expect(!state.statusText.contains("new"))
    }

    @Test func scrollingUpToTheNewRowsCountsDownWhatIsLeftAbove() {
        var state = followed(old(0..<20))
        state.press(.down)
        state.poll(new(0..<4) + old(0..<6), at: 10)
        #expect(state.following.newAbove == 4)
        state.press(.up, .up)   // the cursor reaches the top of the screen, then scrolls it by one
        #expect(state.following.newAbove == state.viewport.top)
        #expect(state.following.newAbove == 3)
    }

    @Test func untouchedOnTheFirstRowNewItemsSimplyAppear() {
        var state = followed(old(0..<20))
        state.poll(new(0..<3) + old(0..<7), at: 10)
        #expect(state.viewport.cursor == 0)
        #expect(state.viewport.top == 0)
        #expect(state.visibleTexts.prefix(4) == ["new 0", "new 1", "new 2", "old 0"])
        #expect(state.following.newAbove == 0)
        #expect(!state.statusText.contains("↑"))
    }

    @Test func aKnownItemIsNeverInsertedTwice() {
        var state = followed(old(0..<20))
        state.press(.down)
        // Twice the same new item on one page, and an old one.
        state.poll(new(0..<1) + new(0..<1) + old(0..<5), at: 10)
        #expect(state.visibleTexts.prefix(2) == ["new 0", "old 0"])
        // The next poll has it again, with one more.
        state.poll(new(1..<2) + new(0..<1) + old(0..<5), at: 20)
        #expect(state.visibleTexts.prefix(3) == ["new 1", "new 0", "old 0"])
        #expect(state.store.itemCount == 22)
        #expect(state.cursorID == "o1")
    }

    @Test(arguments: [
        ("reordered", [4, 0, 2, 1, 3]),
        ("deleted and reordered", [5, 3, 0]),
        ("fewer", [0, 1]),
        ("empty", []),
    ] as [(String, [Int])])
    func aFirstPageThatChangedWithoutNewItemsChangesNothing(what: String, order: [Int]) {
        var state = followed(old(0..<20))
        state.press(.down, .down)
        let before = state.visibleTexts
        let list = old(0..<20)
        state.poll(order.map { list[$0] }, at: 10)
        #expect(state.visibleTexts == before, "\(what)")
        #expect(state.cursorID == "o2")
        #expect(state.following.newAbove == 0)
        #expect(state.loading.poll == nil)
    }

    @Test func newItemsAmongReorderedOnesStillGoAbove() {
        var state = followed(old(0..<20))
        state.press(.down)
        let list = old(0..<20)
        state.poll([list[3], new(0..<1)[0], list[0], new(1..<2)[0], list[1]], at: 10)
        #expect(state.visibleTexts.prefix(3) == ["new 0", "new 1", "old 0"])
        #expect(state.cursorID == "o1")
    }

    /// Two items deleted at the top of a list read one page so far: the first page ends with two
    /// older items from the second page. They come after every known item, so they are not new.
    @Test func olderItemsPulledUpByADeletionAreNotNew() {
        var state = followed(old(0..<5), end: nil)
        state.press(.down)
        let server = old(0..<8)
        state.poll([server[0], server[2], server[4], server[5], server[6]], at: 10)
        #expect(state.visibleTexts == ["old 0", "old 1", "old 2", "old 3", "old 4"])
        #expect(state.following.newAbove == 0)
        #expect(state.cursorID == "o1")
    }

    @Test func withoutIDsTheItemsJSONIdentifiesThem() {
        let plain = (0..<5).map { Item(json: #"{"t":\#($0)}"#, text: "t \($0)") }
        var state = followed(plain)
        state.press(.down)
        state.poll([Item(json: #"{"t":99}"#, text: "t 99")] + plain, at: 10)
        #expect(state.visibleTexts == ["t 99", "t 0", "t 1", "t 2", "t 3", "t 4"])
        #expect(state.selectedItem?.text == "t 1")
    }

    @Test func aPageOfOnlyNewItemsAsksForTheNextOneInTheSameRound() throws {
        var state = followed(old(0..<20))
        state.press(.down)
        _ = state.tick(at: 10)
        let first = try #require(state.pollInFlight)
        let answered = state.answerPoll(new(0..<5), at: 10)
        let effects = try #require(answered)
        let next = try #require(loads(effects).first)
        #expect(next.kind == .poll)
        #expect(next.poll == PollAddress(round: 1, index: 1))
        #expect(next.page != first.page)
        // Nothing goes in until the round has met a known item.
        #expect(state.store.itemCount == 20)
        state.answerPoll(new(5..<7) + old(0..<3), at: 11)
        #expect(Array(state.visibleTexts.prefix(8)) == (0..<7).map { "new \($0)" } + ["old 0"])
        #expect(state.cursorID == "o1")
        #expect(state.following.newAbove == 7)
    }

    @Test func FTurnsFollowingOnAtOnceAndOff() throws {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 0), size: Size(rows: 6, columns: 60))
        _ = state.start()
        _ = state.update(.pageLoaded(PageResult(request: try #require(state.inFlight), items: old(0..<5), end: EndReason("end"))), at: 0)
        #expect(state.wakeTime == nil)
        #expect(!state.statusText.contains("follow"))
        let effects = state.update(.key(.char("F")), at: 3)
        let poll = try #require(loads(effects).first)
        #expect(poll.kind == .poll)
        #expect(state.statusText.contains("follow 30s"))
        #expect(state.notice == .followingOn(every: 30))
        // Off while the poll is on its way: its page still goes in when it comes (the loader
        // counts its new items as the list's, decision 162), and nothing more is polled.
        let off = state.update(.key(.char("F")), at: 4)
        #expect(off.isEmpty)
        #expect(state.wakeTime == nil)
        #expect(!state.statusText.contains("follow 30s"))
        let answered = state.answerPoll(new(0..<2) + old(0..<1), at: 5)
        #expect(answered == [])
        #expect(state.visibleTexts.prefix(3) == ["new 0", "new 1", "old 0"])
        #expect(state.loading.poll == nil)
        let later = state.tick(at: 100)
        #expect(later == nil)
    }

    @Test func aFailedPollIsSaidAndTheNextComesAtItsTime() throws {
        var state = followed(old(0..<20))
        let started = state.tick(at: 10)
        let poll = try #require(started)
        _ = state.update(.pageFailed(PageFailure(request: poll, message: "HTTP 503")), at: 11)
        #expect(state.notice == .followFailed("HTTP 503"))
        #expect(state.store.itemCount == 20)
        #expect(state.wakeTime == 21)
    }

    @Test func aRefreshCancelsThePollOnItsWay() throws {
        var state = followed(old(0..<20))
        let started = state.tick(at: 10)
        let poll = try #require(started)
        let effects = state.update(.key(.char("R")), at: 11)
        #expect(effects.contains(.cancel(poll.id)))
        #expect(state.loading.poll == nil)
        // The late answer is dropped by its id.
        _ = state.update(.pageLoaded(PageResult(request: poll, items: new(0..<3))), at: 12)
        #expect(state.store.itemCount == 0)
    }

    @Test func marksByRowAndTheFilterMoveWithTheirItems() {
        let plain = (0..<12).map { Item(json: #"{"t":\#($0)}"#, text: $0 % 2 == 0 ? "even \($0)" : "odd \($0)") }
        var state = followed(plain, size: Size(rows: 8, columns: 40))
        state.press(.down, .tab)          // marks "odd 1" by its row (no id)
        state.press(.char("&"))
        state.type("even")
        state.press(.enter)               // the cursor stays on "even 2"
        #expect(state.selectedItem?.text == "even 2")
        let news = [Item(json: #"{"t":100}"#, text: "even 100"), Item(json: #"{"t":101}"#, text: "odd 101")]
        state.poll(news + plain, at: 10)
        #expect(state.selectedItem?.text == "even 2")
        #expect(state.visibleTexts.prefix(2) == ["even 100", "even 0"])
        #expect(state.following.newAbove == 1)
        let markedRow = 3   // "odd 1", two rows down
        #expect(state.store.item(at: markedRow)?.text == "odd 1")
        #expect(state.marks.isMarked(state.store.item(at: markedRow), row: markedRow))
        #expect(!state.marks.isMarked(state.store.item(at: 1), row: 1))
    }

    @Test func theDetailViewsRowMovesWithItsItem() {
        var state = followed(old(0..<10))
        state.press(.down, .right)
        state.poll(new(0..<3) + old(0..<5), at: 10)
        guard case .detail(let view) = state.mode else { Issue.record("not in the detail view"); return }
        #expect(view.row == 4)
        #expect(render(state).rows.last?.text.contains("row 5") == true)
    }
}
