import Testing
@testable import InfinilistCore

/// A streaming answer is live by itself: its new items arrive at the bottom as the server sends
/// them. Polling its first page again would open a second stream (and never end), so neither
/// `--follow` nor `F` polls it.
@Suite struct FollowLiveStreamTests {
    /// A state following every 10 s whose first page came from a stream.
    private func streamed(follow: Double?) -> AppState {
        var config = AppConfig(sourceName: "stream", prefetch: 0)
        config.follow = follow
        var state = AppState(config: config, size: Size(rows: 10, columns: 60))
        guard case .load(let request)? = state.start().first else { return state }
        var result = PageResult(request: request, items: old(0..<5))
        result.live = LiveStatus()
        _ = state.update(.pageLoaded(result), at: 0)
        return state
    }

    @Test func aStreamIsNeverPolledWithFollow() {
        var state = streamed(follow: 10)
        for time in [5.0, 10, 20, 30] {
            let polls = loads(state.update(.tick, at: time)).filter { $0.kind == .poll }
            #expect(polls.isEmpty)
        }
        #expect(state.wakeTime == nil)
        #expect(!state.statusText.contains("follow"))
    }

    @Test func FOnAStreamSaysItIsLiveAlready() {
        var state = streamed(follow: nil)
        let effects = state.update(.key(.char("F")), at: 1) + state.update(.tick, at: 2)
        #expect(loads(effects).filter { $0.kind == .poll }.isEmpty)
        #expect(state.notice == .followingLiveAlready)
        #expect(state.following.interval == nil)
    }

    /// Identities are kept for polls only: a stream that is never polled keeps none, so rows
    /// streaming past cost nothing once their pages are dropped.
    @Test func aLiveListKeepsNoIdentities() {
        let state = streamed(follow: nil)
        #expect(!state.store.keepsIdentities)
        #expect(state.store.identity(at: 0) == nil)
        #expect(state.store.item(at: 0)?.id == "o0")
    }

    @Test func aPipeOrAFileIsNeverPolledAndKeepsNoIdentities() {
        var config = AppConfig(sourceName: "-", prefetch: 0)
        config.followable = false
        var state = AppState(config: config, size: Size(rows: 10, columns: 60))
        guard case .load(let request)? = state.start().first else { return #expect(Bool(false), "no first request") }
        _ = state.update(.pageLoaded(PageResult(request: request, items: old(0..<5))), at: 0)
        #expect(state.store.identity(at: 2) == nil)
        let effects = state.update(.key(.char("F")), at: 1) + state.update(.tick, at: 40)
        #expect(loads(effects).filter { $0.kind == .poll }.isEmpty)
        #expect(state.notice == .followingNotPossible)
        // A list that can be polled keeps them.
        #expect(followed(old(0..<5)).store.identity(at: 2) == ItemIdentity.id("o2"))
    }

    /// `R` makes a new store: it must still keep no identities for a list that is never polled
    /// (it once came back keeping 8 bytes an item, against decision 71).
    @Test(arguments: [false, true]) func aRefreshOfAPipeOrAStreamStillKeepsNoIdentities(isStream: Bool) {
        var config = AppConfig(sourceName: "-", prefetch: 0)
        config.followable = false
        var state = isStream ? streamed(follow: nil) : AppState(config: config, size: Size(rows: 10, columns: 60))
        if !isStream { _ = state.start() }
        guard let restart = loads(state.update(.key(.char("R")), at: 1)).first(where: { $0.kind == .restart }) else {
            return #expect(Bool(false), "R asked for no page")
        }
        var result = PageResult(request: restart, items: old(0..<5))
        if isStream { result.live = LiveStatus() }
        _ = state.update(.pageLoaded(result), at: 2)
        #expect(!state.store.keepsIdentities)
        #expect(state.store.identity(at: 2) == nil)
        #expect(state.store.item(at: 2)?.id == "o2")
    }
}
