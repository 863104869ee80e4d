import Foundation
import Glibc
import Testing

/// Faults on a real terminal (tmux): hostile titles served over HTTP stay escaped, one item per
/// row, with the window title and clipboard untouched; a failed page shows in the footer row and
/// `r` retries it; a rate limit counts down; a crash, an unknown TERM and every exit leave the
/// terminal as it was (`stty -a` before and after, in the same pane). Serialized, so that its
/// seven panes do not compete for the CPU with each other and with the other tmux suites.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end fault tests skipped"))
struct FaultScreenTests {
    @Test func hostileTitlesAreShownEscapedOneItemPerRow() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let tmux = try await TmuxSession(arguments: ["\(server.base)/hostile?page={page}"])
            defer { tmux.close() }
            // Let an OSC 52 clipboard write create a tmux buffer, so a leak would be visible.
            _ = try tmux.query(["set-option", "-g", "set-clipboard", "on"])
            let titleBefore = try tmux.query(["display-message", "-p", "-t", "e2e", "#{pane_title}"])
            let titles = FaultScreenServer.hostileTitles
            let rows = try await tmux.waitFor("the hostile items and the end row", timeout: .seconds(15)) { rows in
                rows.contains { $0.contains("— end · \(titles.count) items") }
            }
            for (index, title) in titles.enumerated() {
                #expect(rows[index].dropFirst(2) == Substring(title.shown), "row \(index): \(rows[index])")
            }
            #expect(rows[titles.count].contains("— end · \(titles.count) items"))
            #expect(!rows.contains { $0.hasPrefix("  Item 999") }, "\\r\\n made a fake row")
            #expect(try tmux.query(["display-message", "-p", "-t", "e2e", "#{pane_title}"]) == titleBefore)
            #expect(!titleBefore.contains("pwned"))
            #expect(try tmux.query(["list-buffers"]).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "OSC 52 reached tmux")
            // No colour was switched on by the data: the item rows carry no SGR 31.
            let styled = try tmux.query(["capture-pane", "-p", "-e", "-t", "e2e"]).components(separatedBy: "\n")
            #expect(!styled.prefix(titles.count).contains { $0.contains("\u{1b}[31m") })
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 0)
            try await expectTerminalRestored(tmux)
        }
    }

    @Test func aFailedPageShowsInTheFooterAndRRetriesIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let tmux = try await TmuxSession(arguments: ["--retries", "0", "\(server.base)/fail-once?page={page}"])
            defer { tmux.close() }
            let failed = try await tmux.waitFor(text: "r to retry", timeout: .seconds(15))
            let footer = try #require(failed.first { $0.contains("r to retry") })
            #expect(footer.contains("✗ page 1 failed (r to retry): HTTP 500 Internal Server Error from 127.0.0.1:"))
            #expect(footer.contains(": try again later"))
            try tmux.send("r")
            try await tmux.waitFor("the first page after r", timeout: .seconds(15)) { StatusCounts($0)?.loaded ?? 0 >= 5 }
            try tmux.send("q")
            // Every page of this route fails once: if page 2 has failed by the time q lands, the
            // list has failed and says so with 1 (issue 33.8); else q on a terminal is 0.
            let status = try await tmux.waitForExit(timeout: .seconds(15))
            #expect(status == 0 || status == 1, "exit \(status)")
            try await expectTerminalRestored(tmux)
        }
    }

    /// At 80 columns the message is longer than the row: what the user can do stays at the start
    /// of the row (it used to be cut off at the end), and the message goes on, whole, on the
    /// empty rows below (it used to be cut in its middle). Quitting a failed list exits 1.
    @Test func aLongErrorKeepsRToRetryInSightAt80Columns() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let tmux = try await TmuxSession(arguments: ["--retries", "0", "\(server.base)/fail-once?page={page}"], columns: 80)
            defer { tmux.close() }
            let rows = try await tmux.waitFor(text: "✗ page 1 failed", timeout: .seconds(15))
            let at = try #require(rows.firstIndex { $0.contains("✗ page 1 failed") })
            #expect(rows[at].hasPrefix("  ✗ page 1 failed (r to retry): HTTP 500 Internal"), "\(rows[at])")
            #expect(rows[at + 1].hasPrefix("    "), "\(rows[at + 1])")
            let message = rows[at...(at + 2)].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(message.contains("try again later"), "the message's end is shown: \(message)")
            #expect(!message.contains("…"), "\(message)")
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 1)
        }
    }

    @Test func aRateLimitCountsDownInTheFooterThenThePageArrives() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let tmux = try await TmuxSession(arguments: ["\(server.base)/rate-limited?page={page}"])
            defer { tmux.close() }
            let waiting = try await tmux.waitFor(text: "rate limited by 127.0.0.1:", timeout: .seconds(15))
            let footer = try #require(waiting.first { $0.contains("rate limited by") })
            #expect(footer.contains("page 1: rate limited by 127.0.0.1:"))
            #expect(footer.contains("— retrying in "))
            try await tmux.waitFor("the page after the wait", timeout: .seconds(15)) { StatusCounts($0)?.loaded ?? 0 >= 5 }
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 0)
        }
    }

    /// `INFINILIST_TEST_CRASH` crashes the program right after its first paint; the crash
    /// handler must give the terminal back before the signal kills it.
    @Test(arguments: [("trap", [SIGILL, SIGTRAP]), ("abort", [SIGABRT]), ("segv", [SIGSEGV])])
    func aCrashRestoresTheTerminal(kind: String, signals: [Int32]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], environment: ["INFINILIST_TEST_CRASH": kind])
        defer { tmux.close() }
        let status = try await tmux.waitForExit(timeout: .seconds(15))
        #expect(signals.map { 128 + $0 }.contains(status), "exit status \(status)")
        try await expectTerminalRestored(tmux)
        try await tmux.waitFor(text: "infinilist: crashed (fatal signal); the terminal was restored", timeout: .seconds(15))
    }

    @Test func anUnknownTerminalTypeIsAClearMessage() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], environment: ["TERM": "no-such-terminal-x"])
        defer { tmux.close() }
        #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 1)
        let rows = try await tmux.waitFor(text: "infinilist needs a terminal (TERM=no-such-terminal-x): unknown terminal type; use --dump for scripts", timeout: .seconds(15))
        #expect(!rows.contains { $0.contains("Error opening terminal") })
        try await expectTerminalRestored(tmux)
    }

    private func expectTerminalRestored(_ tmux: TmuxSession) async throws {
        try await waitUntil("stty -a after exit", timeout: .seconds(15)) { tmux.directory.read("stty.after") != nil }
        let before = try #require(tmux.directory.read("stty.before"))
        let after = try #require(tmux.directory.read("stty.after"))
        #expect(!before.isEmpty)
        #expect(before == after, "the terminal was not restored")
    }
}
