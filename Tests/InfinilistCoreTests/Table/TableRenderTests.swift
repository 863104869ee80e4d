import Testing
@testable import InfinilistCore

/// Snapshot tests of tables: each frame is compared as text with what a reader sees.
@Suite struct TableRenderTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    @Test func githubIssuesAt80Columns() {
        let state = tableState(TableFixtures.githubIssues)
        #expect(frame(state) == """
          number  title                         login                 state   comments ›
        >  78012  Crash in SILGen when a clos…  jckarter              open           3
           78011  Improve diagnostics for mis…  hborla                open          12
           77950  Typo in docs                  octocat               closed         0
           61234  Package resolution hangs be…  a-very-long-login-n…  open         145
          — end · 4 items · end —

         infinilist · test                                        row 1/4 · end · 0 ms
        """)
    }

    @Test func githubIssuesAt120ColumnsShowAllSixColumns() {
        let state = tableState(TableFixtures.githubIssues, size: Size(rows: 4, columns: 120))
        let rows = render(state).rows
        #expect(rows[0].text == "  number  title" + String(repeating: " ", count: 55) + "login                 state   comments  created_at")
        #expect(rows[0].spans.filter { $0.style == .header }.map(\.text) == ["number", "title", "login", "state", "comments", "created_at"])
        #expect(rows[1].text.hasSuffix("open           3          2h"))
        #expect(rows[1].text.contains("Crash in SILGen when a closure captures an inout parameter "))
    }

    @Test func hackerNewsStoriesAt80Columns() {
        let state = tableState(TableFixtures.hackerNewsStories, size: Size(rows: 6, columns: 80))
        #expect(frame(state) == """
          title                            author       points  num_comments  created_at
        > Show HN: A terminal browser fo…  pg              142            57         18m
          The unreasonable effectiveness…  dang           1024           388          5h
          Ask HN: What are you working o…  whoishiring       9             0         now
          — end · 3 items · end —
         infinilist · test                                        row 1/3 · end · 0 ms
        """)
    }

    @Test func stripeCustomersAt80Columns() {
        let state = tableState(TableFixtures.stripeCustomers, size: Size(rows: 6, columns: 80))
        #expect(frame(state) == """
          name                                    email                 balance  created
        > Jenny Rosen                             jenny.rosen@example…        0      15h
          Chidi Anagonye                          chidi@example.org       -2500   Sep 21
          null                                    no-name@example.net    120000     2023
          — end · 3 items · end —
         infinilist · test                                        row 1/3 · end · 0 ms
        """)
    }

    @Test func redditPostsAt80Columns() {
        let state = tableState(TableFixtures.redditPosts, size: Size(rows: 6, columns: 80))
        #expect(frame(state) == """
          title                          author             score  num_comments  created
        > Swift 6.3 released             twostraws            412            88       4h
          How do I bridge a C callback…  throwaway_swiftie      7            12      30m
          Weekly questions thread        AutoModerator          1           240       5d
          — end · 3 items · end —
         infinilist · test                                        row 1/3 · end · 0 ms
        """)
    }

    @Test func wideAndCombiningCharactersAreMeasuredByDisplayWidth() {
        let state = tableState(TableFixtures.demoShaped, size: Size(rows: 7, columns: 80))
        #expect(frame(state) == """
          title                                  author      score  comments  created_at
        > 한글 폰트 렌더링의 숨은 비밀           김민준        812        33          2m
          🏳️‍🌈 Pride month reading list           ana             7         0         48m
          混合テキスト mixed with English, 한…   佐藤さくら     45       249          9h
          Où est passé le café ? Enquête à Mon…  zoë             0         2          3d
          — end · 4 items · end —
         infinilist · test                                        row 1/4 · end · 0 ms
        """)
        for row in render(state).rows {
            #expect(DisplayWidth.of(row.text) <= 80)
        }
    }

    @Test func at40ColumnsTheRightmostColumnsGo() {
        let state = tableState(TableFixtures.githubIssues, size: Size(rows: 7, columns: 40))
        #expect(frame(state) == """
          number  title                        ›
        >  78012  Crash in SILGen when a clos…
           78011  Improve diagnostics for mis…
           77950  Typo in docs
           61234  Package resolution hangs be…
          — end · 4 items · end —
         infinilist · te  row 1/4 · end · 0 ms
        """)
    }

    @Test func at20ColumnsOnlyTheTitleIsLeft() {
        let state = tableState(TableFixtures.githubIssues, size: Size(rows: 7, columns: 20))
        #expect(frame(state) == """
        ‹ title            ›
        > Crash in SILGen…
          Improve diagnos…
          Typo in docs
          Package resolut…
          — end · 4 items ·
         in  row 1/4 · end
        """)
    }

    @Test func noRowIsBrokenAtAnyWidth() {
        for fixture in [TableFixtures.githubIssues, TableFixtures.hackerNewsStories, TableFixtures.stripeCustomers,
                        TableFixtures.redditPosts, TableFixtures.demoShaped] {
            var state = tableState(fixture, size: Size(rows: 8, columns: 120))
            for columns in 1...120 {
                _ = state.update(.resized(Size(rows: 8, columns: columns)))
                let rendered = render(state)
                #expect(rendered.rows.count == 8)
                for row in rendered.rows {
                    #expect(DisplayWidth.of(row.text) <= columns, "\(columns) columns: \(row.text)")
                }
                // Every header shown starts where its column starts in the rows.
                let fit = ColumnFit(state.rowLayout.table!, width: columns)
                #expect(fit.placed.allSatisfy { $0.x + $0.width <= max(columns, ColumnFit.gutter) })
            }
        }
    }

    @Test func aValueLongerThanItsColumnIsClippedWithAnEllipsis() {
        let state = tableState([
            #"{"title":"short","author":"bo","score":1}"#,
            #"{"title":"a title that is much longer than the column can hold at this width","author":"an-author-name-longer-than-thirty-columns","score":123456789012345678901234}"#,
        ], size: Size(rows: 5, columns: 60))
        #expect(frame(state) == """
          title                               author               ›
        > short                               bo
          a title that is much longer than …  an-author-name-long…
          — end · 2 items · end —
         infinilist · test                    row 1/2 · end · 0 ms
        """)
    }

    @Test func aMissingFieldIsAnEmptyCellAndNullIsShown() {
        let state = tableState([
            #"{"number":1,"title":"has everything","state":"open","user":{"login":"ann"}}"#,
            #"{"number":2,"title":"no state","user":{"login":"bob"}}"#,
            #"{"number":3,"title":"null state, null user","state":null,"user":null}"#,
        ], columns: given("number,title,user.login=author,state"), size: Size(rows: 6, columns: 50))
        #expect(frame(state) == """
          number  title                      author  state
        >      1  has everything             ann     open
               2  no state                   bob
               3  null state, null user              null
          — end · 3 items · end —
         infinilist · test          row 1/3 · end · 0 ms
        """)
        let nullCell = render(state).rows[3].spans.first { $0.text == "null" }
        #expect(nullCell?.style == .dim)
    }

    /// A value that is not an object (a log line read from a pipe among JSON records) has no
    /// fields: it shows its text across the row instead of empty cells.
    @Test func anItemThatIsNotAnObjectShowsItsText() {
        let state = tableState([
            #"{"number":1,"title":"first","state":"open","user":{"login":"ann"}}"#,
            #""[INFO] a log line""#,
            #"{"number":2,"title":"second","state":"closed","user":{"login":"bob"}}"#,
        ], columns: given("number,title,user.login=author,state"), size: Size(rows: 6, columns: 50))
        let rows = render(state).rows.map(\.text)
        #expect(rows[2].contains("[INFO] a log line"), "\(rows)")
    }

    @Test func datesAreAgesRightAligned() {
        let state = tableState([
            #"{"title":"now","created_at":"2026-11-23T17:59:30Z","ok":true}"#,
            #"{"title":"minutes","created_at":"2026-11-23T17:48:00Z","ok":false}"#,
            #"{"title":"hours","created_at":"2026-11-23T15:00:00+01:00","ok":null}"#,
            #"{"title":"days","created_at":"2026-11-21T10:00:00Z","ok":true}"#,
            #"{"title":"this year","created_at":"2026-03-04T10:00:00Z","ok":true}"#,
            #"{"title":"long ago","created_at":"2019-07-01","ok":true}"#,
            #"{"title":"not a date","created_at":"soon","ok":true}"#,
        ], columns: given("title,ok,created_at=age"), size: Size(rows: 9, columns: 40))
        #expect(frame(state) == """
          title                    ok        age
        > now                      true      now
          minutes                  false     12m
          hours                    null       4h
          days                     true       2d
          this year                true    Mar 4
          long ago                 true     2019
          not a date               true     soon
         infinilist · te  row 1/7 · end · 0 ms
        """)
    }

    @Test func givenWidthsAndHeadersAreKept() {
        let state = tableState(TableFixtures.githubIssues, columns: given("number:5=#,title,user.login:8=who,created_at:9"),
                               size: Size(rows: 6, columns: 60))
        #expect(frame(state) == """
              #  title                           who       created_…
        > 78012  Crash in SILGen when a closur…  jckarter         2h
          78011  Improve diagnostics for missi…  hborla           1d
          77950  Typo in docs                    octocat         21d
          61234  Package resolution hangs behi…  a-very-…       2025
         infinilist · test                    row 1/4 · end · 0 ms
        """)
    }

    @Test func formatKeepsSingleLineRows() {
        let state = tableState(TableFixtures.githubIssues, columns: .lines, size: Size(rows: 4, columns: 60))
        #expect(state.rowLayout == .lines)
        #expect(frame(state) == """
        > Crash in SILGen when a closure captures an inout parameter
          Improve diagnostics for missing await
          Typo in docs
         infinilist · test                    row 1/4 · end · 0 ms
        """)
    }
}
