import Testing
@testable import InfinilistCore

/// Issue 5: search and the filter work across pages the memory window dropped. Pages hold 10
/// items "item N" (N the row), the list shows 5 rows and `--keep 30` keeps only three pages, so
/// after 30 pages nearly every page above the view has been dropped.
@Suite struct DroppedPageSearchFilterTests {
    /// Loads `pages` pages by pressing End, then answers whatever is still on its way, so the
    /// state is quiet: nothing loading, nothing being re-fetched.
    private func droppedState(pages: Int = 30) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 2, keep: 30), size: Size(rows: 6, columns: 40))
        var pending = loads(state.start())
        while state.store.pageCount < pages, let request = pending.first(where: { $0.page == state.store.pageCount }) {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: page(request.page)))))
            if state.store.pageCount < pages, pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        if case .loading(let request, _) = state.loading.tail {
            // Page `pages` was asked for by the prefetch: the source ends there.
            _ = state.update(.pageLoaded(PageResult(request: request, items: [], end: EndReason("end"))))
        }
        return state
    }

    private func page(_ n: Int) -> [Item] { items(n * 10..<(n + 1) * 10) }

    /// Answers every load in `effects` and the ones those answers cause, until none is left or
    /// `limit` answers were given. Returns the tail pages requested on the way (`page >= known`).
    @discardableResult
    private func answerAll(_ effects: [Effect], _ state: inout AppState, limit: Int = 200,
                           check: (AppState) -> Void = { _ in }) -> [Int] {
        var pending = loads(effects)
        var tailPages: [Int] = []
        var answered = 0
        while !pending.isEmpty, answered < limit {
            let request = pending.removeFirst()
            if request.page >= state.store.pageCount { tailPages.append(request.page) }
            pending += loads(state.update(.pageLoaded(PageResult(request: request, items: page(request.page)))))
            answered += 1
            check(state)
        }
        return tailPages
    }

    @Test func setupDropsTheEarlyPages() {
        let state = droppedState()
        #expect(state.store.pageCount == 30)
        #expect(!state.store.isLoaded(page: 5))
        #expect(state.refetching.isEmpty)
    }

    /// Bug 1: from the top, a match in a dropped page was skipped and the tail loaded forever.
    @Test func aForwardSearchRequestsTheDroppedPageAndWaitsForIt() {
        var state = droppedState()
        answerAll(state.press(.home), &state)
        #expect(state.viewport.cursor == 0)
        state.press(.char("/"))
        state.type("item 123")
        let effects = state.press(.enter)
        let requested = loads(effects)
        // The first dropped page below the view is asked for again, not the tail.
        #expect(state.inFlight == nil)
        #expect(requested.allSatisfy { $0.page < state.store.pageCount })
        #expect(state.finding.search?.pending != nil)
        #expect(state.notice?.text.hasPrefix("searching page") == true)
        var waits: [Int] = []
        let tail = answerAll(effects, &state) { state in
            if let page = state.finding.search?.pending?.waitingPage {
                waits.append(page)
                #expect(state.refetching[page] != nil)
            }
        }
        #expect(tail.isEmpty)
        #expect(state.finding.search?.pending == nil)
        #expect(state.cursorStoreRow == 123)
        #expect(state.selectedItem?.text == "item 123")
        #expect(waits == waits.sorted())
        #expect(waits.last == 12)
        #expect(state.inFlight == nil)
        #expect(state.store.loadedItemCount <= state.memoryBudget + state.neighbourhoodRange.count + 20)
    }

    @Test func theStatusSaysWhichPageTheSearchWaitsFor() {
        var state = droppedState()
        answerAll(state.press(.home), &state)
        state.press(.char("/"))
        state.type("item 123")
        state.press(.enter)
        guard let page = state.finding.search?.pending?.waitingPage else { Issue.record("not waiting"); return }
        #expect(state.notice?.text == "searching page \(page + 1)… (Esc stops)")
        #expect(render(state).text.contains("searching page \(page + 1)…"))
        state.press(.escape)
        #expect(state.finding.search?.pending == nil)
    }

    /// `N` likewise for the dropped pages above the cursor.
    @Test func aBackwardSearchRequestsTheDroppedPagesAbove() {
        var state = droppedState()
        state.press(.char("/"))
        state.type("item 29")
        state.press(.enter)
        #expect(state.cursorStoreRow == 290)
        // Search back to item 29 (page 2): every page in between was dropped, and none of their
        // rows matches, so each is fetched again in turn, from the cursor upward.
        let effects = state.press(.char("N"))
        #expect(state.finding.search?.pending?.waitingPage != nil)
        var waits: [Int] = []
        let tail = answerAll(effects, &state) { state in
            if let page = state.finding.search?.pending?.waitingPage { waits.append(page) }
        }
        #expect(tail.isEmpty)
        #expect(waits == waits.sorted(by: >))
        #expect(state.cursorStoreRow == 29)
        #expect(state.finding.search?.pending == nil)
    }

    /// A re-fetch the search waits for fails: the search stops and says so, rather than waiting
    /// forever or skipping the page.
    @Test func aFailedRefetchStopsTheSearch() {
        var state = droppedState()
        answerAll(state.press(.home), &state)
        state.press(.char("/"))
        state.type("item 123")
        let requests = loads(state.press(.enter))
        guard let page = state.finding.search?.pending?.waitingPage,
              let request = requests.first(where: { $0.page == page }) else { Issue.record("not waiting"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 502")))
        #expect(state.finding.search?.pending == nil)
        #expect(state.notice?.text == "search stopped: page \(page + 1) failed (r retries)")
        #expect(state.inFlight == nil)
    }

    /// Keys, searches, filters and answers in any order: a row never shows another row's item,
    /// the filter's rows stay ascending and unique, and the cursor stays in range.
    @Test(arguments: [3, 17, 99] as [UInt64])
    func searchAndFilterOverDroppedPagesStayConsistent(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var state = droppedState()
        var pending: [PageRequest] = []
        for _ in 0..<1_500 {
            if !pending.isEmpty, Int.random(in: 0..<2, using: &rng) == 0 {
                let request = pending.remove(at: Int.random(in: 0..<pending.count, using: &rng))
                let message: Message = Int.random(in: 0..<12, using: &rng) == 0
                    ? .pageFailed(PageFailure(request: request, message: "boom"))
                    : .pageLoaded(PageResult(request: request, items: page(request.page),
                                             end: request.page >= 40 ? EndReason("end") : nil))
                pending += loads(state.update(message))
            } else {
                let choice = Int.random(in: 0..<14, using: &rng)
                var effects: [Effect]
                switch choice {
                case 0: effects = state.press(.char("/")) + state.type("item \(Int.random(in: 0..<400, using: &rng))") + state.press(.enter)
                case 1: effects = state.press(.char("&")) + state.type("item \(Int.random(in: 0..<30, using: &rng))") + state.press(.enter)
                case 2: effects = state.press(.char("&"), .enter)
                default:
                    let keys: [Key] = [.down, .up, .pageDown, .pageUp, .home, .end, .char("n"), .char("N"), .escape, .char("r"), .ctrl("d")]
                    effects = state.press(keys[Int.random(in: 0..<keys.count, using: &rng)])
                }
                pending += loads(effects)
            }
            state.store.forEachItem(in: state.neighbourhoodRange) { row, item in
                if let item, item.text != "item \(row)" { Issue.record("row \(row) shows \(item.text)") }
            }
            if let rows = state.finding.filter?.rows, zip(rows, rows.dropFirst()).contains(where: { $0 >= $1 }) {
                Issue.record("filter rows out of order")
            }
            #expect(state.visibleCount == 0 || state.viewport.cursor < state.visibleCount)
        }
    }

    /// Bug 2: the filter ignored pages that were dropped when it was applied.
    @Test func theFilterTestsDroppedPagesWhenTheyComeBackAndKeepsTheCursorOnItsItem() {
        var state = droppedState()
        let before = state.cursorStoreRow
        #expect(before == 289)
        state.press(.char("&"))
        state.type("item 2")
        let effects = state.press(.enter)
        #expect(state.finding.filter?.rows == Array(270..<300))
        #expect(state.cursorStoreRow == 289)
        let offset = state.viewport.cursor - state.viewport.top
        let first = loads(effects)
        #expect(!first.isEmpty && first.count <= 2)
        #expect(first.first?.page == 26)  // nearest to the cursor first
        var inFlight: [Int] = []
        answerAll(effects, &state) { state in
            #expect(state.cursorStoreRow == 289)
            #expect(state.viewport.cursor - state.viewport.top == offset)
            inFlight.append(state.refetching.count)
        }
        #expect(inFlight.allSatisfy { $0 <= 2 })
        #expect(state.finding.filter?.rows == [2] + Array(20..<30) + Array(200..<300))
        #expect(state.cursorStoreRow == 289)
        #expect(state.viewport.cursor == 1 + 10 + 89)
        #expect(state.refetching.isEmpty)
        #expect(state.finding.filter?.untestedPages.isEmpty == true)
    }
}
