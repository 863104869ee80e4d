import Foundation
import Glibc
import Testing

/// Issue 32: every wait before the list answers Ctrl-C and SIGTERM at once, with the terminal
/// restored and the loop's statuses (128 + signal). Signals are blocked for the whole process, so
/// a blocking `open` of a named pipe without a writer, or a `read` of the terminal, could be ended
/// by SIGKILL alone: a named pipe named as the list, by `-d @` or `--graphql @`, a body typed on
/// the terminal (`-d @-`). The password prompt's waits are in `PasswordPromptTests`.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end wait tests skipped"))
struct WaitSignalTests {
    private let patience: Duration = .seconds(30)
    /// Nothing listens there: these runs never get as far as a request.
    private static let address = "http://127.0.0.1:9/items?page={page}"

    /// A named pipe in a directory of its own, with no writer.
    private func namedPipe() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.file("pipe").path
        guard mkfifo(path, 0o600) == 0 else { throw TestFailure("mkfifo \(path): errno \(errno)") }
        return (directory, path)
    }

    /// Writes `text` into the named pipe as its writer, then closes it (the end of the input).
    /// Does not wait: the program under test has the pipe open for reading.
    private func write(_ text: String, to pipe: String) throws {
        let writer = open(pipe, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0, "open \(pipe) for writing: errno \(errno)")
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == bytes.count)
        close(writer)
    }

    /// `infinilist FIFO` without a writer: the screen comes up at once, saying it waits for a
    /// writer on the pipe, and a signal ends it (before, `open` waited for a writer with every signal blocked).
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129))])
    func aNamedPipeWithoutAWriterShowsTheListWaitingAndASignalEndsIt(signal: Int32, status: Int32) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (directory, pipe) = try namedPipe()
        defer { withExtendedLifetime(directory) {} }
        let tmux = try await TmuxSession(arguments: [pipe])
        defer { tmux.close() }
        try await tmux.waitFor(text: "waiting for a writer on the named pipe", timeout: patience)
        let pid = try await tmux.waitForPID()
        #expect(kill(pid, signal) == 0)
        #expect(try await tmux.waitForExit(timeout: patience) == status)
        try await tmux.expectTerminalRestored()
    }

    /// The same named pipe, once a writer comes: its lines are the list, and its end ends it.
    @Test func aNamedPipeListShowsWhatItsWriterWritesLater() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (directory, pipe) = try namedPipe()
        defer { withExtendedLifetime(directory) {} }
        let tmux = try await TmuxSession(arguments: [pipe])
        defer { tmux.close() }
        try await tmux.waitFor(text: "waiting for a writer on the named pipe", timeout: patience)
        try write(jsonLines(1...3), to: pipe)
        try await tmux.waitFor("the three rows, ended", timeout: patience) { rows in
            StatusCounts(rows)?.loaded == 3 && rows.contains { $0.contains("line 3") } && rows.contains { $0.contains("end") }
        }
        try await tmux.quitAndExpectRestored()
    }

    /// `--dump FIFO` without a writer says on stderr what it waits for (a quiet pipe says nothing),
    /// then writes what the writer writes once it comes.
    @Test func aDumpOfANamedPipeWithoutAWriterSaysItWaitsForOne() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (directory, pipe) = try namedPipe()
        defer { withExtendedLifetime(directory) {} }
        let tmux = try await TmuxSession(arguments: ["--dump", pipe])
        defer { tmux.close() }
        try await tmux.waitFor(text: "waiting for a writer on the named pipe \(pipe)", timeout: patience)
        try write(jsonLines(1...2), to: pipe)
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    /// `-d @FIFO` and `--graphql @FIFO` without a writer say what they wait for, and SIGINT ends
    /// the program. (Sent to the program alone: Ctrl-C in the pane would also end the script's
    /// shell, which shares the program's process group.)
    @Test(arguments: ["-d", "--graphql"])
    func aBodyFromANamedPipeSaysItWaitsForAWriterAndAnInterruptEndsIt(flag: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (directory, pipe) = try namedPipe()
        defer { withExtendedLifetime(directory) {} }
        let tmux = try await TmuxSession(arguments: ["--dump", flag, "@" + pipe, Self.address])
        defer { tmux.close() }
        try await tmux.waitFor(text: "waiting for a writer on the named pipe", timeout: patience)
        #expect(kill(try await tmux.waitForPID(), SIGINT) == 0)
        #expect(try await tmux.waitForExit(timeout: patience) == 130)
        try await tmux.expectTerminalRestored()
    }

    /// `-d @-` with the terminal as standard input reads a body typed there, up to Ctrl-D; SIGINT
    /// (Ctrl-C) ends the program instead (before, only Ctrl-D did).
    @Test func aBodyTypedOnTheTerminalGivesWayToAnInterrupt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--dump", "-d", "@-", Self.address])
        defer { tmux.close() }
        let pid = try await tmux.waitForPID()
        // The program itself (the script's shell has exec'd it), asleep reading the terminal.
        try await waitUntil("the program to wait for the body", timeout: patience) {
            let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
            return program.map { $0.hasSuffix("infinilist") } == true && processState(pid) == "S"
        }
        try tmux.send("-l", "{\"partly\": ")
        #expect(kill(pid, SIGINT) == 0)
        #expect(try await tmux.waitForExit(timeout: patience) == 130)
        try await tmux.expectTerminalRestored()
    }
}

/// A body from a named pipe whose writer comes after the program started is read whole and sent.
@Suite(.serialized) struct NamedPipeBodyTests {
    @Test func aBodyFromANamedPipeIsReadOnceItsWriterWrites() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let pipe = directory.file("body.fifo").path
        try #require(mkfifo(pipe, 0o600) == 0)
        try await PostServer.with { server in
            let run = try await ProcessRun.run(
                Binary.path, ["--dump", "--page-size", "3", "-d", "@" + pipe, server.base + "/search"]
            ) { _ in
                // Waits until the program has the pipe open for reading, then writes and closes.
                let writer = open(pipe, O_WRONLY | O_CLOEXEC)
                guard writer >= 0 else { throw TestFailure("open \(pipe) for writing: errno \(errno)") }
                let bytes = Array(BodyCommandLineTests.template.utf8)
                _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                close(writer)
            }
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == PostServer.itemCount)
            #expect(server.bodies == BodyCommandLineTests.expectedBodies)
        }
    }
}
