import Testing
@testable import InfinilistCore

/// A line of input that is not JSON is drawn dimmed, and a note about input that could not be
/// kept in the error style, as single lines and among a table's rows; JSON rows stay plain.
@Suite struct RowKindRenderTests {
    private static let rows: [Item] = [
        Item(json: #"{"title":"first","author":"ann","score":1}"#, text: "first"),
        Item(json: #""INFO started""#, text: "INFO started", kind: .text),
        Item(json: #""✗ a value of 2 MiB at byte 40 is longer than --max-page-bytes (1 MiB): skipped""#,
             text: "✗ a value of 2 MiB at byte 40 is longer than --max-page-bytes (1 MiB): skipped", kind: .problem),
        Item(json: #"{"title":"second","author":"bob","score":2}"#, text: "second"),
    ]

    private func state(columns: ColumnChoice) -> AppState {
        var config = AppConfig(sourceName: "stdin", prefetch: 1)
        config.columns = columns
        var state = AppState(config: config, size: Size(rows: 8, columns: 100))
        let first = loads(state.start())
        _ = state.update(.pageLoaded(PageResult(request: first[0], items: Self.rows, end: EndReason("end of input"), latency: 0.01)))
        return state
    }

    /// The styles of the spans of the row showing `text`, but the pointer and blank gutter.
    private func styles(_ frame: Frame, rowWith text: String) -> Set<Style> {
        guard let row = frame.rows.first(where: { $0.text.contains(text) }) else { return [] }
        return Set(row.spans.filter { $0.style != .pointer && !$0.text.allSatisfy { $0 == " " } }.map(\.style))
    }

    @Test(arguments: [ColumnChoice.lines, .auto])
    func textLinesAreDimAndProblemsAreErrors(columns: ColumnChoice) {
        let state = state(columns: columns)
        if columns == .auto { #expect(state.rowLayout.table != nil, "the objects make a table") }
        let frame = render(state)
        #expect(styles(frame, rowWith: "INFO started") == [.textLine])
        #expect(styles(frame, rowWith: "longer than --max-page-bytes") == [.error])
        #expect(styles(frame, rowWith: "first") == [.normal])
    }

    @Test func aSearchMatchInATextLineIsHighlightedAndTheRestStaysDim() {
        var state = state(columns: .lines)
        _ = state.update(.key(.char("/")))
        for character in "started" { _ = state.update(.key(.char(character))) }
        _ = state.update(.key(.enter))
        let frame = render(state)
        guard let row = frame.rows.first(where: { $0.text.contains("INFO started") }) else {
            Issue.record("no row shows the text line:\n\(frame.text)")
            return
        }
        #expect(row.spans.contains(Span("started", .match)))
        #expect(row.spans.contains(Span("INFO ", .textLine)))
    }
}
