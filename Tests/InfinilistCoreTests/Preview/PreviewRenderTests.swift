import Testing
@testable import InfinilistCore

/// Snapshot tests of frames with the preview pane: beside and under a table, a narrow screen,
/// wrapping, single-line rows.
@Suite struct PreviewRenderTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    @Test func besideATable() {
        let state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 80), percent: 45)
        #expect(frame(state) == """
          title            author  score  comments › │ row 1/12
        > Story number 1   ann         7         1   │ {
          Story number 2   ann        14         2   │   "id": 1,
          Story number 3   ann        21         3   │   "title": "Story number 1",
          Story number 4   ann        28         4   │   "author": "ann",
          Story number 5   ann        35         5   │   "score": 7,
          Story number 6   ann        42         6   │   "comments": 1,
          Story number 7   ann        49         7   │   "created_at": "2026-11-23T17:00
          Story number 8   ann        56         8   │     :00Z"
          Story number 9   ann        63         9   │ }
          Story number 10  ann        70        10   │
         infinilist · test                                       row 1/12 · end · 0 ms
        """)
        let rows = render(state).rows
        // Coloured as the detail view colours it; the title level with the table's header.
        #expect(rows[0].spans.last == Span("row 1/12", .header))
        #expect(rows[2].spans.contains(Span("\"id\"", .jsonKey)))
        #expect(rows[2].spans.contains(Span("1", .jsonNumber)))
        #expect(rows[1].spans.contains(Span("│", .dim)))
        for row in rows { #expect(DisplayWidth.of(row.text) <= 80) }
    }

    @Test func underATable() {
        let state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 50), position: .bottom)
        #expect(frame(state) == """
          title                  author  score  comments ›
        > Story number 1         ann         7         1
          Story number 2         ann        14         2
          Story number 3         ann        21         3
          Story number 4         ann        28         4
        ── row 1/12 · lines 1–5/8 ────────────────────────
        {
          "id": 1,
          "title": "Story number 1",
          "author": "ann",
          "score": 7,
         infinilist · test         row 1/12 · end · 0 ms
        """)
        #expect(state.viewport.height == 4)
    }

    /// Beside a list that would be narrower than 40 columns, the pane goes under it.
    @Test func aNarrowScreenHasThePaneUnderTheList() {
        let state = previewState(PreviewFixtures.stories(12), size: Size(rows: 12, columns: 60))
        #expect(state.previewGeometry == .bottom(listHeight: 5))
        let rows = render(state).rows
        #expect(rows[5].text.hasPrefix("── row 1/12 · lines 1–5/8 ──"))
        #expect(rows[6].text == "{")
    }

    /// Too small for either: the list has the screen and the status line says why there is no pane.
    @Test func aTinyScreenHidesThePaneWithANote() {
        let state = previewState(PreviewFixtures.stories(12), size: Size(rows: 6, columns: 30))
        #expect(frame(state) == """
          title               author ›
        > Story number 1      ann
          Story number 2      ann
          Story number 3      ann
          Story number 4      ann
         row 1/12 · preview: no room
        """)
    }

    @Test func longStringsWrapInThePane() {
        let long = "A title long enough to wrap in the pane beside the list, twice over"
        let state = previewState([PreviewFixtures.story(1, title: long)] + PreviewFixtures.stories(3).dropFirst(),
                                 size: Size(rows: 10, columns: 70), percent: 40)
        let rows = render(state).rows
        let pane = rows.dropLast().map { row in
            var text = String(row.text.dropFirst(45))
            while text.last == " " { text.removeLast() }
            return text
        }
        #expect(pane[0] == "row 1/3 · lines 1–8/12")
        #expect(pane[3] == #"  "title": "A title long"#)
        #expect(pane[4] == "    enough to wrap in the")
        #expect(pane[5] == "     pane beside the list")
        #expect(pane[6] == #"    , twice over","#)
        #expect(rows[4].spans.contains(Span("enough to wrap in the", .jsonString)))
        for row in rows { #expect(DisplayWidth.of(row.text) <= 70) }
    }

    /// `--format` rows: one line of text each, the pane beside them.
    @Test func besideSingleLineRows() {
        let state = previewState(PreviewFixtures.stories(5), size: Size(rows: 8, columns: 70), percent: 40, columns: .lines)
        let rows = render(state).rows
        #expect(rows[0].text.hasPrefix("> Story number 1 "))
        #expect(rows[0].text.hasSuffix(" │ row 1/5 · lines 1–6/10"))
        #expect(rows[1].text.hasSuffix(" │ {"))
        #expect(rows[4].text.hasPrefix("  Story number 5 "))
        #expect(rows[5].text.hasPrefix("  — end · 5 items · end —"))
    }
}
