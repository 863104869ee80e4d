import Foundation
import Testing

/// The preview pane as a user meets it in tmux: `p` opens it beside the list and it follows the
/// cursor, `J` and Shift-↓ scroll it, a resize lays it out again (under the list, hidden, beside
/// it again), and the flags and config settings that set it up.
@Suite(.serialized) struct PreviewScreenTests {
    /// The rows' right-hand side from the separator on: the pane's text.
    private func pane(_ rows: [String]) -> [String] {
        rows.compactMap { row in row.range(of: " │ ").map { String(row[$0.upperBound...]) } }
    }

    @Test func pOpensAPreviewThatFollowsTheCursor() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        try await tmux.waitFor("the table") { StatusCounts($0)?.loaded ?? 0 >= 50 }
        try tmux.send("p")
        // Up to the item's last field: a capture can catch the terminal halfway through a frame.
        let open = try await tmux.waitFor("the pane on item 1") { rows in
            self.pane(rows).first == "row 1/50" && self.pane(rows).contains(#"  "id": 1,"#)
                && self.pane(rows).contains { $0.hasPrefix(#"  "created_at": ""#) }
        }
        // The list keeps its header and cursor in the left half; nothing runs past 100 columns.
        #expect(open[0].hasPrefix("  title"))
        #expect(open[1].hasPrefix(">"))
        #expect(open.allSatisfy { $0.count <= 100 })
        try tmux.send("Down", "Down")
        try await tmux.waitFor("the pane on item 3") { rows in
            self.pane(rows).first == "row 3/50" && self.pane(rows).contains(#"  "id": 3,"#)
        }
        try tmux.send("p")
        try await tmux.waitFor("the pane closed") { rows in
            !rows.contains { $0.contains(" │ ") } && rows.first?.hasSuffix("created_at") == true
        }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// On a screen too short for the item, `J` and Shift-↓ scroll the pane, `K` back; the next
    /// item starts at its top.
    @Test func jAndShiftDownScrollThePreview() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--preview"], columns: 100, rows: 8)
        defer { tmux.close() }
        try await tmux.waitFor("the pane") { rows in self.pane(rows).first?.hasPrefix("row 1/50 · lines 1–6/") == true }
        try tmux.send("J")
        let scrolled = try await tmux.waitFor("the pane scrolled by a line") { rows in
            self.pane(rows).first?.hasPrefix("row 1/50 · lines 2–7/") == true
        }
        #expect(pane(scrolled)[1] == #"  "id": 1,"#)
        try tmux.send("S-Down")
        try await tmux.waitFor("Shift-Down scrolled it") { rows in self.pane(rows).first?.hasPrefix("row 1/50 · lines 3–8/") == true }
        try tmux.send("K")
        try await tmux.waitFor("K scrolled it back") { rows in self.pane(rows).first?.hasPrefix("row 1/50 · lines 2–7/") == true }
        try tmux.send("j")
        try await tmux.waitFor("item 2 from its top") { rows in self.pane(rows).first?.hasPrefix("row 2/50 · lines 1–6/") == true }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Resizing with the pane open: under the list on a narrow screen, hidden with a note on a
    /// tiny one, beside the list again; every row within the width each time.
    @Test func resizingWithThePreviewOpenKeepsTheScreenRight() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--preview"])
        defer { tmux.close() }
        try await tmux.waitFor("the pane beside the list") { rows in
            StatusCounts(rows)?.loaded ?? 0 >= 50 && self.pane(rows).first == "row 1/50"
        }
        try tmux.resize(columns: 60, rows: 20)
        let narrow = try await tmux.waitFor("the pane under the list") { rows in
            rows.count == 20 && rows.contains { $0.hasPrefix("── row 1/50") } && rows[19].contains("row 1/50")
        }
        #expect(narrow.allSatisfy { $0.count <= 60 })
        #expect(!narrow.contains { $0.contains(" │ ") })
        #expect(narrow[0].hasPrefix("  title"))
        #expect(narrow[1].hasPrefix(">"))
        let rule = try #require(narrow.firstIndex { $0.hasPrefix("── row 1/50") })
        #expect(narrow[rule + 1] == "{")
        try tmux.resize(columns: 30, rows: 6)
        let tiny = try await tmux.waitFor("the pane hidden, said so") { rows in
            rows.count == 6 && rows[5].contains("preview: no room")
        }
        #expect(!tiny.contains { $0.hasPrefix("──") || $0.contains(" │ ") })
        #expect(tiny[1].hasPrefix(">"))
        try tmux.resize(columns: 100, rows: 30)
        let wide = try await tmux.waitFor("the pane beside the list again") { rows in
            rows.count == 30 && self.pane(rows).first == "row 1/50" && rows[29].contains("row 1/")
        }
        #expect(wide.allSatisfy { $0.count <= 100 })
        #expect(pane(wide).contains(#"  "id": 1,"#))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// The config file's source sets the pane up as the flags do.
    @Test func previewSettingsFromTheConfigFile() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.d]\ndemo-latency = 0\npreview = true\npreview_position = \"bottom\"\npreview_size = 30\n")
        let tmux = try await TmuxSession(arguments: ["@d"], environment: config.environment)
        defer { tmux.close() }
        // 30% of the 29 rows above the status line is 9: the rule on row 21 (index 20).
        let rows = try await tmux.waitFor("the pane under the list") { rows in
            StatusCounts(rows)?.loaded ?? 0 >= 50 && rows[20].hasPrefix("── row 1/50")
        }
        #expect(rows[21] == "{")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test(arguments: [
        (["--preview-size", "95"], "--preview-size must be a percentage from 10 to 90, not 95"),
        (["--preview-size", "5%"], "--preview-size must be a percentage from 10 to 90, not 5"),
        (["--preview-size", "half"], "--preview-size"),
        (["--preview-position", "left"], "--preview-position"),
        (["--preview-size="], "--preview-size needs a value, not an empty one"),
    ])
    func aWrongPreviewSettingIsAUsageError(flags: [String], message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, flags + ["--demo-latency", "0"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aWrongPreviewSizeInTheConfigFileNamesItsLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\ndemo-latency = 0\npreview_size = 95\n")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("config.toml line 3 ([sources.x] preview_size): --preview-size must be a percentage from 10 to 90, not 95"),
                "stderr: \(run.stderr)")
    }

    /// `30%` is read as 30; the settings are accepted beside `--dump`, which shows no screen.
    @Test func aPercentSignIsAccepted() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--demo-latency", "0", "--demo-items", "2",
                                                         "--preview", "--preview-size", "30%", "--preview-position", "bottom"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines.count == 2)
    }
}
