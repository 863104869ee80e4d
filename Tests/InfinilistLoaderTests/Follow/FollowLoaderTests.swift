import InfinilistCore
@testable import InfinilistLoader
import TestSupport
import Testing

/// Following a live list end to end below the screen: the core, the real loader and
/// `HTTPSource`, and a real server whose first page grows between polls. The clock is the test's.
@Suite struct FollowLoaderTests {
    private static func titles(_ ids: [Int]) -> [String] { ids.map(GrowingFeed.title) }

    @Test func aFirstPageThatGrowsPutsNewItemsAboveAndKeepsTheCursorsItem() async throws {
        let feed = GrowingFeed(count: 30, perPage: 10)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down, .down, .down)
            #expect(harness.cursorTitle == "item 27")
            // Nothing new: the poll is answered 304 and nothing moves.
            try await harness.tick(at: 30)
            #expect(harness.titles.prefix(10) == Self.titles(Array((21...30).reversed()))[...])
            #expect(feed.exchanges.last?.status == 304)
            // Three new items, and an old one moved to the top (its id is known: not new again).
            feed.grow(3)
            feed.bump(25)
            try await harness.tick(at: 60)
            #expect(harness.titles.prefix(5) == ["item 33", "item 32", "item 31", "item 30", "item 29"])
            #expect(harness.titles.filter { $0 == "item 25" }.count == 1)
            #expect(harness.state.store.itemCount == 13)
            #expect(harness.cursorTitle == "item 27")
            #expect(harness.state.following.newAbove == 3)
            // The next poll: the same first page, answered 304, adds nothing.
            try await harness.tick(at: 90)
            #expect(harness.state.store.itemCount == 13)
            #expect(feed.exchanges.last?.status == 304)
        }
    }

    /// A server whose first page deletes items, changes order, and comes back short: nothing
    /// is new, nothing loaded is lost, the cursor stays; then a real new item still goes above.
    @Test func aFirstPageThatDeletesReordersAndShrinksChangesNothingLoaded() async throws {
        let feed = GrowingFeed(count: 30, perPage: 10)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down, .down, .down)
            let before = harness.titles
            feed.delete(29)
            feed.delete(27)
            feed.bump(22)
            try await harness.tick(at: 30)
            #expect(feed.exchanges.last?.status == 200)
            feed.shortenFirstPage(to: 2)
            try await harness.tick(at: 60)
            #expect(feed.exchanges.last?.status == 200)
            #expect(harness.titles == before)
            #expect(harness.cursorTitle == "item 27")
            #expect(harness.state.following.newAbove == 0)
            feed.shortenFirstPage(to: nil)
            feed.grow(1)
            try await harness.tick(at: 90)
            #expect(harness.titles == ["item 31"] + before)
            #expect(harness.cursorTitle == "item 27")
        }
    }

    @Test func aBurstOfNewItemsIsReadPageByPageUntilAKnownOne() async throws {
        let feed = GrowingFeed(count: 20, perPage: 5)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down)
            feed.grow(12)
            let before = feed.exchanges.count
            try await harness.tick(at: 30)
            // Pages 1 and 2 are all new, page 3 has two new items and then known ones.
            #expect(feed.exchanges.dropFirst(before).map(\.page) == [1, 2, 3])
            #expect(harness.titles.prefix(17) == Self.titles(Array(feed.ids.prefix(17)))[...])
            #expect(harness.cursorTitle == "item 19")
        }
    }

    /// GitHub's shape: no page number in the URL, the next page only through `Link`. A burst of
    /// new items bigger than a page is read by following the links of the poll's own round (the
    /// list's own walk knows the old second page, which now holds other items).
    @Test func aGitHubShapedListIsFollowedThroughItsLinks() async throws {
        let feed = GrowingFeed(count: 20, perPage: 5, style: .gitHub)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down, .down)
            #expect(harness.cursorTitle == "item 18")
            try await harness.tick(at: 30)
            #expect(feed.exchanges.last?.status == 304)
            feed.grow(7)
            let before = feed.exchanges.count
            try await harness.tick(at: 60)
            #expect(feed.exchanges.dropFirst(before).map(\.page) == [1, 2])
            #expect(harness.titles.prefix(12) == Self.titles(Array(feed.ids.prefix(12)))[...])
            #expect(harness.cursorTitle == "item 18")
            #expect(harness.state.store.itemCount == 12)
            // The list's own walk goes on by the old page 1's link: page 2 now holds two polled
            // items and three of the old first page; none is shown twice, none is lost.
            for _ in 0..<8 { try await harness.press(.end) }
            #expect(harness.titles == Self.titles(feed.ids))
        }
    }

    @Test func aGapBiggerThanTenPagesLeavesAGapRowThatEnterFillsInPlace() async throws {
        let feed = GrowingFeed(count: 10, perPage: 5)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down)
            feed.grow(63)
            try await harness.tick(at: 30)
            // Ten pages of new items, then the gap row, then the list as it was.
            let fifty = Array(feed.ids.prefix(50))
            #expect(harness.titles.prefix(51) == (Self.titles(fifty) + ["…gap…"])[...])
            #expect(harness.titles[51] == "item 10")
            #expect(harness.cursorTitle == "item 9")
            // Enter on the gap row loads the rest in its place, with the page keys of its round.
            try await harness.press(.home)
            for _ in 0..<50 { try await harness.press(.down) }
            let before = feed.exchanges.count
            try await harness.press(.enter)
            #expect(feed.exchanges.dropFirst(before).map(\.page) == [11, 12, 13])
            #expect(harness.titles == Self.titles(Array(feed.ids.prefix(68))))
            #expect(harness.cursorTitle == GrowingFeed.title(feed.ids[50]))
            #expect(!harness.titles.contains("…gap…"))
        }
    }

    @Test func pollsBetweenChangesCostOnly304s() async throws {
        let feed = GrowingFeed(count: 40, perPage: 20)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down)
            let before = feed.exchanges.count
            // One hour at 30 s (120 polls), the list changing every 10 minutes (two new items).
            for poll in 1...120 {
                if poll % 20 == 0 { feed.grow(2) }
                try await harness.tick(at: Double(30 * poll))
            }
            let polls = Array(feed.exchanges.dropFirst(before))
            let notModified = polls.filter { $0.status == 304 }.count
            let bytes = polls.map(\.bodyBytes).reduce(0, +)
            print("following for an hour at 30 s, 2 new items every 10 min: \(polls.count) requests, \(notModified) answered 304 (no body), \(polls.count - notModified) full answers, \(bytes) body bytes in all (a 20-item first page is \(polls.last { $0.status == 200 }?.bodyBytes ?? 0) bytes)")
            #expect(polls.count == 120)
            #expect(polls.allSatisfy { $0.page == 1 && $0.conditional })
            #expect(notModified == 114)
            #expect(harness.state.store.itemCount == 32)
            #expect(harness.titles.prefix(12) == Self.titles(Array(feed.ids.prefix(12)))[...])
        }
    }

    @Test func newPagesDroppedFromMemoryAreReadAgainFromTheTop() async throws {
        let feed = GrowingFeed(count: 10, perPage: 5)
        try await FollowHarness.with(feed, size: Size(rows: 6, columns: 80), keep: 20) { harness in
            try await harness.start()
            try await harness.press(.down)
            // Six bursts of seven: each poll reads two pages (the first all new).
            for burst in 1...6 {
                feed.grow(7)
                try await harness.tick(at: Double(30 * burst))
            }
            #expect(harness.state.store.itemCount == 47)
            #expect(harness.state.store.loadedItemCount <= 20)
            #expect(!harness.titles.prefix(5).contains("item 52"))
            // Back to the top: the dropped pages come again, read from the top of the list (an
            // earlier poll's first page now holds newer items) and filled by identity.
            try await harness.press(.home)
            // The screen and a screen below it are back (four rows a screen).
            #expect(harness.titles.prefix(9) == Self.titles(Array(feed.ids.prefix(9)))[...])
            // Further down, where each poll's items were pushed by the later ones.
            for _ in 0..<30 { try await harness.press(.down) }
            #expect(harness.state.cursorStoreRow == 30)
            #expect(harness.titles[24..<34] == Self.titles(Array(feed.ids[24..<34]))[...])
        }
    }

    /// A page of the list dropped from memory, once polls put items above the list, is read
    /// again with the pages its items were pushed into: the server's page 1 now starts with the
    /// new items, and the page's own items are on pages 2 and 3. Read alone, its rows said "(no
    /// longer in page 1)".
    @Test func aDroppedPageOfTheListIsReadWithThePagesItsItemsWerePushedInto() async throws {
        let feed = GrowingFeed(count: 60, perPage: 5)
        try await FollowHarness.with(feed, size: Size(rows: 6, columns: 80), keep: 20) { harness in
            try await harness.start()
            for _ in 0..<40 { try await harness.press(.down) }
            #expect(!harness.state.store.isLoaded(page: 0))
            feed.grow(7)
            try await harness.tick(at: 30)
            #expect(harness.state.store.rowsAbove == 7)
            // Seven rows above, five a page: the page's items may be up to two pages further
            // down, and one more page is read for items no poll has seen yet.
            #expect(harness.state.store.pagesShifted(after: 0) == 3)
            let before = feed.exchanges.count
            try await harness.press(.home)
            #expect(harness.titles[0..<12] == Self.titles(Array(feed.ids.prefix(12)))[...])
            // The new items above are read from the top too (page 1 and on); the page itself
            // with the three after it.
            #expect(Set(feed.exchanges.dropFirst(before).map(\.page)).isSuperset(of: [1, 2, 3, 4]))
        }
    }
    /// A page after the page read again that fails (the list's end, a rate limit, a cap on
    /// paging) leaves only the rows pushed onto it missing: the page itself is not failed.
    @Test func aFailingPageAfterItLeavesOnlyItsRowsMissing() async throws {
        let feed = GrowingFeed(count: 60, perPage: 5)
        try await FollowHarness.with(feed, size: Size(rows: 6, columns: 80), keep: 20, configure: { $0.retry.retries = 0 }) { harness in
            try await harness.start()
            for _ in 0..<40 { try await harness.press(.down) }
            feed.grow(7)
            try await harness.tick(at: 30)
            // Page 1 of the walk (rows 7–11) is now on the server's pages 2 and 3.
            feed.fail(pages: [3])
            try await harness.press(.home)
            #expect(harness.state.store.isLoaded(page: 0))
            #expect(harness.titles[0..<10] == Self.titles(Array(feed.ids.prefix(10)))[...])
            #expect(harness.titles[10..<12] == ["?", "?"])
        }
    }
    /// Only pages addressed by position shift as items arrive: pages after a cursor or an item
    /// are read alone, as before, costing no requests that bring nothing back.
    @Test func onlyPagesAddressedByPositionAreReadWithThePagesAfterThem() async throws {
        let cases: [(String, Bool)] = [
            ("/feed?page={page}", true),
            ("/feed?offset={offset}", true),
            ("/feed", true),   // a next link (or none): it may carry a page number
            ("/feed?cursor={cursor}", false),
            ("/feed?since={last.id}", false),
        ]
        for (path, moves) in cases {
            let moved = try await withHTTPSource(url: "http://127.0.0.1:9" + path) { $0.pagesMoveWhenItemsArrive }
            #expect(moved == moves, "\(path)")
        }
    }
}
