import Testing
@testable import InfinilistCore

/// A burst of new items bigger than a poll reads (a gap row, loaded in place by Enter), a poll
/// that fails half way, and the page window over pages put above the list: they are dropped and
/// fetched again by their own address, and the list's own pages keep theirs.
@Suite struct GapAndWindowTests {
    /// Polls at `time` and answers `pages` pages of 3 new items each, numbered from `first`, the
    /// last page ending with `tail` (known items, or none).
    private func pollBurst(_ state: inout AppState, pages: Int, from first: Int = 0, tail: [Item] = [], at time: Double) {
        _ = state.tick(at: time)
        for page in 0..<pages {
            let items = new((first + 3 * page)..<(first + 3 * page + 3))
            state.answerPoll(page == pages - 1 ? items + tail : items, at: time)
        }
    }

    @Test func moreThanTenPagesOfNewItemsLeaveAGapRowThatEnterLoadsInPlace() throws {
        var state = followed(old(0..<20), size: Size(rows: 8, columns: 60))
        state.press(.down)
        pollBurst(&state, pages: 10, at: 10)
        #expect(state.loading.poll == nil)
        // 30 new rows, the gap row, then the list.
        #expect(state.store.itemCount == 51)
        #expect(state.store.gapPage(at: 30) != nil)
        #expect(state.cursorID == "o1")
        #expect(state.following.newAbove == 31)
        // To the gap row: Home, then down 30 rows.
        state.press(.home)
        for _ in 0..<30 { state.press(.down) }
        #expect(render(state).rows.contains { $0.text.contains("… more new items — Enter loads them") })
        let effects = state.update(.key(.enter), at: 15)
        let load = try #require(loads(effects).first)
        #expect(load.kind == .poll)
        #expect(load.poll == PollAddress(round: 1, index: 10))
        #expect(!effects.contains { if case .quit = $0 { true } else { false } })
        #expect(render(state).rows.contains { $0.text.contains("loading more new items…") })
        state.answerPoll(new(30..<32) + old(0..<3), at: 16)
        #expect(state.store.itemCount == 52)
        #expect(state.store.gapPage(at: 30) == nil)
        #expect(state.visibleTexts[29...32] == ["new 29", "new 30", "new 31", "old 0"])
        // The cursor is where the gap row was: on the first row loaded in its place.
        #expect(state.cursorID == "n30")
    }

    /// `F` off while a run reads a burst page by page: the page on its way is not cancelled, and
    /// the run ends with it, what it found above a gap row. The loader counts each page's new
    /// items as the list's once read (decision 162), so left out they would never be new again.
    @Test func followingTurnedOffMidRunKeepsWhatItFoundAboveAGapRow() throws {
        var state = followed(old(0..<20), size: Size(rows: 8, columns: 60))
        state.press(.down)
        _ = state.tick(at: 10)
        state.answerPoll(new(0..<3), at: 10)
        let second = try #require(state.pollInFlight)
        let off = state.update(.key(.char("F")), at: 11)
        #expect(off.isEmpty)
        #expect(state.pollInFlight == second)
        let answered = state.answerPoll(new(3..<6), at: 11)
        #expect(answered == [])
        #expect(state.loading.poll == nil)
        #expect(state.visibleTexts.prefix(6) == ["new 0", "new 1", "new 2", "new 3", "new 4", "new 5"])
        #expect(state.store.gapPage(at: 6) != nil)
        #expect(state.store.item(at: 7)?.text == "old 0")
        #expect(state.cursorID == "o1")
        // Enter on the gap row reads on from the page after the last one read.
        state.press(.home)
        for _ in 0..<6 { state.press(.down) }
        let load = try #require(loads(state.update(.key(.enter), at: 12)).first)
        #expect(load.poll == PollAddress(round: 1, index: 2))
    }

    /// `F` on again before the page comes: the run goes on as if nothing happened.
    @Test func followingTurnedBackOnLetsTheRunGoOn() throws {
        var state = followed(old(0..<20), size: Size(rows: 8, columns: 60))
        _ = state.tick(at: 10)
        state.answerPoll(new(0..<3), at: 10)
        _ = state.update(.key(.char("F")), at: 11)
        _ = state.update(.key(.char("F")), at: 11)
        let answered = state.answerPoll(new(3..<6), at: 11)
        let effects = try #require(answered)
        #expect(loads(effects).first?.poll == PollAddress(round: 1, index: 2))
    }

    @Test func aGapThatIsStillTooBigLeavesANewGapBelowWhatItLoaded() throws {
        var state = followed(old(0..<20), size: Size(rows: 8, columns: 60))
        state.press(.down)
        pollBurst(&state, pages: 10, at: 10)
        let gapRow = 30
        #expect(state.store.gapPage(at: gapRow) != nil)
        // Enter with the cursor elsewhere does nothing to the gap; on it, it loads ten pages.
        state.press(.home)
        for _ in 0..<gapRow { state.press(.down) }
        _ = state.update(.key(.enter), at: 12)
        for page in 0..<10 { state.answerPoll(new((30 + 3 * page)..<(33 + 3 * page)), at: 12) }
        #expect(state.store.itemCount == 81)
        #expect(state.store.gapPage(at: 60) != nil)
        #expect(state.store.item(at: 30)?.text == "new 30")
        #expect(state.store.item(at: 61)?.text == "old 0")
    }

    @Test func aPollThatFailsHalfWayKeepsWhatItFoundAboveAGapRow() throws {
        var state = followed(old(0..<20))
        state.press(.down)
        _ = state.tick(at: 10)
        state.answerPoll(new(0..<3), at: 10)
        let second = try #require(state.pollInFlight)
        _ = state.update(.pageFailed(PageFailure(request: second, message: "timed out")), at: 11)
        #expect(state.visibleTexts.prefix(4) == ["new 0", "new 1", "new 2", "?"])
        #expect(state.store.gapPage(at: 3) != nil)
        #expect(state.notice == .followFailed("timed out"))
        #expect(state.cursorID == "o1")
    }

    @Test func thePagesAboveAreDroppedAndReadAgainFromTheTopByIdentity() throws {
        // A window of 24 items, pages of 4, a screen of 5 rows.
        var state = followed(old(0..<4), size: Size(rows: 6, columns: 40), keep: 24, end: nil)
        state.press(.down)
        // Eight polls of four new items each: 32 rows above the list's 4.
        for round in 0..<8 {
            let fresh = new((4 * round)..<(4 * round + 4))
            state.poll(fresh + old(0..<2), at: Double(10 * (round + 1)))
        }
        #expect(state.store.itemCount == 36)
        #expect(state.store.loadedItemCount <= 24)
        // The newest page, farthest from the cursor, was dropped.
        let top = try #require(state.store.page(containing: 0))
        #expect(top < 0)
        #expect(!state.store.isLoaded(page: top))
        // Home brings it near: it is read again from the top of the list, as far as its rows.
        let effects = state.update(.key(.home), at: 100)
        let refetch = try #require(loads(effects).first { $0.page == top })
        #expect(refetch.kind == .refetch)
        #expect(refetch.reach == 4)
        #expect(refetch.poll == nil)
        // The server's first page has moved on since: two newer items, then ours in another order.
        let ours = new(28..<32)
        let answer = new(90..<92) + [ours[2], ours[0], ours[3], ours[1]]
        _ = state.update(.pageLoaded(PageResult(request: refetch, items: answer)), at: 101)
        #expect(state.visibleTexts.prefix(4) == ["new 28", "new 29", "new 30", "new 31"])
        #expect(state.notice == nil)
    }

    @Test func aPageOfNewItemsThatLostAnItemShowsItGone() throws {
        var state = followed(old(0..<4), size: Size(rows: 6, columns: 40), keep: 24, end: nil)
        state.press(.down)
        for round in 0..<8 {
            state.poll(new((4 * round)..<(4 * round + 4)) + old(0..<2), at: Double(10 * (round + 1)))
        }
        let top = try #require(state.store.page(containing: 0))
        let home = state.update(.key(.home), at: 100)
        let refetch = try #require(loads(home).first { $0.page == top })
        _ = state.update(.pageLoaded(PageResult(request: refetch, items: new(28..<30) + new(31..<32))), at: 101)
        #expect(state.store.item(at: 2) == nil)
        #expect(state.store.item(at: 3)?.text == "new 31")
        #expect(render(state).rows.contains { $0.text.contains("(no longer in the new items)") })
    }

    @Test func theListsOwnPagesKeepTheirNumbersWhenRowsGoAbove() throws {
        // Pages of 4; load 8 pages, then put 12 new rows above, then drop and re-fetch page 0.
        var config = AppConfig(sourceName: "t", prefetch: 0, keep: 16)
        config.follow = 10
        var state = AppState(config: config, size: Size(rows: 6, columns: 40))
        var effects = state.start()
        for page in 0..<8 {
            let request = try #require(loads(effects).first)
            #expect(request.page == page)
            effects = state.update(.pageLoaded(PageResult(request: request, items: old((4 * page)..<(4 * page + 4)))), at: 0)
            if loads(effects).isEmpty { effects = state.update(.key(.end), at: 0) }
        }
        state.poll(new(0..<4) + old(0..<2), at: 10)
        #expect(state.store.pageCount >= 8)
        // The next page of the list is still asked for by its own number.
        state.press(.end)
        let next = try #require(state.inFlight)
        #expect(next.page == state.store.pageCount)
        #expect(next.kind == .next)
        // Page 0 of the list was dropped; going up brings it back, asked for as page 0.
        #expect(!state.store.isLoaded(page: 0))
        let back = state.update(.key(.home), at: 20)
        let refetch = try #require(loads(back).first { $0.page == 0 })
        #expect(refetch.kind == .refetch)
        #expect(refetch.poll == nil)
        #expect(refetch.reach == nil)
        _ = state.update(.pageLoaded(PageResult(request: refetch, items: old(0..<4))), at: 21)
        #expect(state.store.rows(ofPage: 0) == 4..<8)
        #expect(state.store.item(at: 4)?.text == "old 0")
    }

    /// After a poll put items above, the server's pages shifted: a dropped page of the list,
    /// fetched again, holds some of its own items and some of the page before. Each row gets its
    /// own item back, none shows another row's, and nothing is there twice.
    @Test func aShiftedPageOfTheListIsFilledByIdentityOncePollsPutItemsAbove() throws {
        var config = AppConfig(sourceName: "t", prefetch: 0, keep: 16)
        config.follow = 10
        var state = AppState(config: config, size: Size(rows: 6, columns: 40))
        var effects = state.start()
        for page in 0..<8 {
            let request = try #require(loads(effects).first)
            effects = state.update(.pageLoaded(PageResult(request: request, items: old((4 * page)..<(4 * page + 4)))), at: 0)
            if loads(effects).isEmpty { effects = state.update(.key(.end), at: 0) }
        }
        state.poll(new(0..<2) + old(0..<2), at: 10)
        #expect(!state.store.isLoaded(page: 1))
        var refetch: PageRequest?
        for _ in 0..<40 where refetch == nil {
            refetch = loads(state.update(.key(.up), at: 20)).first { $0.page == 1 }
        }
        let request = try #require(refetch)
        // Page 1 now starts two items earlier (old 2 and old 3 belong to page 0), and old 4 was
        // deleted meanwhile.
        let shifted = old(2..<4) + old(5..<7)
        _ = state.update(.pageLoaded(PageResult(request: request, items: shifted)), at: 21)
        let rows = state.store.rows(ofPage: 1)
        #expect(rows.map { state.store.item(at: $0)?.text } == [nil, "old 5", "old 6", nil])
    }
}
