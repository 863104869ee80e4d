import Foundation
import Testing

/// Issue 33.1 and 33.8 on a real terminal: an error is read whole on an 80x24 screen and on
/// stderr after `q`, and the exit status tells a script a pick (0) from a cancel (130 when
/// stdout is a file or a pipe) from a failed list (1); Esc Esc in the `&` prompt leaves the
/// prompt, not the program.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end error and exit tests skipped"))
struct ErrorExitScreenTests {
    /// A GitHub repository's URL (an object, not a list): the advice, "use --items PATH", and
    /// the object's keys after it were cut off at 80 columns, and nothing was said at exit.
    @Test func aFailedFirstPageIsReadWholeAt80x24AndOnStderrAfterQ() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let tmux = try await TmuxSession(arguments: ["--retries", "0", "\(server.base)/repo"], columns: 80, rows: 24)
            defer { tmux.close() }
            let rows = try await tmux.waitFor(text: "✗ page 1 failed")
            #expect(rows[0].hasPrefix("  ✗ page 1 failed (r to retry): page 1 has no list of items;"), "\(rows[0])")
            let shown = rows.dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(shown.contains("use --items PATH"), "\(rows.joined(separator: "\n"))")
            #expect(shown.contains("html_url, description)"), "the message's end: \(rows.joined(separator: "\n"))")
            #expect(!shown.contains("…"), "\(rows.joined(separator: "\n"))")
            try tmux.send("q")
            #expect(try await tmux.waitForExit() == 1)
            // After the screen is gone, on stderr (the pane), one line however the pane wraps it.
            try await tmux.waitFor(text: "infinilist exited")
            let pane = try tmux.query(["capture-pane", "-p", "-J", "-t", "e2e"])
            #expect(pane.contains("infinilist: page 1 failed: page 1 has no list of items; use --items PATH"), "\(pane)")
            #expect(pane.contains("html_url, description)"), "\(pane)")
            try await tmux.expectTerminalRestored()
        }
    }

    /// A picker in a pipeline (`pick=$(infinilist URL)`): a failed list is a failure (1), not a
    /// cancel, and stdout gets nothing.
    @Test func aFailedListExits1WhenStdoutIsAFile() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let tmux = try await TmuxSession(arguments: ["--retries", "0", "\(server.base)/repo"], stdoutFile: "out.json")
            defer { tmux.close() }
            try await tmux.waitFor(text: "✗ page 1 failed")
            try tmux.send("Escape")
            #expect(try await tmux.waitForExit() == 1)
            #expect(tmux.directory.read("out.json") == "")
        }
    }

    /// With stdout a file or a pipe, quitting without a pick exits 130, as fzf does, so a
    /// script tells a cancel from a pick; stdout gets nothing.
    @Test(arguments: ["q", "Escape"])
    func quittingWithoutAPickExits130WhenStdoutIsAFile(key: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], stdoutFile: "out.json")
        defer { tmux.close() }
        try await tmux.waitFor("the list") { StatusCounts($0) != nil }
        try tmux.send(key)
        #expect(try await tmux.waitForExit() == 130)
        #expect(tmux.directory.read("out.json") == "")
        try await tmux.expectTerminalRestored()
    }

    /// Esc Esc (a vi user's habit) in the filter's prompt closes the prompt; the list stays.
    @Test func escEscInTheFilterPromptLeavesThePromptNotTheProgram() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], columns: 80, rows: 24)
        defer { tmux.close() }
        try await tmux.waitFor("the list") { StatusCounts($0) != nil }
        try tmux.send("&", "x")
        try await tmux.waitFor("the prompt") { $0.last?.hasPrefix("&x") == true }
        // Both in one write, as a quick double press arrives.
        try tmux.send("Escape", "Escape")
        try tmux.send("Down")
        try await tmux.waitFor("the list, row 2") { StatusCounts($0)?.row == 2 }
        #expect(tmux.directory.read("exit.code") == nil)
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
