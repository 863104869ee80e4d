import Testing
@testable import InfinilistCore

/// How a table behaves as pages arrive, the screen changes and the user searches, filters, marks
/// and moves.
@Suite struct TableBehaviourTests {
    /// Story `n`, with a title and an author as wide as asked.
    private func story(_ n: Int, title: Int = 10, author: Int = 4) -> String {
        let name = String(repeating: "t", count: max(0, title - String(n).count - 1))
        return #"{"id":\#(n),"title":"\#(n) \#(name)","author":"\#(String(repeating: "a", count: author))","score":\#(n),"created_at":"2026-11-23T17:00:00Z"}"#
    }

    private func loadNext(_ state: inout AppState, _ jsons: [String]) {
        guard case .loading(let request, _) = state.loading.tail else {
            Issue.record("no page loading")
            return
        }
        _ = state.update(.pageLoaded(PageResult(request: request, items: jsonItems(jsons))))
    }

    /// A live stream's first page is one event: the columns its values sized widen as the first
    /// rows arrive (issue 33.7), and the cursor stays on its row.
    @Test func widthsWidenWhileTheFirstRowsArrive() {
        var state = tableState((1...5).map { story($0) }, size: Size(rows: 12, columns: 80), end: nil)
        _ = state.update(.key(.end))
        #expect(state.rowLayout.table?.columns.first { $0.header == "author" }?.width == 6)
        let cursor = state.viewport.cursor
        loadNext(&state, (6...10).map { story($0, title: 50, author: 25) })
        #expect(state.rowLayout.table?.columns.first { $0.header == "author" }?.width == Column.maxTextWidth)
        #expect(state.viewport.cursor == cursor)
        let text = render(state).text
        #expect(text.contains(String(repeating: "a", count: 19) + "…"), "\(text)")
    }

    @Test func widthsDoNotMoveOnceTheFirstRowsAreIn() {
        let settled = ColumnLayout.settlingRows
        var state = tableState((1...settled).map { story($0) }, size: Size(rows: 12, columns: 60), end: nil)
        let header = render(state).rows[0]
        let before = ColumnFit(state.rowLayout.table!, width: 60)
        _ = state.update(.key(.end))
        loadNext(&state, ((settled + 1)...(settled + 5)).map { story($0, title: 50, author: 25) })
        #expect(render(state).rows[0] == header)
        #expect(ColumnFit(state.rowLayout.table!, width: 60) == before)
        // The long author is cut at the width the first rows gave its column.
        let text = render(state).text
        #expect(text.contains("aaa…"))
        #expect(!text.contains(String(repeating: "a", count: 25)))
    }

    @Test func theHeaderStaysOnTopWhileScrolling() {
        var state = tableState((1...40).map { story($0) }, size: Size(rows: 6, columns: 50))
        let header = render(state).rows[0]
        #expect(header.text.hasPrefix("  title"))
        for _ in 0..<20 { _ = state.update(.key(.down)) }
        _ = state.update(.key(.pageDown))
        let rows = render(state).rows
        #expect(rows[0] == header)
        #expect(state.viewport.top > 0)
        // Four item rows under the header, above the status line.
        #expect(state.viewport.height == 4)
        #expect(rows[1].text.hasPrefix(">") || rows[1...4].contains { $0.text.hasPrefix(">") })
    }

    @Test func aResizeLaysTheTableOutAgain() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 7, columns: 120))
        #expect(render(state).rows[0].text.contains("created_at"))
        _ = state.update(.resized(Size(rows: 7, columns: 40)))
        #expect(render(state).rows[0].text == "  number  title                        ›")
        _ = state.update(.resized(Size(rows: 7, columns: 120)))
        #expect(render(state).rows[0].text.contains("created_at"))
        #expect(state.viewport.height == 5)
    }

    @Test func movingTheCursorChangesOnlyTheGutters() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        let before = render(state)
        _ = state.update(.key(.down))
        let after = render(state)
        var changed: [Int] = []
        for y in 0..<(before.rows.count - 1) where before.rows[y] != after.rows[y] {
            changed.append(y)
            // Everything after the two gutter columns is the same.
            #expect(before.rows[y].text.dropFirst(2) == after.rows[y].text.dropFirst(2))
        }
        #expect(changed == [1, 2])
    }

    @Test func searchFindsAValueInAnyColumnAndHighlightsIt() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 120))
        for key in "/octocat" { _ = state.update(.key(.char(key))) }
        _ = state.update(.key(.enter))
        #expect(state.viewport.cursor == 2)
        let row = render(state).rows[3]
        #expect(row.spans.contains(Span("octocat", .match)))
        // A date is found by its text as written, and its age is highlighted whole.
        for key in "/2025-03" { _ = state.update(.key(.char(key))) }
        _ = state.update(.key(.enter))
        #expect(state.viewport.cursor == 3)
        #expect(render(state).rows[4].spans.contains(Span("2025", .match)))
    }

    @Test func theFilterKeepsRowsMatchingAnyColumn() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        for key in "&closed" { _ = state.update(.key(.char(key))) }
        _ = state.update(.key(.enter))
        #expect(state.visibleCount == 1)
        let rows = render(state).rows
        #expect(rows[0].text.hasPrefix("  number"))
        #expect(rows[1].text.contains("Typo in docs"))
        #expect(rows[1].spans.contains(Span("closed", .match)))
    }

    @Test func marksShowInTheGutterOfTableRows() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        _ = state.update(.key(.tab))
        let rows = render(state).rows
        #expect(rows[1].text.hasPrefix(" *"))
        #expect(rows[2].text.hasPrefix(">"))
        guard case .quit(_, let output)? = state.update(.key(.enter)).first else {
            Issue.record("Enter did not quit")
            return
        }
        // Enter prints the item's JSON as the server sent it, not the row.
        #expect(output.count == 1)
        #expect(output.first?.hasPrefix(#"{"url":"https://api.github.com/repos/apple/swift/issues/78012""#) == true)
    }

    @Test func aClickOnTheHeaderSelectsNothingAndRowsAreOneLower() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        _ = state.update(.mouse(.click(y: 0)))
        #expect(state.viewport.cursor == 0)
        _ = state.update(.mouse(.click(y: 3)))
        #expect(state.viewport.cursor == 2)
    }

    @Test func aScreenWithRoomForOneRowShowsTheRowNotTheHeader() {
        var state = tableState(TableFixtures.hackerNewsStories, size: Size(rows: 2, columns: 60))
        #expect(render(state).rows[0].text.hasPrefix("> Show HN"))
        _ = state.update(.mouse(.click(y: 0)))
        #expect(state.viewport.cursor == 0)
        _ = state.update(.resized(Size(rows: 3, columns: 60)))
        #expect(render(state).rows.map(\.text.first) == [" ", ">", " "])
        #expect(render(state).rows[0].text.hasPrefix("  title"))
        #expect(state.viewport.height == 1)
    }

    @Test func agesFollowTheWallClock() {
        var state = tableState(TableFixtures.hackerNewsStories, size: Size(rows: 6, columns: 80))
        #expect(render(state).rows[1].text.hasSuffix("18m"))
        _ = state.update(.wallClock(WallClock(seconds: TableFixtures.now.seconds + 2 * 3600)))
        #expect(render(state).rows[1].text.hasSuffix("2h"))
    }

    @Test func theDetailViewUsesTheWholeHeight() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        _ = state.update(.key(.char("l")))
        let rows = render(state).rows
        #expect(rows.count == 8)
        #expect(rows[0].text.hasPrefix("{"))
        #expect(!rows[6].text.isEmpty)
    }

    @Test func aRefreshKeepsTheColumns() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80), end: nil)
        let layout = state.rowLayout
        _ = state.update(.key(.char("R")))
        loadNext(&state, [TableFixtures.githubIssue(1, "x", "y", "open", 1, "2026-11-23T10:00:00Z")])
        #expect(state.rowLayout == layout)
        #expect(render(state).rows[1].text.contains("x"))
    }

    @Test func replacingTheColumnsLaysOutTheLoadedItemsAgain() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 60))
        for key in "&octocat" { _ = state.update(.key(.char(key))) }
        _ = state.update(.key(.enter))
        #expect(state.visibleCount == 1)
        let values = TableFixtures.githubIssues.compactMap { try? JSONParser.parse($0) }
        let layout = ColumnLayout(specs: (try? ColumnSpec.parseList("title,state")) ?? [], flexible: 0, firstPage: values)
        state.replaceColumns(layout)
        // The filter matched the login, which is no longer a column.
        #expect(state.visibleCount == 0)
        for key in "&closed" { _ = state.update(.key(.char(key))) }
        _ = state.update(.key(.enter))
        let rows = render(state).rows.map(\.text)
        #expect(rows[0] == "  title" + String(repeating: " ", count: 47) + "state")
        #expect(rows[1].hasPrefix("> Typo in docs"))
        #expect(rows[1].hasSuffix("closed"))
    }

    @Test func anEmptyFirstPageLeavesTheChoiceToTheNextOne() {
        var state = tableState([], size: Size(rows: 8, columns: 80), end: nil)
        #expect(state.rowLayout == .undecided)
        _ = state.update(.key(.end))
        if case .idle = state.loading.tail { _ = state.update(.key(.char("r"))) }
        loadNext(&state, TableFixtures.hackerNewsStories)
        #expect(state.rowLayout.table?.specText == "title,author,points,num_comments,created_at")
    }
}
