import Foundation
import Testing

/// The list on a real terminal (tmux): rows, status line, paging, spinner, end row, resize.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end screen tests skipped"))
struct ScreenTests {
    @Test func demoDrawsRowsAndStatusLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        let rows = try await tmux.waitFor("rows and the status line") { rows in
            StatusCounts(rows) != nil && rows.first?.hasPrefix(">") == true
        }
        #expect(rows.count == 30)
        #expect(rows[29].contains("infinilist · demo"))
        #expect(rows[0].contains("Show HN") || rows[0].count > 5)
        // Twenty-nine list rows, each an item.
        #expect(rows[0..<29].allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func pageDownLoadsMorePages() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try TmuxSession(arguments: ["--demo-latency", "20"])
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
        let tmux = try TmuxSession(arguments: ["--demo-latency", "60000"])
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
        let tmux = try TmuxSession(arguments: ["--demo-latency", "0", "--demo-items", "75"])
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
        let tmux = try TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        try await tmux.waitFor("the first page") { StatusCounts($0) != nil }
        try tmux.resize(columns: 60, rows: 15)
        let small = try await tmux.waitFor("the status line on row 15 of 60 columns") { rows in
            rows.count == 15 && rows[14].contains("infinilist") && rows[14].contains("row 1/")
        }
        #expect(small.allSatisfy { $0.count <= 60 })
        #expect(small[0].hasPrefix(">"))
        try tmux.resize(columns: 100, rows: 30)
        try await tmux.waitFor("the status line back on row 30") { rows in
            rows.count == 30 && rows[29].contains("row 1/") && rows[13].count > 0
        }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Issue 2's "minimal redraw": one ↓ must not repaint the screen. A full repaint of a 100x30
    /// screen is several kilobytes; moving the cursor rewrites two rows and the status line.
    @Test func oneRowDownWritesLittle() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try TmuxSession(arguments: ["--demo-latency", "0", "--prefetch", "5"])
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
