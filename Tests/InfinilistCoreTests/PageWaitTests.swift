import Testing
@testable import InfinilistCore

/// The footer's countdown while the loader holds a request back (rate limit, retry backoff,
/// pacing): shown only for the request that is loading, replaced by each new second, gone once
/// the page arrives or fails.
@Suite struct PageWaitTests {
    private func loadingSecondPage(columns: Int = 72) -> (AppState, PageRequest)? {
        let state = loadedState(pages: 1, size: Size(rows: 4, columns: columns), prefetch: 100)
        guard case .loading(let request, _) = state.loading.tail else { return nil }
        return (state, request)
    }

    @Test func aRateLimitCountdownReplacesTheSpinnerText() throws {
        var (state, request) = try #require(loadingSecondPage())
        let effects = state.update(.pageWaiting(PageWait(request: request, seconds: 42, reason: "rate limited by api.github.com")))
        #expect(effects.isEmpty)
        _ = state.update(.key(.end))
        #expect(render(state).text == """
          item 8
        > item 9
          ⠋ page 2: rate limited by api.github.com — retrying in 42 s
         infinilist · test                 row 10/10 · ⠋ waiting 42 s · 250 ms
        """)
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 41, reason: "rate limited by api.github.com")))
        #expect(render(state).rows[2].text.hasSuffix("retrying in 41 s"))
        #expect(state.isAnimating)
    }

    @Test func pacingSaysNextRequestNotRetrying() throws {
        var (state, request) = try #require(loadingSecondPage(columns: 90))
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 3, reason: "slowing down: 4 requests left at api.github.com", isRetry: false)))
        _ = state.update(.key(.end))
        #expect(render(state).text.contains("⠋ page 2: slowing down: 4 requests left at api.github.com — next request in 3 s"))
    }

    /// A pipe with nothing to read has no countdown: the footer and the status line say what is
    /// awaited, never "waiting 0 s".
    @Test func aWaitForInputHasNoCountdown() throws {
        var (state, request) = try #require(loadingSecondPage(columns: 90))
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)))
        _ = state.update(.key(.end))
        let text = render(state).text
        #expect(text.contains("waiting for input"), "\(text)")
        #expect(!text.contains("waiting 0 s"), "\(text)")
    }

    @Test func aWaitForAnotherRequestIsIgnored() throws {
        var (state, request) = try #require(loadingSecondPage())
        let stale = PageRequest(id: RequestID(request.id.value + 7), page: request.page)
        _ = state.update(.pageWaiting(PageWait(request: stale, seconds: 9, reason: "old")))
        #expect(state.loading.activeWait == nil)
        _ = state.update(.key(.end))
        #expect(render(state).text.contains("loading page 2…"))
    }

    @Test func theCountdownEndsWhenThePageArrivesOrFails() throws {
        var (state, request) = try #require(loadingSecondPage(columns: 90))
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 2, reason: "HTTP 503 from x (retry 1 of 3)")))
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 503 from x (gave up after 3 retries)")))
        #expect(state.loading.activeWait == nil)
        _ = state.update(.key(.end))
        let failed = render(state).text
        #expect(failed.contains("✗ page 2 failed (r to retry): HTTP 503 from x (gave up after 3 retries)"))
        #expect(!failed.contains("waiting"))
        // r asks again; the old countdown does not come back for the new request.
        let retry = state.update(.key(.char("r")))
        guard case .load(let again)? = retry.first else { Issue.record("r did not retry"); return }
        #expect(again.page == request.page)
        #expect(state.loading.activeWait == nil)
        _ = state.update(.pageLoaded(PageResult(request: again, items: items(10..<20))))
        #expect(state.store.itemCount == 20)
        #expect(state.loading.activeWait == nil)
    }

    @Test func itemsAlreadyLoadedStayWhenAPageFails() throws {
        var (state, request) = try #require(loadingSecondPage())
        let before = (0..<10).compactMap { state.store.item(at: $0) }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "page 2 is not JSON")))
        #expect((0..<10).compactMap { state.store.item(at: $0) } == before)
        #expect(state.store.itemCount == 10)
    }
}
