import InfinilistCore
import InfinilistLoader
import Testing

/// The demo feed as the screen shows it: a table of title, author, score, comments and age.
@Suite struct DemoTableTests {
    /// The first page of a demo whose newest item was posted at `newest`, on a screen of `size`,
    /// five minutes after that.
    private func demoScreen(_ size: Size, newest: Int64 = 1_795_456_800) async throws -> AppState {
        let demo = DemoSource(latency: .zero, newest: newest)
        let page = try await demo.fetchPage(demo.firstKey())
        var state = AppState(config: AppConfig(sourceName: "demo"), size: size)
        _ = state.update(.wallClock(WallClock(seconds: Double(newest + 300))))
        guard case .load(let request)? = state.start().first else {
            Issue.record("no first request")
            return state
        }
        _ = state.update(.pageLoaded(PageResult(request: request, items: page.items, total: page.total, latency: 0.3)))
        return state
    }

    @Test func theDemoIsATableOfTitleAuthorScoreCommentsAndAge() async throws {
        let state = try await demoScreen(Size(rows: 12, columns: 80))
        #expect(state.rowLayout.table?.specText == "title,author,score,comments,created_at")
        #expect(render(state).text == """
          title                              author          score  comments  created_at
        > What I learned maintaining an op…  प्रिया             592         7          6m
          一个程序员的十年：从实习生到架构…  สมชาย             877       149          9m
          Γιατί ο κώδικας χρειάζεται ξεκού…  प्रिया             509        65         11m
          Η ιστορία του αλφαβήτου σε δέκα …  José Núñez        415       104         13m
          Straßenbrücken im Härtetest: Übe…  李雷              987        52         17m
          Thumbs up 👍🏽 for accessible de…  प्रिया             609       164         19m
          🚀 Launch day: we shipped v2.0!    dev-null          842        80         22m
          Straßenbrücken im Härtetest: Übe…  jürgen.müller     511       134         25m
          🏳️‍🌈 Pride month reading list       محمد              504       207         28m
          東京の地下鉄で見つけた最適化アル…  Zoë Østergaard    431        84         32m
         infinilist · demo                                           row 1/50 · 300 ms
        """)
    }

    @Test func agesCountFromTheNewestItem() async throws {
        let state = try await demoScreen(Size(rows: 4, columns: 100))
        let rows = render(state).rows.map(\.text)
        #expect(rows[1].hasSuffix("5m") || rows[1].hasSuffix("6m"))
    }
}
