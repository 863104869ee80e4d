import Foundation
import Testing

/// The list on a real terminal (tmux): rows, status line, paging, spinner, end row, resize.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end screen tests skipped"))
struct ScreenTests {
    @Test func demoDrawsRowsAndStatusLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        let rows = try await tmux.waitFor("rows and the status line") { rows in
            StatusCounts(rows) != nil && rows.count > 1 && rows[1].hasPrefix(">")
        }
        #expect(rows.count == 30)
        #expect(rows[29].contains("infinilist · demo"))
        // The table's header row, then twenty-eight list rows, each an item.
        #expect(rows[0].hasPrefix("  title"))
        #expect(rows[1].count > 5)
        #expect(rows[1..<29].allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func pageDownLoadsMorePages() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "20"])
        defer { tmux.close() }
        let first = try await tmux.waitFor("the first page") { StatusCounts($0)?.loaded ?? 0 >= 50 }
        let before = try #require(StatusCounts(first))
        var loaded = before.loaded
        for round in 1...4 {
            try tmux.send("PageDown", "PageDown")
            let rows = try await tmux.waitFor("more rows after PgDn round \(round)") { rows in
                guard let counts = StatusCounts(rows) else { return false }
                return counts.loaded > loaded && counts.row > 1
            }
            loaded = try #require(StatusCounts(rows)).loaded
        }
        #expect(loaded >= before.loaded + 4 * 50)
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func spinnerAnimatesWhileAPageLoads() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        // A page that takes a minute: the spinner is on screen however slow the machine is.
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "60000"])
        defer { tmux.close() }
        let first = try await tmux.waitFor(text: "loading page 1")
        let spinnerRow = try #require(first.first { $0.contains("loading page 1") })
        let next = try await tmux.waitFor("another spinner frame") { rows in
            guard let row = rows.first(where: { $0.contains("loading page 1") }) else { return false }
            return row != spinnerRow
        }
        let nextRow = try #require(next.first { $0.contains("loading page 1") })
        #expect(spinnerRow.replacingOccurrences(of: "loading page 1…", with: "") != nextRow.replacingOccurrences(of: "loading page 1…", with: ""))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func finiteDemoShowsTheEndRow() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--demo-items", "75"])
        defer { tmux.close() }
        try await tmux.waitFor("the first page") { StatusCounts($0) != nil }
        // G goes to the last loaded row, which brings the next (last) page; G again reaches the end.
        try tmux.send("G")
        try await tmux.waitFor("all 75 items") { StatusCounts($0)?.loaded == 75 }
        try tmux.send("G")
        let rows = try await tmux.waitFor("the end row") { rows in
            rows.contains { $0.contains("end") && $0.contains("75 items") } && StatusCounts(rows)?.row == 75
        }
        #expect(StatusCounts(rows)?.loaded == 75)
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func resizeReflowsTheList() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        try await tmux.waitFor("the first page") { StatusCounts($0) != nil }
        try tmux.resize(columns: 60, rows: 15)
        let small = try await tmux.waitFor("the status line on row 15 of 60 columns") { rows in
            rows.count == 15 && rows[14].contains("infinilist") && rows[14].contains("row 1/")
        }
        #expect(small.allSatisfy { $0.count <= 60 })
        #expect(small[0].hasPrefix("  title"))
        #expect(small[1].hasPrefix(">"))
        try tmux.resize(columns: 100, rows: 30)
        try await tmux.waitFor("the status line back on row 30") { rows in
            rows.count == 30 && rows[29].contains("row 1/") && rows[13].count > 0
        }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// The demo is a table: the header row on top, its right-aligned columns (score, comments,
    /// the age under created_at) ending where their values end on every row, and still on top
    /// after scrolling. Counted from the right, where every cell is ASCII: titles and authors in
    /// other scripts take two columns a character.
    @Test func tableHeaderIsVisibleAndAligned() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--demo-items", "200"])
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the table") { rows in
            StatusCounts(rows)?.loaded ?? 0 >= 50 && rows.first?.hasPrefix("  title") == true
        }
        let header = rows[0]
        #expect(header.contains("author"))
        #expect(header.hasSuffix("score  comments  created_at"))
        func expectAligned(_ rows: [String]) {
            for row in rows[1..<29] {
                let cells = Array(row)
                guard cells.count > 30 else {
                    Issue.record("row too short: \(row)")
                    continue
                }
                // Right-aligned: each value's last character sits under its header's last one.
                for fromEnd in ["  comments  created_at".count, "  created_at".count, 0] {
                    let last = cells[cells.count - fromEnd - 1]
                    #expect(last != " ", "\(row)")
                    if fromEnd > 0 { #expect(cells[cells.count - fromEnd] == " ", "\(row)") }
                }
                #expect(row.range(of: #"  ( *[0-9]+)  ( *[0-9]+)  ( *(now|[0-9]+[mhd]|[A-Z][a-z][a-z] [0-9]+|[0-9]{4}))$"#, options: .regularExpression) != nil, "\(row)")
            }
        }
        expectAligned(rows)
        try tmux.send("PageDown", "PageDown")
        // Once the next page has taken the footer row's place: every row is an item.
        let scrolled = try await tmux.waitFor("two screens down, the next page there") { rows in
            StatusCounts(rows)?.row ?? 0 > 40 && StatusCounts(rows)?.loaded ?? 0 >= 100
                && !rows.contains { $0.contains("loading page") || $0.contains("more below") }
        }
        #expect(scrolled[0] == header)
        expectAligned(scrolled)
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Issue 2's "minimal redraw": one ↓ must not repaint the screen. A full repaint of a 100x30
    /// screen is several kilobytes; moving the cursor rewrites two rows and the status line.
    @Test func oneRowDownWritesLittle() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--prefetch", "5"])
        defer { tmux.close() }
        try await tmux.waitFor("the first page") { StatusCounts($0)?.loaded == 50 }
        let record = tmux.directory.file("down.bytes")
        try tmux.startRecording(to: record)
        for _ in 0..<10 { try tmux.send("Down") }
        try await tmux.waitFor("row 11") { StatusCounts($0)?.row == 11 }
        try await Task.sleep(for: .milliseconds(150))
        try tmux.stopRecording()
        let bytes = (try? Data(contentsOf: record).count) ?? 0
        #expect(bytes > 0)
        #expect(bytes / 10 < 400, "↓ wrote \(bytes / 10) bytes per key")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
