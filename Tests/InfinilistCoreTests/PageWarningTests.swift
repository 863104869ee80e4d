import Testing
@testable import InfinilistCore

/// A page that loaded but is not whole (a GraphQL answer with errors beside its data) says so on
/// the status line, with its number; its items are kept as any page's, and the next key clears
/// the note as it clears every notice.
@Suite struct PageWarningTests {
    @Test func aPagesWarningIsShownOnTheStatusLineUntilTheNextKey() throws {
        var state = AppState(config: AppConfig(sourceName: "api.example.com/graphql"), size: Size(rows: 6, columns: 100))
        let first = try #require(loads(state.start()).first)
        let next = loads(state.update(.pageLoaded(PageResult(request: first, items: items(0..<3)))))
        #expect(state.notice == nil)
        let second = try #require(next.first ?? loads(state.update(.key(.end))).first)
        _ = state.update(.pageLoaded(PageResult(request: second, items: items(3..<5), warning: "GraphQL error beside the data: denied (path: a.b)")))
        #expect(state.store.itemCount == 5)
        #expect(state.notice == .pageWarning(1, message: "GraphQL error beside the data: denied (path: a.b)"))
        #expect(render(state).rows[5].text.hasPrefix(" page 2: GraphQL error beside the data: denied (path: a.b)"))
        _ = state.update(.key(.down))
        #expect(state.notice == nil)
    }
}
