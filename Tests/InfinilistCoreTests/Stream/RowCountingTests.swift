import Testing
@testable import InfinilistCore

/// A file's rows are counted in the background once its first page is in (issue 37): the status
/// line says "counting…", then "of N" as for an API's announced total; `R` counts again and the
/// old count's answers are dropped.
@Suite struct RowCountingTests {
    private static let size = Size(rows: 8, columns: 80)

    /// A file list (`countsRows`) whose first page of 10 came in; the count it asked for.
    private func fileState() -> (AppState, RequestID?) {
        var config = AppConfig(sourceName: "log.jsonl", prefetch: 2)
        config.lastReadsToEnd = true
        config.countsRows = true
        var state = AppState(config: config, size: Self.size)
        let first = loads(state.start())
        let effects = state.update(.pageLoaded(PageResult(request: first[0], items: items(0..<10), latency: 0.01)))
        return (state, countRequest(effects))
    }

    private func countRequest(_ effects: [Effect]) -> RequestID? {
        effects.lazy.compactMap { if case .countRows(let id) = $0 { id } else { nil } }.first
    }

    private func status(_ state: AppState) -> String {
        render(state).rows.last?.text ?? ""
    }

    @Test func theFirstPageStartsTheCountAndTheStatusLineFollowsIt() throws {
        var (state, asked) = fileState()
        let id = try #require(asked)
        #expect(status(state).contains("row 1/10 · counting…"))
        _ = state.update(.rowsCounted(RowCountReport(id: id, progress: .counting(read: 400, size: 1_000))))
        #expect(status(state).contains("row 1/10 · counting… 40%"))
        _ = state.update(.rowsCounted(RowCountReport(id: id, progress: .counted(1_910_303))))
        #expect(status(state).contains("row 1/10 of 1,910,303"))
        #expect(!status(state).contains("counting"))
        asked = nil
    }

    @Test func aFileWhoseLinesAreNotItemsKeepsNoTotal() throws {
        var (state, asked) = fileState()
        let id = try #require(asked)
        _ = state.update(.rowsCounted(RowCountReport(id: id, progress: .uncountable)))
        #expect(state.loading.total == nil)
        #expect(state.loading.rowCounting == nil)
        #expect(!status(state).contains("counting"))
    }

    @Test func onlyACountableInputIsCounted() {
        // A pipe: read to the end by G, never counted.
        let pipe = streamState()
        #expect(pipe.loading.rowCounting == nil)
        // A first page that holds the whole file: nothing to count.
        var config = AppConfig(sourceName: "small.jsonl", prefetch: 2)
        config.countsRows = true
        var state = AppState(config: config, size: Self.size)
        let first = loads(state.start())
        let effects = state.update(.pageLoaded(PageResult(request: first[0], items: items(0..<5), end: EndReason("end of input"))))
        #expect(countRequest(effects) == nil)
    }

    @Test func aRefreshCountsAgainAndDropsTheOldCount() throws {
        var (state, asked) = fileState()
        let old = try #require(asked)
        let effects = state.update(.key(.char("R")))
        let restart = try #require(loads(effects).first)
        #expect(state.loading.rowCounting == nil)
        let again = state.update(.pageLoaded(PageResult(request: restart, items: items(0..<10))))
        let new = try #require(countRequest(again))
        #expect(new != old)
        _ = state.update(.rowsCounted(RowCountReport(id: old, progress: .counted(99))))
        #expect(state.loading.total == nil)
        _ = state.update(.rowsCounted(RowCountReport(id: new, progress: .counted(120))))
        #expect(state.loading.total == 120)
    }

    @Test func aListThatEndedBeforeTheCountKeepsItsOwnCount() throws {
        var (state, asked) = fileState()
        let id = try #require(asked)
        _ = state.update(.key(.char("G")))
        guard case .loading(let request, _) = state.loading.tail else { return #expect(Bool(false), "G read nothing") }
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(10..<15), end: EndReason("end of input"))))
        _ = state.update(.rowsCounted(RowCountReport(id: id, progress: .counted(14))))
        #expect(state.loading.total == nil)
        #expect(status(state).contains("row 15/15"))
    }

    @Test func aCountBelowTheRowsLoadedIsNotShown() throws {
        // The file grew after it was counted: the rows loaded are the truth.
        var (state, asked) = fileState()
        let id = try #require(asked)
        _ = state.update(.rowsCounted(RowCountReport(id: id, progress: .counted(8))))
        #expect(status(state).contains("row 1/10 "))
        #expect(!status(state).contains(" of 8"))
    }

    @Test func aListThatEndedShortOfItsCountShowsItsRows() throws {
        // The file was cut short after it was counted: once the list ends, the rows are the truth.
        var (state, asked) = fileState()
        let id = try #require(asked)
        _ = state.update(.rowsCounted(RowCountReport(id: id, progress: .counted(3_000))))
        #expect(status(state).contains("of 3,000"))
        _ = state.update(.key(.char("G")))
        guard case .loading(let request, _) = state.loading.tail else { return #expect(Bool(false), "G read nothing") }
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(10..<15), end: EndReason("end of input"))))
        #expect(status(state).contains("row 15/15"))
        #expect(!status(state).contains("of 3,000"))
    }

    @Test func aFilterOrAProgramHidesTheCountAndItsProgress() throws {
        var (state, asked) = fileState()
        _ = try #require(asked)
        _ = state.update(.key(.char("&")))
        for character in "item" { _ = state.update(.key(.char(character))) }
        _ = state.update(.key(.enter))
        #expect(!status(state).contains("counting"))
    }
}
