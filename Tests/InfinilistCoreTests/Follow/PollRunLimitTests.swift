import Testing
@testable import InfinilistCore

/// A poll run at its page limit: the screen stops there (a gap row stands for the rest), while
/// `--dump --follow` reads one more page to tell whether new items are really left out, so a
/// server with exactly the limit's pages of new items draws no warning.
@Suite struct PollRunLimitTests {
    private static func request(_ index: Int) -> PageRequest {
        PageRequest(id: RequestID(index + 1), page: -1 - index, purpose: .poll(PollAddress(round: 1, index: index)))
    }

    /// Runs pages of new items, then `last`, through a run of `limit` pages.
    private static func run(limit: Int, peeks: Bool, pages: [[Item]], known: Set<ItemIdentity>) -> (found: [NewPage], more: PollAddress?, read: Int) {
        var run = PollRun(purpose: .top, request: request(0), pageLimit: limit, peeksPastLimit: peeks)
        for (index, items) in pages.enumerated() {
            // As the loader hands each page on: its new items only.
            let new = PollRun.newItems(items, isKnown: { known.contains($0) })
            switch run.received(new.positions.map { items[$0] }, reachedKnown: new.reachedKnown, end: false) {
            case .done(let found, let more): return (found, more, index + 1)
            case .next: run.asked(request(index + 1))
            }
        }
        return ([], nil, pages.count)
    }

    /// A page whose items a `--jq` program all dropped is not the end of the new items: the
    /// run reads on (it once stopped there, and new matches on the next page were never found).
    @Test func aPageWithItemsButNoRowsDoesNotEndTheRun() {
        var run = PollRun(purpose: .top, request: Self.request(0), pageLimit: 5, peeksPastLimit: false)
        let step = run.received([], reachedKnown: false, end: false)
        guard case .next = step else {
            Issue.record("the run stopped at a page with items and no rows: \(step)")
            return
        }
        guard case .done = run.received([], reachedKnown: PollRun.newItems([], isKnown: { _ in false }).reachedKnown, end: false) else {
            Issue.record("an empty answer did not end the run")
            return
        }
    }

    @Test func exactlyTheLimitOfNewPagesLeavesNothingOut() {
        let known = Set(old(0..<3).map(\.identity))
        let pages = [new(0..<3), new(3..<6), new(6..<9), old(0..<3)]
        let peeking = Self.run(limit: 3, peeks: true, pages: pages, known: known)
        #expect(peeking.more == nil)
        #expect(peeking.found.flatMap(\.items).count == 9)
        #expect(peeking.read == 4)
        // The screen does not look further: its gap row loads the rest on Enter.
        #expect(Self.run(limit: 3, peeks: false, pages: pages, known: known).more != nil)
    }

    @Test func moreThanTheLimitSaysItemsAreLeftOutAndTakesNoneOfThem() {
        let known = Set(old(0..<3).map(\.identity))
        let run = Self.run(limit: 3, peeks: true, pages: [new(0..<3), new(3..<6), new(6..<9), new(9..<12), old(0..<3)], known: known)
        #expect(run.more != nil)
        #expect(run.found.flatMap(\.items).count == 9)
        #expect(run.read == 4)
    }

    /// The loader's rule (`newItems`): new items before the page's last known one, each once.
    @Test func newItemsAreThoseBeforeTheLastKnownOneEachOnce() {
        let known = Set(old(0..<3).map(\.identity))
        let page = [new(0..<1)[0], old(0..<1)[0], new(1..<2)[0], new(0..<1)[0], old(1..<2)[0], new(2..<3)[0]]
        let kept = PollRun.newItems(page, isKnown: known.contains)
        #expect(kept.positions == [0, 2])
        #expect(kept.reachedKnown)
        let allNew = PollRun.newItems(new(0..<3), isKnown: known.contains)
        #expect(allNew.positions == [0, 1, 2])
        #expect(!allNew.reachedKnown)
    }

    @Test func theNewItemsChangedIsSaidInThePlural() {
        #expect(Notice.pageChanged(-1).text == "the new items have changed since they were first loaded")
        #expect(Notice.pageChanged(2).text == "page 3 has changed since it was first loaded")
    }
}
