import Testing
@testable import InfinilistCore

/// `F` on a pipe follows its end as less's `F` does: each row that arrives takes the cursor to
/// it, until `F` again, Esc or a move (before, `F` only said a pipe is not polled).
@Suite struct FollowInputEndTests {
    private static let size = Size(rows: 8, columns: 60)

    private func pipeState() -> AppState {
        var state = streamState(size: Self.size) { $0.followable = false }
        _ = state.update(.key(.char("g")))
        return state
    }

    /// The pipe goes quiet, then `count` rows arrive.
    private func quietThenRows(_ state: inout AppState, _ count: Int) {
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("nothing waits at the tail: \(state.loading.tail)"); return }
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)))
        let first = state.store.itemCount
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(first..<first + count), latency: 0.01)))
    }

    @Test func fFollowsTheEndAsRowsArriveUntilFAgain() {
        var state = pipeState()
        _ = state.update(.key(.char("F")))
        #expect(state.notice == .followingInputEnd)
        #expect(state.viewport.cursor == 9)
        quietThenRows(&state, 3)
        #expect(state.viewport.cursor == 12)
        quietThenRows(&state, 4)
        #expect(state.viewport.cursor == 16)
        _ = state.update(.key(.char("F")))
        #expect(state.notice == .followingOff)
        quietThenRows(&state, 2)
        #expect(state.viewport.cursor == 16)
    }

    @Test func escOrAMoveStopsFollowingAndEscDoesNotQuit() {
        var state = pipeState()
        _ = state.update(.key(.char("F")))
        let effects = state.update(.key(.escape))
        #expect(!effects.contains { $0.isQuit })
        #expect(!state.following.followsInputEnd)
        _ = state.update(.key(.char("F")))
        _ = state.update(.key(.up))
        #expect(!state.following.followsInputEnd)
    }

    @Test func theStatusLineSaysItFollows() {
        var state = pipeState()
        _ = state.update(.key(.char("F")))
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("nothing waits at the tail"); return }
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)))
        #expect(render(state).text.contains("following the end (F stops)"))
    }
}
