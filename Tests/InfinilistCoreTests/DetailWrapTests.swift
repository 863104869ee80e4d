import Testing
@testable import InfinilistCore

/// The detail view wraps long lines by default, so a long value is read whole by scrolling;
/// `w` cuts them at the edge instead, and back, keeping the place in the item.
@Suite struct DetailWrapTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    private func detailState(_ json: String, size: Size) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "t"), size: size)
        _ = state.start()
        state.answer([Item(json: json, text: "x")], end: EndReason("end"))
        state.press(.char("l"))
        return state
    }

    @Test func longLinesWrapUnderTheirKey() {
        let state = detailState(#"{"id":1,"title":"a long title that does not fit in one row"}"#, size: Size(rows: 8, columns: 24))
        #expect(frame(state) == """
        {
          "id": 1,
          "title": "a long title
             that does not fit i
            n one row"
        }

           lines 1–6/6 · row 1
        """)
        let rows = render(state).rows
        #expect(rows[3].spans == [Span("    "), Span(" that does not fit i", .jsonString)])
    }

    @Test func wCutsLongLinesAndBringsTheWrapBack() {
        var state = detailState(#"{"id":1,"title":"a long title that does not fit in one row"}"#, size: Size(rows: 6, columns: 24))
        state.press(.char("w"))
        #expect(frame(state) == """
        {
          "id": 1,
          "title": "a long title
        }

           lines 1–4/4 · row 1
        """)
        state.press(.char("w"))
        #expect(frame(state).contains(" that does not fit i"))
    }

    /// A 2 KB value, in an 80x24 screen: every character of it is on some row, in order, when
    /// scrolling from top to bottom.
    @Test func aTwoKilobyteStringIsReadableByScrolling() {
        let value = (0..<2048).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined()
        var state = detailState(#"{"id":1,"body":"\#(value)"}"#, size: Size(rows: 24, columns: 80))
        var seen: [String] = []
        var lastTop = -1
        while true {
            guard case .detail(let view) = state.mode else { Issue.record("left the detail view"); return }
            if view.top == lastTop { break }
            let rows = render(state).rows.dropLast()
            let fresh = lastTop < 0 ? rows.count : view.top - lastTop
            seen += rows.suffix(min(fresh, rows.count)).map(\.text)
            lastTop = view.top
            state.press(.char("j"))
        }
        let text = seen.joined().replacingOccurrences(of: " ", with: "")
        #expect(text.contains(value), "the whole value is shown across the rows")
        for row in seen { #expect(DisplayWidth.of(row) <= 80) }
    }

    @Test func theScrollPlaceIsKeptWhenToggling() {
        let long = String(repeating: "word ", count: 60)
        var state = detailState(#"{"a":"\#(long)","b":2,"c":3}"#, size: Size(rows: 5, columns: 30))
        state.press(.char("G"))
        #expect(frame(state).contains(#""c": 3"#))
        state.press(.char("w"))
        #expect(frame(state).contains(#""c": 3"#))
    }

    @Test func wIsInTheDetailViewsKeyTable() {
        #expect(KeyMap.detail.action(for: .char("w")) == .toggleWrap)
        // The list's `w` writes the view.
        #expect(KeyMap.list.action(for: .char("w")) == .write)
    }
}
