import Foundation
import Glibc
import Testing

/// Every way out restores the terminal (same `stty -a` before and after, in the same pane) and
/// exits with the status shells expect.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end exit tests skipped"))
struct ExitTests {
    @Test(arguments: [("q", Int32(0)), ("C-c", Int32(130)), ("Escape", Int32(0))])
    func keyQuitsAndRestoresTheTerminal(key: String, status: Int32) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        try await tmux.waitFor("the list") { StatusCounts($0) != nil }
        try tmux.send(key)
        #expect(try await tmux.waitForExit() == status)
        try await expectRestored(tmux)
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGINT, Int32(130)), (SIGQUIT, Int32(131))])
    func signalQuitsAndRestoresTheTerminal(signal: Int32, status: Int32) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        // Quit while a page is loading (a minute-long one, so a slow machine still sees it).
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "60000"])
        defer { tmux.close() }
        try await tmux.waitFor(text: "loading page 1")
        let pid = try await tmux.waitForPID()
        #expect(kill(pid, signal) == 0)
        #expect(try await tmux.waitForExit() == status)
        try await expectRestored(tmux)
    }

    @Test func enterPrintsOneJSONLineToRedirectedStdout() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], stdoutFile: "out.json")
        defer { tmux.close() }
        try await tmux.waitFor("the list") { StatusCounts($0) != nil }
        try tmux.send("Down", "Down")
        try await tmux.waitFor("row 3") { StatusCounts($0)?.row == 3 }
        try tmux.send("Enter")
        #expect(try await tmux.waitForExit() == 0)
        let output = try #require(tmux.directory.read("out.json"))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(output.hasSuffix("\n"))
        let object = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
        #expect(object?["id"] as? Int == 3)
        try await expectRestored(tmux)
    }

    @Test func ctrlZSuspendsAndResumesWithAFullRepaint() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        let (pid, _) = try await onRowTwo(tmux)
        try tmux.send("C-z")
        try await waitUntil("the process is stopped") { processState(pid) == "T" }
        #expect(kill(pid, SIGCONT) == 0)
        let rows = try await tmux.waitFor("the list again") { StatusCounts($0)?.row == 2 }
        // Under the table's header row.
        #expect(rows[2].hasPrefix(">"))
        // The first key after `fg` counts (issue 32: it came outside keypad mode and was lost).
        try tmux.send("Down")
        try await tmux.waitFor("row 3") { StatusCounts($0)?.row == 3 }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        try await expectRestored(tmux)
    }

    /// Issue 32: SIGTSTP from outside (`kill -TSTP`) was ignored; it suspends as Ctrl-Z does:
    /// the terminal is given back as it was (the shell's screen, its modes), and continued, the
    /// list is drawn again on the same row.
    @Test func aStopSignalFromOutsideSuspendsAsCtrlZDoes() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        let (pid, before) = try await onRowTwo(tmux)
        #expect(kill(pid, SIGTSTP) == 0)
        try await waitUntil("the process is stopped") { processState(pid) == "T" }
        // Off the alternate screen, in the modes it started in.
        try await waitUntil("the shell's screen") {
            (try? tmux.query(["display", "-p", "-t", "e2e", "#{alternate_on}"]))?.hasPrefix("0") == true
        }
        let pane = try tmux.query(["display", "-p", "-t", "e2e", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let modes = tmux.directory.file("stty.stopped").path
        #expect(try Spawn.run("/bin/sh", ["-c", "stty -a < \(TmuxSession.shellQuoted(pane)) > \(TmuxSession.shellQuoted(modes))"],
                              environment: ProcessInfo.processInfo.environment, outputFile: "/dev/null") == 0)
        #expect(tmux.directory.read("stty.stopped") == tmux.directory.read("stty.before"), "the terminal was not restored while stopped")
        #expect(kill(pid, SIGCONT) == 0)
        let rows = try await tmux.waitFor("the list again") { StatusCounts($0)?.row == 2 }
        #expect(rows[5].prefix(30) == before[5].prefix(30))
        try tmux.send("Down")
        try await tmux.waitFor("row 3") { StatusCounts($0)?.row == 3 }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        try await expectRestored(tmux)
    }

    /// Signals from outside: after SIGSTOP and SIGCONT the whole screen is drawn again, over
    /// whatever was written on the terminal meanwhile.
    @Test func stopSignalsFromOutsideLeaveTheListDrawn() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        let (pid, before) = try await onRowTwo(tmux)
        #expect(kill(pid, SIGSTOP) == 0)
        try await waitUntil("the process is stopped") { processState(pid) == "T" }
        let pane = try tmux.query(["display", "-p", "-t", "e2e", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try "\u{1B}[2J\u{1B}[Hscribbled over".write(toFile: pane, atomically: false, encoding: .utf8)
        try await tmux.waitFor(text: "scribbled over")
        #expect(kill(pid, SIGCONT) == 0)
        let rows = try await tmux.waitFor("the list drawn again") { rows in
            StatusCounts(rows)?.row == 2 && !rows.contains { $0.contains("scribbled") }
        }
        #expect(rows[2].hasPrefix(">"))
        #expect(rows[5].prefix(30) == before[5].prefix(30))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        try await expectRestored(tmux)
    }

    /// The demo's list shown with the cursor moved to row 2: the program's pid and the screen.
    private func onRowTwo(_ tmux: TmuxSession) async throws -> (pid: Int32, rows: [String]) {
        try await tmux.waitFor("the list") { StatusCounts($0) != nil }
        let pid = try await tmux.waitForPID()
        try tmux.send("Down")
        return (pid, try await tmux.waitFor("row 2") { StatusCounts($0)?.row == 2 })
    }

    private func expectRestored(_ tmux: TmuxSession) async throws {
        try await tmux.expectTerminalRestored()
    }
}

/// Polls `condition` every 20 ms until `timeout` has passed, and once more after it.
func waitUntil(_ what: String, timeout: Duration = .seconds(30), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while true {
        let overdue = ContinuousClock.now >= deadline
        if condition() { return }
        if overdue { break }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw TestFailure("timed out waiting for \(what)")
}

/// The state letter from /proc/PID/stat (`R`, `S`, `T` for stopped).
func processState(_ pid: Int32) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
}

/// Whether a process runs with exactly these arguments. /proc/PID/cmdline changes at exec, so a
/// shell's child that has not yet become the program does not count.
func processRuns(_ arguments: [String]) -> Bool {
    let wanted = Array(arguments.joined(separator: "\0").utf8) + [0]
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return pids.contains { pid in
        pid.allSatisfy(\.isNumber) && FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map(Array.init) == wanted
    }
}
