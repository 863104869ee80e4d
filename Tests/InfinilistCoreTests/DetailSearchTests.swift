import Testing
@testable import InfinilistCore

/// `/` inside the detail view: matches in the item's lines highlighted, the current one apart,
/// `n`/`N` through them with a wrap notice, Esc clearing them; wrapped and cut lines alike.
@Suite struct DetailSearchTests {
    private func detailState(_ json: String, size: Size) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "t"), size: size)
        _ = state.start()
        state.answer([Item(json: json, text: "x")], end: EndReason("end"))
        state.press(.char("l"))
        return state
    }

    private func view(_ state: AppState) -> DetailView? {
        if case .detail(let view) = state.mode { return view }
        return nil
    }

    private static let issue = #"{"number":1,"title":"Login fails","user":{"login":"octocat","id":7},"body":"Cannot log in with the login form","labels":["login"]}"#

    @Test func slashHighlightsEveryMatchAndTheFirstIsCurrent() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        state.type("/login")
        #expect(render(state).rows.last?.text.hasPrefix("/login") == true)
        state.press(.enter)
        let rows = render(state).rows
        #expect(rows[2].spans.contains(Span("Login", .currentMatch)))
        #expect(rows[4].spans.contains(Span("login", .match)))
        #expect(rows[7].spans.contains(Span("login", .match)))
        #expect(rows[9].spans.contains(Span("login", .match)))
        // "log in" is not "login".
        #expect(rows.last?.text.contains("match 1/4 · row 1") == true)
        // Nothing else changed: the same text as before the search.
        #expect(render(state).text.components(separatedBy: "\n").dropLast() == render(detailState(Self.issue, size: Size(rows: 14, columns: 60))).text.components(separatedBy: "\n").dropLast())
    }

    @Test func nAndCapitalNGoThroughTheMatchesAndWrapWithANotice() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        state.type("/login")
        state.press(.enter)
        state.press(.char("n"))
        #expect(render(state).rows[4].spans.contains(Span("login", .currentMatch)))
        #expect(render(state).rows[2].spans.contains(Span("Login", .match)))
        state.press(.char("n"), .char("n"))
        #expect(view(state)?.search?.current == 3)
        #expect(state.notice == nil)
        state.press(.char("n"))
        #expect(view(state)?.search?.current == 0)
        #expect(state.notice == .searchWrapped)
        #expect(render(state).rows.last?.text.hasPrefix(" search wrapped") == true)
        state.press(.char("N"))
        #expect(view(state)?.search?.current == 3)
        #expect(state.notice == .searchWrapped)
        state.press(.char("N"))
        #expect(view(state)?.search?.current == 2)
        #expect(state.notice == nil)
    }

    @Test func escClearsTheSearchThenGoesBack() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        state.type("/login")
        state.press(.enter, .escape)
        #expect(view(state)?.search == nil)
        #expect(!render(state).rows.contains { $0.spans.contains { $0.style == .match || $0.style == .currentMatch } })
        state.press(.escape)
        #expect(state.mode == .list)
    }

    @Test func qAndLeftGoBackAtOnce() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        state.type("/login")
        state.press(.enter, .char("q"))
        #expect(state.mode == .list)
    }

    @Test func escAtThePromptCancelsIt() {
        var state = detailState(Self.issue, size: Size(rows: 6, columns: 60))
        state.type("/log")
        state.press(.backspace)
        #expect(view(state)?.prompt?.text == "lo")
        state.press(.escape)
        #expect(view(state)?.prompt == nil)
        #expect(view(state)?.search == nil)
        #expect(state.mode != .list)
        // Keys are the detail view's again.
        state.press(.char("j"))
        #expect(view(state)?.top == 1)
    }

    @Test func notFoundSaysSoAndNWithNoSearchRings() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        #expect(state.press(.char("n")) == [.bell])
        #expect(state.notice == .noPreviousSearch)
        state.type("/zebra")
        state.press(.enter)
        #expect(state.notice == .notFound(query: "zebra"))
        #expect(view(state)?.search == nil)
    }

    @Test func anEmptyQueryRepeatsTheLastOne() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        state.type("/octocat")
        state.press(.enter, .char("/"), .enter)
        #expect(view(state)?.search?.matcher.query == "octocat")
    }

    /// A match far down an item is scrolled to; wrapped or cut, it is found where it is shown.
    @Test func aMatchBelowTheScreenIsScrolledToAndCutLinesSaySo() {
        let body = String(repeating: "lorem ipsum ", count: 40) + "NEEDLE at the end"
        let json = #"{"id":1,"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"body":"\#(body)","z":"needle too"}"#
        var state = detailState(json, size: Size(rows: 8, columns: 80))
        state.type("/needle")
        state.press(.enter)
        guard let shown = view(state) else { return }
        #expect(shown.top > 0)
        // The current match is on screen (it may be cut in two by the wrap).
        let rows = render(state).rows
        #expect(rows.contains { $0.spans.contains { $0.style == .currentMatch } }, "\(render(state).text)")
        #expect(rows.flatMap(\.spans).filter { $0.style == .currentMatch }.map(\.text).joined() == "NEEDLE")
        state.press(.char("w"))
        // Cut at the edge, the body's match is past it, and the status line says so.
        #expect(render(state).rows.last?.text.contains("match 1/2 past the edge (w wraps)") == true, "\(render(state).text)")
        state.press(.char("n"))
        #expect(render(state).rows.contains { $0.spans.contains(Span("needle", .currentMatch)) })
        #expect(render(state).rows.last?.text.contains("match 2/2 ·") == true)
        // Wrapped again, the match is still highlighted where it is laid out.
        state.press(.char("w"))
        #expect(view(state)?.allRows(width: 80).contains { $0.contains(Span("needle", .currentMatch)) } == true)
    }

    /// Matches are found in what is shown: a control character is matched as its escape, and
    /// a match never puts one on the screen.
    @Test func matchesAreFoundInTheSanitizedText() {
        var state = detailState(#"{"t":"a\u202Eb c"}"#, size: Size(rows: 6, columns: 40))
        state.type("/202E")
        state.press(.enter)
        let text = render(state).text
        #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
        #expect(render(state).rows[1].spans.contains(Span("202E", .currentMatch)))
    }

    /// The search keeps working as the screen is resized: matches stay highlighted.
    @Test func aResizeKeepsTheHighlight() {
        var state = detailState(Self.issue, size: Size(rows: 14, columns: 60))
        state.type("/octocat")
        state.press(.enter)
        _ = state.update(.resized(Size(rows: 10, columns: 20)))
        #expect(render(state).rows.contains { $0.spans.contains { $0.style == .currentMatch } })
        for row in render(state).rows { #expect(DisplayWidth.of(row.text) <= 20) }
    }
}
