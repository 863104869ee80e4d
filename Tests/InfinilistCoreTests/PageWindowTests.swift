import Testing
@testable import InfinilistCore

/// The bounded page window: memory stays within the budget, rows never move, dropped pages come
/// back when the user returns to them.
@Suite struct PageWindowTests {
    /// Pages of 10, a 5-row list, a budget of 30 items; loads `pages` pages by pressing End.
    private func scrolledState(pages: Int, keep: Int = 30) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 2, keep: keep), size: Size(rows: 6, columns: 40))
        var pending = loads(state.start())
        var loaded = 0
        while loaded < pages, let request = pending.first(where: { $0.page == state.store.pageCount }) {
            pending = loads(state.update(.pageLoaded(PageResult(
                request: request, items: items(request.page * 10..<(request.page + 1) * 10), latency: 0.1))))
            loaded += 1
            if loaded < pages, pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        return state
    }

    @Test func memoryStaysWithinTheBudgetWhileRowsKeepTheirNumbers() {
        let state = scrolledState(pages: 30)
        #expect(state.store.itemCount == 300)
        #expect(state.store.loadedItemCount <= 30)
        #expect(state.store.isLoaded(page: 29))
        #expect(!state.store.isLoaded(page: 0))
        #expect(state.store.item(at: 299)?.text == "item 299")
        #expect(state.viewport.cursor == 289)  // where End left it when the last page was asked for
    }

    @Test func aDroppedPageIsFetchedAgainWhenTheUserComesBackWithoutAJump() {
        var state = scrolledState(pages: 30)
        let effects = state.update(.key(.home))
        let refetches = loads(effects)
        #expect(refetches.map(\.page) == [0, 1])  // the view and a screen below
        #expect(state.viewport.cursor == 0 && state.viewport.top == 0)
        let frame = render(state).text
        #expect(frame.hasPrefix("> ⠋ loading page 1…"))
        for request in refetches {
            _ = state.update(.pageLoaded(PageResult(request: request, items: items(request.page * 10..<(request.page + 1) * 10))))
        }
        #expect(state.viewport.cursor == 0 && state.viewport.top == 0)
        #expect(render(state).rows[0].text == "> item 0")
        #expect(state.refetching.isEmpty)
        #expect(state.store.loadedItemCount <= max(30, state.memoryBudget))
    }

    @Test func aStaleRefetchAnswerIsIgnored() {
        var state = scrolledState(pages: 30)
        guard let request = loads(state.update(.key(.home))).first else { Issue.record("no refetch"); return }
        let stale = PageRequest(id: RequestID(9_999), page: request.page)
        _ = state.update(.pageLoaded(PageResult(request: stale, items: items(500..<510))))
        #expect(state.store.item(at: 0) == nil)
        #expect(state.refetching[request.page] == request.id)
    }

    @Test func aFailedRefetchShowsTheErrorAndRRetries() {
        var state = scrolledState(pages: 30)
        guard let request = loads(state.update(.key(.home))).first else { Issue.record("no refetch"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 502")))
        #expect(render(state).rows[0].text.contains("✗ page 1 failed (r to retry): HTTP 502"))
        #expect(loads(state.update(.key(.down))).isEmpty)  // no automatic retry loop
        let retried = loads(state.update(.key(.char("r"))))
        #expect(retried.map(\.page).contains(0))
    }

    @Test func aPageThatChangedKeepsItsRowsInPlace() {
        var state = scrolledState(pages: 30)
        let requests = loads(state.update(.key(.home)))
        guard let first = requests.first else { Issue.record("no refetch"); return }
        _ = state.update(.pageLoaded(PageResult(request: first, items: items(0..<7))))
        #expect(state.notice?.text == "page 1 has changed since it was first loaded")
        #expect(state.store.item(at: 6)?.text == "item 6")
        #expect(state.store.item(at: 7) == nil)
        #expect(state.store.itemCount == 300)
        for _ in 0..<8 { _ = state.update(.key(.down)) }
        #expect(render(state).text.contains("(no longer in page 1)"))
    }

    @Test func refreshCancelsRefetches() {
        var state = scrolledState(pages: 30)
        let requests = loads(state.update(.key(.home)))
        let effects = state.update(.key(.char("R")))
        for request in requests { #expect(effects.contains(.cancel(request.id))) }
        #expect(state.refetching.isEmpty)
    }

    /// Whatever the order of keys, page arrivals and re-fetch answers, a row shows either its own
    /// item or a placeholder, never another row's item, and memory stays near the budget.
    @Test(arguments: [7, 11, 2024] as [UInt64])
    func rowsNeverShowAnotherRowsItem(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var state = AppState(config: AppConfig(sourceName: "p", prefetch: 3, keep: 40), size: Size(rows: 8, columns: 30))
        var pending = loads(state.start())
        for step in 0..<3_000 {
            if !pending.isEmpty, Int.random(in: 0..<3, using: &rng) == 0 {
                let request = pending.remove(at: Int.random(in: 0..<pending.count, using: &rng))
                let page = request.page
                let message: Message = Int.random(in: 0..<10, using: &rng) == 0
                    ? .pageFailed(PageFailure(request: request, message: "boom"))
                    : .pageLoaded(PageResult(request: request, items: items(page * 10..<(page + 1) * 10)))
                pending += loads(state.update(message))
            } else {
                let keys: [Key] = [.down, .up, .pageDown, .pageUp, .home, .end, .char("r"), .ctrl("d"), .ctrl("u")]
                pending += loads(state.update(.key(keys[Int.random(in: 0..<keys.count, using: &rng)])))
            }
            let rows = step % 100 == 0 ? 0..<state.store.itemCount : state.neighbourhoodRange
            state.store.forEachItem(in: rows) { row, item in
                if let item, item.text != "item \(row)" { Issue.record("row \(row) shows \(item.text)") }
            }
            let slack = state.neighbourhoodRange.count + 20
            #expect(state.store.loadedItemCount <= state.memoryBudget + slack)
            #expect(Set(state.refetching.values).count == state.refetching.count)
        }
    }

    @Test func oneRRetriesTheTailAndFailedRefetches() {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 2, keep: 30), size: Size(rows: 6, columns: 40))
        var pending = loads(state.start())
        while let request = pending.first(where: { $0.page == state.store.pageCount }), state.store.pageCount < 30 {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: items(request.page * 10..<(request.page + 1) * 10)))))
            if pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        guard case .loading(let tail, _) = state.loading.tail else { Issue.record("tail not loading"); return }
        _ = state.update(.pageFailed(PageFailure(request: tail, message: "HTTP 500")))
        guard let refetch = loads(state.update(.key(.home))).first else { Issue.record("no refetch"); return }
        _ = state.update(.pageFailed(PageFailure(request: refetch, message: "HTTP 502")))
        let retried = loads(state.update(.key(.char("r")))).map(\.page)
        #expect(retried.contains(tail.page))
        #expect(retried.contains(refetch.page))
    }
}

@Suite struct AdaptivePrefetchTests {
    /// Holding ↓ at 30 rows/s on a network that takes a second per page: the request goes out
    /// about 60 rows ahead (speed × latency × 2), not one screen (5 rows) ahead.
    @Test func fastScrollingOnASlowNetworkAsksEarlier() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 6, columns: 40))
        var time = 0.0
        guard case .load(let first)? = state.update(.tick, at: time).first ?? state.start().first else {
            Issue.record("no first load"); return
        }
        _ = state.update(.pageLoaded(PageResult(request: first, items: items(0..<200), latency: 1.0)), at: time)
        var firedAt: Int?
        for _ in 0..<150 {
            time += 1.0 / 30
            if !loads(state.update(.key(.down), at: time)).isEmpty, firedAt == nil {
                firedAt = state.viewport.cursor
            }
        }
        let fired = try? #require(firedAt)
        #expect((fired ?? 0) >= 120 && (fired ?? 0) <= 150)
        #expect(state.prefetchDistance >= 55)
    }

    @Test func atRestAutoIsOneScreen() {
        var state = loadedState(pages: 1, size: Size(rows: 10, columns: 40))
        _ = state.update(.tick, at: 100)
        #expect(state.prefetchDistance == 9)
    }

    @Test func autoPrefetchStaysWithinHalfTheMemoryWindow() {
        var state = AppState(config: AppConfig(sourceName: "t", keep: 100), size: Size(rows: 11, columns: 40))
        guard case .load(let first)? = state.start().first else { Issue.record("no load"); return }
        _ = state.update(.pageLoaded(PageResult(request: first, items: items(0..<1000), latency: 10)), at: 0)
        var time = 0.0
        for _ in 0..<60 {
            time += 1.0 / 60
            _ = state.update(.key(.down), at: time)
        }
        #expect(state.memoryBudget == 100)
        #expect(state.prefetchDistance == 50)
    }
}
