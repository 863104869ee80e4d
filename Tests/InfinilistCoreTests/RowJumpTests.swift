import Testing
@testable import InfinilistCore

/// A count before a key, as less and vi take it: `30G` goes to row 30 (loading the pages up to
/// it), `5j` moves five rows; `30G` once went to the last loaded row instead.
@Suite struct RowJumpTests {
    private func type(_ text: String, _ state: inout AppState) -> [Effect] {
        text.flatMap { state.update(.key(.char($0))) }
    }

    @Test func aCountThenGGoesToThatRowAmongTheLoadedOnes() {
        var state = loadedState(pages: 2, pageSize: 10, size: Size(rows: 8, columns: 40))
        _ = type("12G", &state)
        #expect(state.viewport.cursor == 11)
        _ = type("3g", &state)
        #expect(state.viewport.cursor == 2)
    }

    @Test func aRowNotLoadedYetIsLoadedThenReached() {
        var state = loadedState(pages: 2, pageSize: 10, size: Size(rows: 8, columns: 40))
        let effects = type("30G", &state)
        #expect(state.viewport.cursor == 19)
        guard case .loading(let first, _) = state.loading.tail, loads(effects).contains(first) else { return #expect(Bool(false), "no page was asked for") }
        _ = state.update(.pageLoaded(PageResult(request: first, items: items(20..<25))))
        #expect(state.viewport.cursor == 24)
        guard case .loading(let second, _) = state.loading.tail else { return #expect(Bool(false), "loading stopped short of row 30") }
        _ = state.update(.pageLoaded(PageResult(request: second, items: items(25..<35))))
        #expect(state.viewport.cursor == 29)
        #expect(state.loading.rowJump.target == nil)
    }

    @Test func pastTheEndOfAnEndedListSaysHowManyRows() {
        var state = loadedState(pages: 2, pageSize: 10, size: Size(rows: 8, columns: 40), end: EndReason("end of list"))
        let effects = type("30G", &state)
        #expect(loads(effects).isEmpty)
        #expect(state.viewport.cursor == 19)
        #expect(state.notice == .onlyRows(20))
    }

    @Test func aCountMovesThatManyRowsAndEscCancelsIt() {
        var state = loadedState(pages: 2, pageSize: 10, size: Size(rows: 8, columns: 40))
        _ = type("g5j", &state)
        #expect(state.viewport.cursor == 5)
        _ = type("2k", &state)
        #expect(state.viewport.cursor == 3)
        _ = type("7", &state)
        #expect(state.notice == .countTyped(7))
        #expect(state.update(.key(.escape)).isEmpty)   // not quit
        _ = type("j", &state)
        #expect(state.viewport.cursor == 4)
    }

    @Test func escWhileLoadingToARowStopsTheLoadingAndDoesNotQuit() {
        var state = streamState()
        _ = type("300G", &state)
        #expect(state.loading.rowJump.target == .row(299))
        let effects = state.update(.key(.escape))
        #expect(!effects.contains { $0.isQuit })
        #expect(state.loading.rowJump.target == nil)
        #expect(state.notice == .rowJumpStopped)
    }

    // MARK: N%

    @Test func aPercentOfAnEndedListGoesThatFarDownAsViDoes() {
        var state = loadedState(pages: 2, pageSize: 10, size: Size(rows: 8, columns: 40), end: EndReason("end of list"))
        _ = type("50%", &state)
        #expect(state.viewport.cursor == 9)   // row 10 of 20
        _ = type("100%", &state)
        #expect(state.viewport.cursor == 19)
        _ = type("1%", &state)
        #expect(state.viewport.cursor == 0)
        _ = type("250%", &state)   // past 100: the last row
        #expect(state.viewport.cursor == 19)
        _ = type("%", &state)      // alone: 0%, as less takes it
        #expect(state.viewport.cursor == 0)
        #expect(AppState.row(percent: 50, of: 100) == 49)
        #expect(AppState.row(percent: 33, of: 3) == 0)
        #expect(AppState.row(percent: 34, of: 3) == 1)
        #expect(AppState.row(percent: 50, of: 0) == 0)
    }

    @Test func onAnApisListAPercentIsOfTheLoadedRows() {
        var state = loadedState(pages: 2, pageSize: 10, size: Size(rows: 8, columns: 40))
        let effects = type("50%", &state)
        #expect(state.viewport.cursor == 9)
        #expect(state.loading.rowJump.target == nil)
        #expect(loads(effects).allSatisfy { $0.passTarget == nil })
    }

    @Test func onAFileAPercentCountsToTheEndThenGoesThere() {
        var state = streamState()
        let effects = type("50%", &state)
        guard case .loading(let request, _) = state.loading.tail, loads(effects).contains(request) else {
            return #expect(Bool(false), "no page was asked for")
        }
        // A file of JSON lines is counted to its end, not read (decision 145).
        #expect(request.passTarget == .end)
        #expect(render(state).text.contains("reading to the end…"))
        var last = PageResult(request: request, items: items(90..<100), end: EndReason("end of input"))
        last.passed = PassedPages(pages: 8, rowsEach: 10)
        _ = state.update(.pageLoaded(last))
        #expect(state.visibleCount == 100)
        #expect(state.viewport.cursor == 49)
        #expect(state.loading.rowJump.target == nil)
    }

    @Test func onAPipeAPercentReadsPageAfterPageAndAQuietPipeEndsIt() {
        var state = streamState()
        _ = type("50%", &state)
        guard case .loading(let request, _) = state.loading.tail else { return #expect(Bool(false), "nothing is loading") }
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(10..<20))))
        // The cursor follows the last row meanwhile, as `G`'s.
        #expect(state.viewport.cursor == 19)
        guard case .loading(let next, _) = state.loading.tail else { return #expect(Bool(false), "reading stopped short") }
        _ = state.update(.pageWaiting(PageWait(request: next, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)))
        #expect(state.viewport.cursor == 9)
        #expect(state.loading.rowJump.target == nil)
    }

    @Test func aMoveTakesOverFromAPercent() {
        var state = streamState()
        _ = type("50%", &state)
        _ = type("k", &state)
        #expect(state.loading.rowJump.target == nil)
    }
}

