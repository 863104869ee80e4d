import Foundation
import Testing

/// Acting on a row in a real terminal (tmux): `--bind` commands that leave the screen and come
/// back, run in the background or print and exit; `o` with a recording BROWSER; `y` writing one
/// OSC 52 sequence, read from the pane's raw output. The list is a JSON-lines file, so every
/// value (a hostile title included) is known.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end action tests skipped"))
struct ActionTests {
    private let patience: Duration = .seconds(30)

    static let lines = [
        #"{"id":1,"title":"first","html_url":"https://example.com/1"}"#,
        #"{"id":2,"title":"second","html_url":"https://example.com/2"}"#,
        #"{"id":3,"title":"third's $(touch pwned) `touch pwned`","html_url":"javascript:alert(1)"}"#,
    ]

    /// The items file, in a directory of its own.
    private func itemsFile() throws -> (TemporaryDirectory, String) {
        let data = try TemporaryDirectory()
        try (Self.lines.joined(separator: "\n") + "\n").write(to: data.file("items.jsonl"), atomically: true, encoding: .utf8)
        return (data, data.file("items.jsonl").path)
    }

    private func listShown(_ tmux: TmuxSession, row: Int) async throws -> [String] {
        try await tmux.waitFor("the list at row \(row)", timeout: patience) { StatusCounts($0)?.row == row && StatusCounts($0)?.loaded == 3 }
    }

    private func expectRestored(_ tmux: TmuxSession) async throws {
        try await tmux.waitFor(text: "infinilist exited", timeout: patience)
        #expect(tmux.directory.read("stty.before") == tmux.directory.read("stty.after"), "the terminal was not restored")
    }

    @Test func executeLeavesTheScreenForTheCommandAndComesBackToTheSameRow() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let command = #"ctrl-v:execute(printf 'title=%s\n' {title}; printf 'type a line: '; read line; printf %s "$line" > typed.txt)"#
        let tmux = try await TmuxSession(arguments: ["--bind", command, items])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        try tmux.send("Down")
        let before = try await listShown(tmux, row: 2)
        let raw = tmux.directory.file("raw.out")
        try tmux.startRecording(to: raw)
        try tmux.send("C-v")
        // The command has the terminal: it writes on it and reads a line typed there.
        let outside = try await tmux.waitFor("the command's prompt", timeout: patience) { rows in
            rows.contains { $0.contains("title=second") } && rows.contains { $0.contains("type a line:") }
        }
        #expect(!outside.contains { $0.contains("infinilist ·") })
        try tmux.send("-l", "hello there")
        try tmux.send("Enter")
        let after = try await listShown(tmux, row: 2)
        #expect(after == before)
        try tmux.stopRecording()
        // It left the alternate screen for the command (rmcup) and came back (smcup).
        let output = (try? Data(contentsOf: raw)) ?? Data()
        #expect(output.range(of: Data("\u{1B}[?1049l".utf8)) != nil)
        #expect(output.range(of: Data("\u{1B}[?1049h".utf8)) != nil)
        #expect(tmux.directory.read("typed.txt") == "hello there")
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        try await expectRestored(tmux)
    }

    /// Issue 32: `endwin` takes the terminal out of keypad mode, and curses put it back only at
    /// its next key read, so the first ↓ after a command came as `ESC [ B` and was lost.
    @Test func theFirstKeyAfterACommandMovesTheCursor() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: ["--bind", "ctrl-v:execute(echo from-the-command; read line)", items])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        try tmux.send("C-v")
        try await tmux.waitFor(text: "from-the-command", timeout: patience)
        try tmux.send("Enter")
        // Back from the command: the list is drawn again, over the command's line.
        try await tmux.waitFor("the list again", timeout: patience) { rows in
            StatusCounts(rows)?.row == 1 && !rows.contains { $0.contains("from-the-command") }
        }
        try tmux.send("Down")
        _ = try await listShown(tmux, row: 2)
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        try await expectRestored(tmux)
    }

    @Test func ctrlCInterruptsAHangingCommandAndNotInfinilist() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: ["--bind", "ctrl-v:execute(echo hanging; sleep 612)", items])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        try tmux.send("C-v")
        try await tmux.waitFor(text: "hanging", timeout: patience)
        // Ctrl-C only once `sleep` runs. Between dash's `echo` and its child's exec, dash takes a
        // SIGINT as pending, then waits for a child the signal never reached: 600 s, in any
        // terminal, whoever lent it. A fresh-clone run under load once pressed it there.
        try await waitUntil("sleep 612 to run", timeout: patience) { processRuns(["sleep", "612"]) }
        try tmux.send("C-c")
        // Back on the list, on the same row, with a notice where the status was.
        let back = try await tmux.waitFor(text: "the command was interrupted", timeout: patience)
        #expect(back.contains { $0.hasPrefix(">") && $0.contains("first") })
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        try await expectRestored(tmux)
    }

    /// A SIGTERM while a command has the terminal is passed on to the command, and infinilist
    /// ends with 143 as soon as the command does (it once waited for `sleep 613` to end by
    /// itself: a supervisor could not stop it while `less` or an editor was open).
    @Test func aSIGTERMDuringACommandEndsTheCommandAndInfinilist() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: ["--bind", "ctrl-v:execute(echo waiting; sleep 613)", items])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        let pid = try await tmux.waitForPID()
        try tmux.send("C-v")
        try await tmux.waitFor(text: "waiting", timeout: patience)
        try await waitUntil("sleep 613 to run", timeout: patience) { processRuns(["sleep", "613"]) }
        #expect(kill(pid, SIGTERM) == 0)
        #expect(try await tmux.waitForExit(timeout: patience) == 143)
        #expect(!processRuns(["sleep", "613"]), "the command was left running")
        try await expectRestored(tmux)
    }

    @Test func executeSilentRunsInTheBackgroundAndAFailureIsANotice() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: [
            "--bind", "ctrl-y:execute-silent(printf %s {title} > silent.txt)",
            "--bind", "ctrl-f:execute-silent(echo boom >&2; exit 3)",
            items,
        ])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        try tmux.send("C-y")
        try await waitUntil("silent.txt", timeout: patience) { tmux.directory.read("silent.txt") == "first" }
        // The hostile title reaches the command as data.
        try tmux.send("Down", "Down")
        let list = try await listShown(tmux, row: 3)
        let raw = data.file("raw.out")
        try tmux.startRecording(to: raw)
        try tmux.send("C-y")
        try await waitUntil("silent.txt with the third title", timeout: patience) {
            tmux.directory.read("silent.txt") == "third's $(touch pwned) `touch pwned`"
        }
        try tmux.stopRecording()
        // The screen was not left: no switch back to the normal screen (rmcup).
        let output = (try? Data(contentsOf: raw)) ?? Data()
        #expect(output.range(of: Data("\u{1B}[?1049l".utf8)) == nil)
        #expect(!FileManager.default.fileExists(atPath: tmux.directory.file("pwned").path))
        try tmux.send("C-f")
        let failed = try await tmux.waitFor(text: "the command failed (exit 3): boom", timeout: patience)
        // The screen was never left: the rows are as they were, only the status line changed.
        #expect(Array(failed.dropLast()) == Array(list.dropLast()))
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        try await expectRestored(tmux)
    }

    @Test func printExitsWithTheTextOnStdout() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: ["--bind", "ctrl-p:print(#{id} {title} {html_url})", items], stdoutFile: "out.txt")
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        try tmux.send("Down")
        _ = try await listShown(tmux, row: 2)
        try tmux.send("C-p")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        #expect(tmux.directory.read("out.txt") == "#2 second https://example.com/2\n")
        try await expectRestored(tmux)
    }

    @Test func oOpensTheAddressWithBROWSERAndNothingElse() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let script = data.file("browser.sh")
        // Records its arguments, one a line, and makes noise that must not reach the screen.
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$RECORD\"\necho BROWSER NOISE\necho BROWSER ERROR >&2\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let record = data.file("opened.txt").path
        // Run by sh rather than executed: a script just written may fail to start with "Text
        // file busy" while a process another test forked meanwhile still holds it open.
        let tmux = try await TmuxSession(arguments: [items], environment: ["BROWSER": "/bin/sh " + script.path, "RECORD": record])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        try tmux.send("o")
        try await tmux.waitFor(text: "opening https://example.com/1", timeout: patience)
        try await waitUntil("the browser's record", timeout: patience) { data.read("opened.txt") == "https://example.com/1\n" }
        // A javascript: address is not opened.
        try tmux.send("Down", "Down")
        _ = try await listShown(tmux, row: 3)
        try tmux.send("o")
        let refused = try await tmux.waitFor(text: "not opened: not an http or https address: javascript:alert(1)", timeout: patience)
        #expect(!refused.contains { $0.contains("BROWSER") })
        #expect(data.read("opened.txt") == "https://example.com/1\n")
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        try await expectRestored(tmux)
    }

    @Test func yWritesOneClipboardSequenceWithTheItemsJSON() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: [items])
        defer { tmux.close() }
        _ = try await listShown(tmux, row: 1)
        let raw = data.file("raw.out")
        try tmux.startRecording(to: raw)
        try tmux.send("y")
        // tmux sets $TMUX in its panes, so the notice says what tmux needs.
        try await tmux.waitFor(text: "copied the item's JSON (\(Self.lines[0].utf8.count) B); in tmux this needs: set -g set-clipboard on", timeout: patience)
        let start = Data("\u{1B}]52;c;".utf8)
        try await waitUntil("the sequence in the pane's output", timeout: patience) {
            guard let bytes = try? Data(contentsOf: raw), let at = bytes.range(of: start) else { return false }
            return bytes[at.upperBound...].contains(7)
        }
        try tmux.stopRecording()
        let bytes = try Data(contentsOf: raw)
        var sequences: [Data] = []
        var from = bytes.startIndex
        while let at = bytes.range(of: start, in: from..<bytes.endIndex) {
            let end = bytes[at.upperBound...].firstIndex(of: 7) ?? bytes.endIndex
            sequences.append(bytes[at.upperBound..<end])
            from = end
        }
        #expect(sequences.count == 1)
        let decoded = try #require(sequences.first.flatMap { Data(base64Encoded: $0) })
        #expect(String(decoding: decoded, as: UTF8.self) == Self.lines[0])
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    /// A config file's `bind`, with the command line's `--bind` winning for the same key.
    @Test func bindingsFromTheConfigFileAndTheCommandLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, items) = try itemsFile()
        let config = try ConfigDirectory("""
            [sources.x]
            url = "\(items)"
            bind = ["ctrl-p:print(file {title})", "ctrl-t:print(config {id})"]
            """)
        defer { withExtendedLifetime(data) {} }
        let run = { (extra: [String]) async throws -> TmuxSession in
            try await TmuxSession(arguments: ["@x"] + extra, stdout: .file("out.txt"), environment: config.environment)
        }
        let overridden = try await run(["--bind", "ctrl-p:print(cli {title})"])
        defer { overridden.close() }
        _ = try await listShown(overridden, row: 1)
        try overridden.send("C-p")
        #expect(try await overridden.waitForExit(timeout: patience) == 0)
        #expect(overridden.directory.read("out.txt") == "cli first\n")
        // One screen at a time: its slot goes back before the next one is asked for.
        overridden.close()
        let fromFile = try await run([])
        defer { fromFile.close() }
        _ = try await listShown(fromFile, row: 1)
        try fromFile.send("C-t")
        #expect(try await fromFile.waitForExit(timeout: patience) == 0)
        #expect(fromFile.directory.read("out.txt") == "config 1\n")
    }
}

/// `--bind` mistakes are usage errors (exit 64) naming the binding, before any screen.
@Suite struct BindCommandLineTests {
    @Test(arguments: [
        (["--bind", "ctlr-o:open"], "--bind 'ctlr-o:open': unknown key 'ctlr-o'"),
        (["--bind", "ctrl-o:opne"], "--bind 'ctrl-o:opne': unknown action 'opne'"),
        (["--bind", "ctrl-v:execute(gh issue view {number}"], "'execute(' is not closed"),
        (["--bind", "ctrl-o:open", "--bind", "ctrl-o:copy"], "--bind 'ctrl-o:copy': Ctrl-O is bound twice"),
        (["--open", "a..b"], "--open: malformed path 'a..b'"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, arguments + ["--demo-latency", "0"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aConfigFileBindingIsCheckedAtItsLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\ndemo-latency = 0\nbind = [\"ctrl-o:open\", \"ctrl-x:execute(ls\"]\n")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("config.toml line 3 ([sources.x] bind): --bind 'ctrl-x:execute(ls': 'execute(' is not closed"), "stderr: \(run.stderr)")
    }
}
