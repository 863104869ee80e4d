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
}
