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
}
