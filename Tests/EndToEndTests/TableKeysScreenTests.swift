import Foundation
import Testing

/// The table's keys on a real terminal: the column picker (`c`), `<`/`>` scrolling the columns of
/// a table wider than the pane, and `/` inside the detail view.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end table tests skipped"))
struct TableKeysScreenTests {
    /// `c` lists the demo's columns, checked; Space on `score` hides it, Enter lays the table out
    /// without it, the right-aligned columns still under their headers.
    @Test func thePickerHidesAColumnAndEnterAppliesIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        try await tmux.waitFor("the table") { rows in
            StatusCounts(rows)?.loaded ?? 0 >= 50 && rows.first?.hasSuffix("score  comments  created_at") == true
        }
        try tmux.send("c")
        // The whole picker, not its first line alone: under load a capture can catch the frame
        // halfway drawn (a fresh-clone run did, once).
        let picker = try await tmux.waitFor("the picker") { rows in
            rows.contains { $0.contains("--columns 'title,author,score,comments,created_at'") }
                && rows.contains { $0.hasPrefix("  [ ] id") }
        }
        #expect(picker.contains { $0.hasPrefix("> [x] title") })
        #expect(picker.contains { $0.hasPrefix("  [x] score") })
        #expect(picker.contains { $0.hasPrefix("  [ ] id") })
        try tmux.send("Down", "Down", "Space")
        try await tmux.waitFor(text: "--columns 'title,author,comments,created_at'")
        try await tmux.waitFor("the unchecked field") { $0.contains { $0.hasPrefix("> [ ] score") } }
        try tmux.send("Enter")
        let countAndAge = #"  ( *[0-9]+)  ( *(now|[0-9]+[mhd]|[A-Z][a-z][a-z] [0-9]+|[0-9]{4}))$"#
        // Every row, not just the header: a capture can catch the terminal halfway through the
        // frame that replaces the picker.
        let rows = try await tmux.waitFor("the table without score") { rows in
            rows.first?.hasPrefix("  title") == true && rows.first?.hasSuffix("author          comments  created_at") == true
                && rows.count > 20 && rows[1..<20].allSatisfy { $0.range(of: countAndAge, options: .regularExpression) != nil }
        }
        #expect(!rows[0].contains("score"))
        for row in rows[1..<20] {
            // Each count's last digit sits under the header's last letter.
            let cells = Array(row)
            guard cells.count > "  created_at".count else {
                Issue.record("row too short: \(row)")
                continue
            }
            #expect(cells[cells.count - "  created_at".count - 1] != " ", "\(row)")
            #expect(cells[cells.count - "  created_at".count] == " ", "\(row)")
        }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// At 40 columns only the title fits: `>` scrolls it away for the author and the counts,
    /// `<` brings it back; the header scrolls with the cells and `‹`/`›` say what is hidden.
    @Test func lessAndGreaterScrollTheColumnsOfANarrowPane() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], columns: 40, rows: 12)
        defer { tmux.close() }
        let start = try await tmux.waitFor("the table") { rows in
            StatusCounts(rows)?.loaded ?? 0 >= 50 && rows.first?.hasPrefix("  title") == true
        }
        #expect(start[0].hasSuffix("›"))
        try tmux.send(">")
        let scrolled = try await tmux.waitFor("the columns after the title") { $0.first?.hasPrefix("‹ author") == true }
        #expect(scrolled[0].contains("score  comments"))
        #expect(scrolled[0].hasSuffix("›"))
        // The author's cells are under its header, the cursor still on the first row.
        #expect(scrolled[1].hasPrefix("> "))
        #expect(!scrolled[1].dropFirst(2).hasPrefix(" "))
        #expect(StatusCounts(scrolled)?.row == 1)
        try tmux.send(">")
        let last = try await tmux.waitFor("the last column") { $0.first?.hasSuffix("created_at") == true }
        #expect(last[0].hasPrefix("‹ "))
        try tmux.send("<", "<")
        try await tmux.waitFor("the title again") { $0.first?.hasPrefix("  title") == true }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// `/` in the detail view finds the field, `n` wraps around with a notice, Esc clears the
    /// search and a second Esc goes back to the list.
    @Test func slashSearchesTheDetailView() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], columns: 80, rows: 20)
        defer { tmux.close() }
        try await tmux.waitFor("the table") { StatusCounts($0)?.loaded ?? 0 >= 50 }
        try tmux.send("Right")
        try await tmux.waitFor(text: "\"comments\":")
        try tmux.send("/", "topic", "Enter")
        let found = try await tmux.waitFor(text: "match 1/1")
        #expect(found.contains { $0.contains("\"topic\":") })
        try tmux.send("n")
        try await tmux.waitFor(text: "search wrapped")
        try tmux.send("Escape")
        try await tmux.waitFor("the search cleared") { rows in
            rows.last?.contains("lines 1–") == true && rows.last?.contains("match") == false
        }
        try tmux.send("Escape")
        try await tmux.waitFor("the list") { $0.first?.hasPrefix("  title") == true && StatusCounts($0) != nil }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Rows whose titles are Thai or Devanagari (combining marks, spacing vowel signs), start with
    /// Arabic prepended marks or hold the rainbow flag put the next column in the same cell of
    /// tmux's own grid as ASCII rows, on the first paint, after
    /// rows are partly rewritten (the cursor moves) and after a resize. tmux's copy mode finds
    /// where each name is in its grid, whatever the program believes.
    @Test func thaiAndDevanagariRowsAreAlignedInTmuxsGrid() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let titles = [
            "plain ascii title", "วิธีเขียนโปรแกรมให้อ่านง่ายขึ้น", "डेटाबेस इंडेक्स कैसे काम करते हैं",
            "ภาษาไทยกับการตัดคำในเทอร์มินัล", "हिंदी में प्रोग्रामिंग सीखने के पाँच तरीके", "น้ำตำลึงขึ้นที่นี่ ฯลฯ",
            // Prepended concatenation marks (format characters drawn as one column each) and a
            // flag whose base is an emoji of text presentation (one column, not two).
            "\u{600}\u{601} prepended marks", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} pride flag",
        ]
        // Names as long as the header "author", so the copy cursor lands on the same column.
        let names = ["alpha1", "bravo2", "charl3", "delta4", "echo55", "foxtr6", "golf77", "hotel8"]
        let lines = zip(titles, names).map { #"{"title": "\#($0)", "author": "\#($1)", "score": 1}"# }
        try (lines.joined(separator: "\n") + "\n").write(to: directory.file("items.jsonl"), atomically: true, encoding: .utf8)
        let tmux = try await TmuxSession(arguments: [directory.file("items.jsonl").path], columns: 80, rows: 12)
        defer { tmux.close() }
        try await tmux.waitFor("the table") { $0.first?.hasPrefix("  title") == true && $0.contains { $0.contains("hotel8") } }
        func columns() throws -> [String: Int] {
            var found: [String: Int] = [:]
            for word in ["author"] + names {
                _ = try tmux.query(["copy-mode", "-t", "e2e"])
                _ = try tmux.query(["send-keys", "-t", "e2e", "-X", "history-top"])
                _ = try tmux.query(["send-keys", "-t", "e2e", "-X", "search-forward", word])
                let x = try tmux.query(["display", "-p", "-t", "e2e", "#{copy_cursor_x}"]).trimmingCharacters(in: .whitespacesAndNewlines)
                _ = try tmux.query(["send-keys", "-t", "e2e", "-X", "cancel"])
                found[word] = Int(x)
            }
            return found
        }
        let first = try columns()
        #expect(Set(first.values).count == 1, "\(first)")
        #expect(first.count == names.count + 1)
        try tmux.send("Down", "Down", "Down")
        try await tmux.waitFor("the cursor on row 4") { $0.contains { $0.hasPrefix("> ภาษาไทย") } }
        let moved = try columns()
        #expect(moved == first, "\(moved)")
        try tmux.resize(columns: 66, rows: 12)
        try await tmux.waitFor("the narrower table") { rows in rows.count == 12 && rows.allSatisfy { $0.count <= 66 } }
        // The narrower rows may be painted a few at a time on a busy machine: look until they
        // are all laid out again (or give up after ten seconds).
        var resized = try columns()
        for _ in 0..<50 where Set(resized.values).count != 1 {
            try await Task.sleep(for: .milliseconds(200))
            resized = try columns()
        }
        #expect(Set(resized.values).count == 1, "\(resized)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
