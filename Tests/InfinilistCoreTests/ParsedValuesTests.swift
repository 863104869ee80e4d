import Testing
@testable import InfinilistCore

/// A page that comes with its items parsed (by the loader, off the event loop) is laid out from
/// those values: the loop does not parse the items again.
@Suite struct ParsedValuesTests {
    private func arrive(_ result: (PageRequest) -> PageResult) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "test", prefetch: 0), size: Size(rows: 8, columns: 60))
        guard case .load(let request)? = state.start().first else { return state }
        _ = state.update(.pageLoaded(result(request)), at: 0)
        return state
    }

    /// The values differ from the JSON on purpose, to show which one the cells came from.
    @Test func theCellsComeFromTheLoadersValues() throws {
        let items = [Item(json: #"{"id":1,"title":"as sent","author":"ann","score":3}"#, text: "as sent", id: "1")]
        let state = arrive { request in
            var result = PageResult(request: request, items: items)
            result.values = [try! JSONParser.parse(#"{"id":1,"title":"parsed by the loader","author":"ann","score":3}"#)]
            return result
        }
        let cells = try #require(state.store.item(at: 0)?.cells)
        #expect(cells.contains { $0.searchText == "parsed by the loader" })
    }

    @Test func withoutValuesOrWithTheWrongCountTheItemsAreParsed() throws {
        let items = [Item(json: #"{"id":1,"title":"as sent","author":"ann","score":3}"#, text: "as sent", id: "1")]
        let state = arrive { request in
            var result = PageResult(request: request, items: items)
            result.values = []
            return result
        }
        let cells = try #require(state.store.item(at: 0)?.cells)
        #expect(cells.contains { $0.searchText == "as sent" })
    }
}
