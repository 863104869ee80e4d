import Testing
import TestThreads
@testable import InfinilistCore

/// `<` and `>` in a table wider than the screen scroll the columns one at a time (an id or a
/// number first column stays), the header with the cells, `‹`/`›` saying what is hidden; when
/// the columns fit, or rows are lines, they go to the first and last row as before.
@Suite(.ownThread) struct ColumnScrollTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    @Test func greaterThanShowsTheColumnsHiddenOnTheRight() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 7, columns: 80))
        #expect(render(state).rows[0].text == "  number  title                         login                 state   comments ›")
        #expect(state.press(.char(">")) == [])
        #expect(frame(state) == """
        ‹ number  login                 state   comments  created_at
        >  78012  jckarter              open           3          2h
           78011  hborla                open          12          1d
           77950  octocat               closed         0         21d
           61234  a-very-long-login-n…  open         145        2025
          — end · 4 items · end —
         infinilist · test                                        row 1/4 · end · 0 ms
        """)
        // Everything is in sight: a bell, nothing moves.
        #expect(state.press(.char(">")) == [.bell])
        #expect(state.press(.char("<")) == [])
        #expect(render(state).rows[0].text.hasPrefix("  number  title"))
        #expect(state.press(.char("<")) == [.bell])
        // The cursor did not move.
        #expect(state.viewport.cursor == 0)
    }

    /// Scrolled past the title, a text column at the right end takes the width left beside it:
    /// `html_url` was cut at 20 columns with the rest of the screen blank (issue 33.11).
    @Test func aTextColumnAtTheRightEndTakesTheWidthLeft() {
        let url = "https://example.com/issues/78012"
        let items = (1...3).map { #"{"number":\#($0),"title":"Title \#($0) of an issue","state":"open","html_url":"\#(url)"}"# }
        var state = tableState(items, columns: given("number,title,state,html_url"), size: Size(rows: 6, columns: 50))
        #expect(!render(state).text.contains(url))
        _ = state.press(.char(">"))
        let rows = render(state).rows.map(\.text)
        #expect(rows[1].contains(url), "\(rows)")
        // A date or a number at the right end keeps its width (the GitHub issues above).
    }

    @Test func atFortyColumnsEveryColumnIsReachedOneAtATime() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 4, columns: 40))
        var headers = [render(state).rows[0].text]
        while headers.count < 10, state.press(.char(">")) == [] { headers.append(render(state).rows[0].text) }
        #expect(headers == [
            "  number  title                        ›",
            "‹ number  login                 state  ›",
            "‹ number  state   comments  created_at",
        ])
    }

    /// A flexible first column (the title) is not pinned: it scrolls away like the others.
    @Test func aTitleFirstScrollsAway() {
        var state = tableState(TableFixtures.demoShaped, size: Size(rows: 4, columns: 40))
        #expect(render(state).rows[0].text == "  title                     author     ›")
        state.press(.char(">"))
        #expect(render(state).rows[0].text == "‹ author      score  comments          ›")
        #expect(render(state).rows[1].text == "> 김민준        812        33")
    }

    @Test func theHeaderScrollsWithTheCells() {
        for width in stride(from: 20, through: 100, by: 7) {
            var state = tableState(TableFixtures.githubIssues, size: Size(rows: 6, columns: width))
            var steps = 0
            repeat {
                steps += 1
                guard let layout = state.rowLayout.table, let fit = state.currentColumnFit else { return }
                let header = render(state).rows[0].text
                let row = render(state).rows[1].text
                for placed in fit.placed {
                    let column = layout.columns[placed.column]
                    let headerCell = String(Array(header).dropFirst(placed.x).prefix(placed.width))
                    #expect(headerCell.trimmingSpaces == column.header || headerCell.hasSuffix("…"), "\(width): \(header)")
                    // The row's cell is under it: ASCII fixtures, so characters are columns.
                    let cell = String(Array(row).dropFirst(placed.x).prefix(placed.width))
                    #expect(!cell.trimmingSpaces.isEmpty, "\(width): \(row)")
                }
                for rendered in render(state).rows { #expect(DisplayWidth.of(rendered.text) <= width) }
                // Where everything fits, `>` is the last row: nothing to scroll.
            } while steps < 10 && state.currentColumnFit?.canScroll == true && state.press(.char(">")) == []
        }
    }

    @Test func whenTheColumnsFitTheyMeanFirstAndLastRow() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 120))
        #expect(!render(state).rows[0].text.contains("›"))
        state.press(.char(">"))
        #expect(state.viewport.cursor == 3)
        state.press(.char("<"))
        #expect(state.viewport.cursor == 0)
        #expect(state.columnOffset == 0)
    }

    @Test func withLineRowsTheyMeanFirstAndLastRow() {
        var state = stateWith(["a", "b", "c"])
        state.press(.char(">"))
        #expect(state.viewport.cursor == 2)
        state.press(.char("<"))
        #expect(state.viewport.cursor == 0)
    }

    @Test func aWiderScreenBringsBackWhatIsNoLongerHidden() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 6, columns: 40))
        state.press(.char(">"), .char(">"))
        #expect(render(state).rows[0].text.hasPrefix("‹ number  state"))
        _ = state.update(.resized(Size(rows: 6, columns: 80)))
        // At 80 columns one step is enough to see the last column: no more is hidden on the left.
        #expect(render(state).rows[0].text == "‹ number  login                 state   comments  created_at")
        _ = state.update(.resized(Size(rows: 6, columns: 120)))
        #expect(render(state).rows[0].text.hasPrefix("  number  title"))
        // Everything fits: `<` is the first row again.
        state.press(.char("G"), .char("<"))
        #expect(state.viewport.cursor == 0)
    }

    @Test func newColumnsStartScrolledToTheLeft() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 6, columns: 60))
        state.press(.char(">"))
        #expect(state.columnOffset == 1)
        state.press(.char("c"), .enter)
        #expect(state.columnOffset == 0)
    }

    /// At every width, stepping right from the first column shows every column at some step.
    @Test func everyColumnCanBeShownAtEveryWidth() {
        for fixture in [TableFixtures.githubIssues, TableFixtures.hackerNewsStories, TableFixtures.stripeCustomers,
                        TableFixtures.redditPosts, TableFixtures.demoShaped] {
            for width in 8...130 {
                var state = tableState(fixture, size: Size(rows: 5, columns: width))
                guard let count = state.rowLayout.table?.columns.count else { continue }
                var seen = Set<Int>()
                var steps = 0
                // From the leftmost position (a narrow screen shows the title, a number left of it).
                while steps < 5 && state.press(.char("<")) == [] { steps += 1 }
                repeat {
                    seen.formUnion(state.currentColumnFit?.placed.map(\.column) ?? [])
                    steps += 1
                } while steps < 20 && state.press(.char(">")) == []
                #expect(seen.count == count, "width \(width): \(seen.sorted()) of \(count)")
            }
        }
    }
}
