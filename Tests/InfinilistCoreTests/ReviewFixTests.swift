import Testing
@testable import InfinilistCore

/// Behaviours fixed after review: one `r` retries everything that failed; Enter means the same in
/// the detail view as in the list; `auto` prefetch never reaches beyond the memory window.
@Suite struct ReviewFixTests {
    @Test func oneRRetriesTheTailAndFailedRefetches() {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 2, keep: 30), size: Size(rows: 6, columns: 40))
        var pending = loads(state.start())
        while let request = pending.first(where: { $0.page == state.store.pageCount }), state.store.pageCount < 30 {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: items(request.page * 10..<(request.page + 1) * 10)))))
            if pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        guard case .loading(let tail) = state.tail else { Issue.record("tail not loading"); return }
        _ = state.update(.pageFailed(PageFailure(request: tail, message: "HTTP 500")))
        guard let refetch = loads(state.update(.key(.home))).first else { Issue.record("no refetch"); return }
        _ = state.update(.pageFailed(PageFailure(request: refetch, message: "HTTP 502")))
        let retried = loads(state.update(.key(.char("r")))).map(\.page)
        #expect(retried.contains(tail.page))
        #expect(retried.contains(refetch.page))
    }

    @Test func enterInTheDetailViewPrintsTheMarkedItems() {
        var state = loadedState(pages: 1)
        _ = state.update(.key(.tab))
        _ = state.update(.key(.tab))
        _ = state.update(.key(.right))
        #expect(state.update(.key(.enter)) == [.quit(code: 0, output: ["{\"n\":0}", "{\"n\":1}"])])
    }

    @Test func enterInTheDetailViewWithoutMarksPrintsTheItemShown() {
        var state = loadedState(pages: 1)
        _ = state.update(.key(.down))
        _ = state.update(.key(.right))
        #expect(state.update(.key(.enter)) == [.quit(code: 0, output: ["{\"n\":1}"])])
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
