import Testing
@testable import InfinilistCore

@Suite struct SearchTests {
    @Test func enterJumpsToTheNextLoadedMatchBelowTheCursor() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        state.press(.char("/"))
        state.type("item 1")
        #expect(state.mode == .prompt(Prompt(kind: .search, text: "item 1")))
        let effects = state.press(.enter)
        #expect(state.mode == .list)
        #expect(state.viewport.cursor == 1)
        #expect(loads(effects).isEmpty)
        // n goes on to the next one: item 10 (a substring match), not item 1 again.
        state.press(.char("n"))
        #expect(state.viewport.cursor == 10)
        state.press(.char("n"))
        #expect(state.viewport.cursor == 11)
    }

    @Test func matchingIgnoresCaseAndIsASubstringOfTheRowText() {
        var state = stateWith(["Alpha", "beta", "GAMMA ray", "delta"])
        state.press(.char("/"))
        state.type("mMa R")
        state.press(.enter)
        #expect(state.viewport.cursor == 2)
    }

    /// The heart of searching an endless list: nothing below matches, so pages are requested one
    /// at a time, beyond the prefetch distance, until the match arrives.
    @Test func keepsLoadingPagesOneAtATimeUntilAMatchArrives() {
        var state = loadedState(pages: 1, prefetch: 0)
        #expect(state.inFlight == nil)
        state.press(.char("/"))
        state.type("item 35")
        let first = loads(state.press(.enter))
        #expect(first.map(\.page) == [1])
        #expect(state.finding.search?.pending != nil)
        #expect(state.viewport.cursor == 0)
        #expect(loads(state.answer(items(10..<20)) ?? []).map(\.page) == [2])
        #expect(loads(state.answer(items(20..<30)) ?? []).map(\.page) == [3])
        let last = state.answer(items(30..<40)) ?? []
        #expect(loads(last).isEmpty, "found: no more pages needed (39 - 35 > prefetch 0)")
        #expect(state.viewport.cursor == 35)
        #expect(state.finding.search?.pending == nil)
        // Where the match is among those loaded (the list goes on): less's and fzf's "k of N".
        #expect(state.notice?.text == "match 1 of 1 loaded")
    }

    @Test func aPageAlreadyInFlightIsAwaitedNotRequestedAgain() {
        var state = loadedState(pages: 1, prefetch: 100)
        guard let inFlight = state.inFlight else { Issue.record("expected a prefetch"); return }
        state.press(.char("/"))
        state.type("item 12")
        #expect(loads(state.press(.enter)).isEmpty)
        #expect(state.inFlight == inFlight)
        state.answer(items(10..<20))
        #expect(state.viewport.cursor == 12)
    }

    @Test func theEndOfTheSourceWrapsToTheFirstMatchAbove() {
        var state = loadedState(pages: 1, prefetch: 0)
        state.press(.char("G"))
        state.press(.char("/"))
        state.type("item 2")
        state.press(.enter)
        guard state.inFlight != nil else { Issue.record("expected a search request"); return }
        // The source ends without a match below: wrap.
        state.answer(items(10..<15), end: EndReason("no more"))
        #expect(state.viewport.cursor == 2)
        // The list ended with every row in memory: the count is the whole list's.
        #expect(state.notice?.text == "search wrapped · match 1 of 1")
        #expect(state.finding.search?.pending == nil)
    }

    @Test func notFoundWhenTheEndedSourceHasNoMatch() {
        var state = stateWith(["a", "b", "c"])
        state.press(.char("j"))
        state.press(.char("/"))
        state.type("zzz")
        let effects = state.press(.enter)
        #expect(effects.isEmpty)
        #expect(state.viewport.cursor == 1)
        #expect(state.notice?.text == "not found: zzz")
        // The next key clears the notice.
        state.press(.char("k"))
        #expect(state.notice == nil)
    }

    @Test func escStopsTheSearchButThePageInFlightStillLands() {
        var state = loadedState(pages: 1, prefetch: 0)
        state.press(.char("/"))
        state.type("nowhere")
        state.press(.enter)
        guard let request = state.inFlight else { Issue.record("expected a request"); return }
        let effects = state.press(.escape)
        #expect(effects.isEmpty, "Esc stops the search; it neither quits nor cancels the page")
        #expect(state.finding.search?.pending == nil)
        #expect(state.notice?.text == "search stopped")
        #expect(state.inFlight == request)
        let after = state.answer(items(10..<20)) ?? []
        #expect(state.store.itemCount == 20)
        #expect(loads(after).isEmpty, "no more pages: the cursor is far from the end")
        // With no search running and no filter, Esc quits as before.
        #expect(state.press(.escape) == [.quit(code: 0, output: [])])
    }

    @Test func aFailedPageStopsTheSearchAndShowsTheError() {
        var state = loadedState(pages: 1, prefetch: 0)
        state.press(.char("/"))
        state.type("nowhere")
        state.press(.enter)
        guard let request = state.inFlight else { Issue.record("expected a request"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 500")))
        #expect(state.finding.search?.pending == nil)
        #expect(state.loading.tail == .failed(page: 1, message: "HTTP 500"))
        #expect(state.notice?.text == "search stopped: page 2 failed")
        // Retrying loads the page, but the search does not resume by itself.
        let retry = loads(state.press(.char("r")))
        #expect(retry.map(\.page) == [1])
        #expect(loads(state.answer(items(10..<20)) ?? []).isEmpty)
    }

    @Test func aSearchStartedAfterAFailureSaysSo() {
        var state = loadedState(pages: 1, prefetch: 100)
        guard let request = state.inFlight else { Issue.record("expected a request"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 500")))
        state.press(.char("/"))
        state.type("nowhere")
        #expect(loads(state.press(.enter)).isEmpty)
        #expect(state.notice?.text == "not found in the loaded rows (a page failed: r retries)")
    }

    @Test func aStaleAnswerDuringASearchIsIgnored() {
        var state = loadedState(pages: 1, prefetch: 0)
        state.press(.char("/"))
        state.type("item 15")
        state.press(.enter)
        guard let request = state.inFlight else { Issue.record("expected a request"); return }
        let stale = PageRequest(id: RequestID(request.id.value + 100), page: request.page)
        _ = state.update(.pageLoaded(PageResult(request: stale, items: items(10..<20))))
        #expect(state.store.itemCount == 10)
        #expect(state.finding.search?.pending != nil)
    }

    @Test func capitalNSearchesBackwardAmongLoadedRowsAndWraps() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        state.press(.char("/"))
        state.type("item 1")
        state.press(.enter)
        state.press(.char("n"), .char("n"))
        #expect(state.viewport.cursor == 11)
        state.press(.char("N"))
        #expect(state.viewport.cursor == 10)
        state.press(.char("N"))
        #expect(state.viewport.cursor == 1)
        // Nothing above: wrap to the last loaded match. No search runs on (the request that goes
        // out is the ordinary prefetch at the last row).
        state.press(.char("N"))
        #expect(state.viewport.cursor == 19)
        // "item 1" and "item 10" … "item 19": the last of 11, and the list goes on.
        #expect(state.notice?.text == "search wrapped · match 11 of 11 loaded")
        #expect(state.finding.search?.pending == nil)
    }

    @Test func nWithoutAPreviousSearchRings() {
        var state = loadedState(pages: 1)
        #expect(state.press(.char("n")) == [.bell])
        #expect(state.notice?.text == "no previous search")
    }

    @Test func anEmptySearchRepeatsTheLastOne() {
        var state = loadedState(pages: 2, prefetch: 0)
        state.press(.home)
        state.press(.char("/"))
        state.type("item 1")
        state.press(.enter)
        state.press(.char("/"), .enter)
        #expect(state.viewport.cursor == 10)
        // And with no previous search, an empty one does nothing.
        var fresh = loadedState(pages: 1)
        #expect(fresh.press(.char("/"), .enter).isEmpty)
        #expect(fresh.finding.search == nil)
    }

    @Test func aSearchFindsOnlyRowsTheFilterShows() {
        var state = stateWith(["red 0", "blue 1", "red 2", "blue 3", "red 4"])
        state.press(.char("&"))
        state.type("red")
        state.press(.enter)
        state.press(.char("/"))
        state.type("4")
        state.press(.enter)
        #expect(state.viewport.cursor == 2)
        #expect(state.cursorStoreRow == 4)
    }
}
