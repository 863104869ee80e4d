import Testing
@testable import InfinilistCore

/// `/` on a file asks the loader to pass over lines that cannot match (decision 145): the rows
/// it went over are not examined, nor read again for the search, and the page it read is.
@Suite struct SearchPassTests {
    private static let size = Size(rows: 8, columns: 60)

    private func fileState(format: String? = nil) -> AppState {
        streamState(named: "big.jsonl", size: Self.size) { $0.format = format }
    }

    private func search(_ query: String, in state: inout AppState) -> PageRequest? {
        _ = state.update(.key(.char("/")))
        for character in query { _ = state.update(.key(.char(character))) }
        _ = state.update(.key(.enter))
        if case .loading(let request, _) = state.loading.tail { return request }
        return nil
    }

    @Test func aSearchPassesAndFindsItsMatchOnThePageRead() throws {
        var state = fileState()
        let request = try #require(search("item 1005", in: &state))
        #expect(request.purpose == .pass(.match("item 1005")))
        var result = PageResult(request: request, items: items(1_000..<1_010), latency: 0.01)
        result.passed = PassedPages(pages: 99, rowsEach: 10)
        let effects = state.update(.pageLoaded(result))
        #expect(state.viewport.cursor == 1_005)
        #expect(state.finding.search?.pending == nil)
        // Only the rows on screen are read again, not every page passed over.
        #expect(loads(effects).allSatisfy { $0.kind == .refetch && $0.page >= 99 }, "\(loads(effects))")
    }

    @Test func aPassThatFindsNoMatchSearchesOnFromThePageAfter() throws {
        var state = fileState()
        let request = try #require(search("item 99", in: &state))
        var result = PageResult(request: request, items: items(500..<510), latency: 0.01)
        result.passed = PassedPages(pages: 49, rowsEach: 10)
        _ = state.update(.pageLoaded(result))
        #expect(state.finding.search?.pending?.nextRow == 510)
        guard case .loading(let next, _) = state.loading.tail else {
            Issue.record("the search did not read on: \(state.loading.tail)")
            return
        }
        #expect(next.purpose == .pass(.match("item 99")))
        #expect(next.page == 51)
    }

    /// A `--format` row holds the template's words, a summary joins names with `, `, and a
    /// character past ASCII may be written as an escape: such searches read every page.
    @Test func templatesAndQueriesWithJSONCharactersReadEveryPage() throws {
        var formatted = fileState(format: "{n} points")
        #expect(try #require(search("points", in: &formatted)).purpose == .next)
        #expect(PassTarget.search("Record 1910253:") == .match("Record 1910253:"))
        for query in ["  ", " ui", "01 ", ":1", "a: {b}", "x\"", "[1"] { #expect(PassTarget.search(query) == nil, "\(query)") }
        for query in ["a,b", "é"] {
            var state = fileState()
            #expect(try #require(search(query, in: &state)).purpose == .next, "\(query)")
        }
    }
}
