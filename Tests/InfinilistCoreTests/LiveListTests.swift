import Testing
@testable import InfinilistCore

/// A live list (a streaming answer): the tail is read all the time, wherever the cursor is; new
/// rows come at the bottom while the cursor stays put, or take the cursor with them when it is
/// on the last row (as `less +F`); the footer says "live" with the count, how long since the last
/// item, the reconnects, and the countdown to connecting again.
@Suite struct LiveListTests {
    /// 10 rows on screen (9 list rows), the first page of `count` items loaded at time `at`.
    private func liveState(first count: Int, live: LiveStatus? = LiveStatus(), at time: Double = 0) -> (AppState, [Effect]) {
        var state = AppState(config: AppConfig(sourceName: "stream"), size: Size(rows: 10, columns: 60))
        guard case .load(let request)? = state.start().first else { return (state, []) }
        var result = PageResult(request: request, items: items(0..<count), latency: 3.5)
        result.live = live
        let effects = state.update(.pageLoaded(result), at: time)
        return (state, effects)
    }

    private func arrive(_ range: Range<Int>, on state: inout AppState, live: LiveStatus = LiveStatus(), at time: Double = 0) -> [Effect] {
        guard case .loading(let request, _) = state.loading.tail else {
            Issue.record("the tail is not loading")
            return []
        }
        var result = PageResult(request: request, items: items(range), latency: 2)
        result.live = live
        return state.update(.pageLoaded(result), at: time)
    }

    @Test func theNextPageIsReadAtOnceWhereverTheCursorIs() {
        let (state, effects) = liveState(first: 50)
        #expect(state.viewport.cursor == 0)
        #expect(loads(effects).map(\.page) == [1])
        // The same page of an ordinary list waits for the cursor to come near the end.
        let (ordinary, none) = liveState(first: 50, live: nil)
        #expect(loads(none).isEmpty)
        #expect(ordinary.loading.tail == .idle)
    }

    @Test func rowsArriveBelowWhileTheCursorStaysPut() {
        var (state, _) = liveState(first: 50)
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        let before = (state.viewport.cursor, state.viewport.top)
        let effects = arrive(50..<80, on: &state)
        #expect(state.store.itemCount == 80)
        #expect(state.viewport.cursor == before.0 && state.viewport.top == before.1)
        #expect(loads(effects).map(\.page) == [2])
    }

    @Test func theCursorOnTheLastRowFollowsTheEnd() {
        var (state, _) = liveState(first: 50)
        _ = state.update(.key(.end))
        #expect(state.viewport.cursor == 49)
        _ = arrive(50..<53, on: &state)
        #expect(state.viewport.cursor == 52)
        #expect(render(state).rows[7].text == "> item 52")
        // One row up: it stays there while more arrive.
        _ = state.update(.key(.up))
        _ = arrive(53..<60, on: &state)
        #expect(state.viewport.cursor == 51)
    }

    @Test func theFooterSaysLiveWithTheCountAndHowLongSinceTheLastItem() {
        var (state, _) = liveState(first: 5, at: 100)
        #expect(render(state).rows[5].text == "  ⠋ live · 5 items")
        #expect(statusText(state).hasSuffix("row 1/5 · live "), "\(statusText(state))")
        // Quiet for 75 s: the footer and the status line say so (ticks bring the time).
        _ = state.update(.tick, at: 175)
        #expect(render(state).rows[5].text.hasPrefix("  ") && render(state).rows[5].text.hasSuffix("live · 5 items · last item 1 min ago"))
        #expect(statusText(state).contains("live · last item 1 min ago"))
        _ = arrive(5..<6, on: &state, live: LiveStatus(reconnects: 2), at: 180)
        #expect(render(state).rows[6].text.hasSuffix("live · 6 items · reconnected 2 times"), "\(render(state).text)")
        #expect(statusText(state).contains("live (2 reconnects)"))
    }

    @Test func aReconnectCountdownShowsInTheFooterAndTheStatusLine() throws {
        var (state, _) = liveState(first: 3)
        guard case .loading(let request, _) = state.loading.tail else { throw LiveTestError.notLoading }
        var wait = PageWait(request: request, seconds: 4, reason: "the server closed the stream from example.org")
        wait.live = LiveStatus(reconnects: 1)
        _ = state.update(.pageWaiting(wait))
        // Cut in its middle at 60 columns: the countdown stays in sight.
        let footer = render(state).rows[3].text
        #expect(footer.hasPrefix("  ⠋ live · 3 items · the serv") && footer.hasSuffix("mple.org — reconnecting in 4 s"), "\(footer)")
        #expect(statusText(state).contains("reconnecting in 4 s"))
        // Connected again, nothing new yet: the countdown goes.
        var quiet = PageWait(request: request, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)
        quiet.live = LiveStatus(reconnects: 1)
        _ = state.update(.pageWaiting(quiet))
        #expect(render(state).rows[3].text == "  ⠋ live · 3 items · reconnected 1 time")
    }

    @Test func aLiveListShowsNoPageLatency() {
        let (state, _) = liveState(first: 3)
        #expect(!statusText(state).contains("3.5 s"))
        let (ordinary, _) = liveState(first: 3, live: nil)
        #expect(statusText(ordinary).contains("3.5 s"))
    }

    @Test func theServerEndingTheStreamEndsTheList() {
        var (state, _) = liveState(first: 3)
        guard case .loading(let request, _) = state.loading.tail else { return }
        var result = PageResult(request: request, items: items(3..<4), end: EndReason("the server ended the stream"))
        result.live = LiveStatus()
        let effects = state.update(.pageLoaded(result))
        #expect(loads(effects).isEmpty)
        #expect(render(state).rows[4].text == "  — end · 4 items · the server ended the stream —")
        #expect(!state.isAnimating)
    }

    @Test func durationsReadAsAPersonSaysThem() {
        #expect(LiveText.duration(0.4) == "0 s")
        #expect(LiveText.duration(59.9) == "59 s")
        #expect(LiveText.duration(60) == "1 min")
        #expect(LiveText.duration(3599) == "59 min")
        #expect(LiveText.duration(3600) == "1 h")
        #expect(LiveText.duration(7500) == "2 h 5 min")
    }

    private func statusText(_ state: AppState) -> String {
        render(state).rows.last?.text ?? ""
    }
}

enum LiveTestError: Error { case notLoading }
