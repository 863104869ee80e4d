import Foundation
import Glibc
import Testing

/// `-u user` asks for the password on the terminal, without echo, and sends it as Basic auth.
@Suite(.serialized) struct PasswordPromptTests {
    private let patience: Duration = .seconds(30)

    @Test func dashUUserAsksForThePasswordWithoutEcho() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, _ in
            let tmux = try await TmuxSession(arguments: ["--dump", "-u", "alice", "\(base)/named?page={page}"], stdoutFile: "out.json")
            defer { tmux.close() }
            try await tmux.waitFor("the prompt", timeout: patience) { $0.contains { $0.contains("Password for alice:") } }
            try tmux.send("-l", "pa55word")
            try tmux.send("Enter")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
            let screen = try tmux.capture()
            #expect(!screen.contains { $0.contains("pa55word") }, "the password was echoed: \(screen)")
            let output = try #require(tmux.directory.read("out.json"))
            #expect(output.contains("auth: Basic \(Data("alice:pa55word".utf8).base64EncodedString())"), "\(output)")
        }
    }

    /// Issue 32: the prompt waited with every signal blocked; SIGINT (Ctrl-C), SIGTERM and SIGHUP
    /// were ignored and the terminal stayed without echo. Now each ends the program at once, with
    /// 128 + signal and echo back on. (Sent to the program alone: Ctrl-C in the pane would also
    /// end the script's shell, which shares the program's process group.)
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalAtThePromptEndsTheProgramWithEchoBack(signal: Int32, status: Int32) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        // Nothing listens there: the run never gets as far as a request.
        let tmux = try await TmuxSession(arguments: ["--dump", "-u", "alice", "http://127.0.0.1:9/named?page={page}"])
        defer { tmux.close() }
        try await tmux.waitFor("the prompt", timeout: patience) { $0.contains { $0.contains("Password for alice:") } }
        try tmux.send("-l", "pa55")
        #expect(kill(try await tmux.waitForPID(), signal) == 0)
        #expect(try await tmux.waitForExit(timeout: patience) == status)
        try await tmux.expectTerminalRestored()
    }

    /// SIGTSTP at the prompt stops the program with echo back on; continued, it asks again.
    @Test func aStopAtThePromptGivesEchoBackAndContinuedItAsksAgain() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, _ in
            let tmux = try await TmuxSession(arguments: ["--dump", "-u", "alice", "\(base)/named?page={page}"], stdoutFile: "out.json")
            defer { tmux.close() }
            try await tmux.waitFor("the prompt", timeout: patience) { $0.contains { $0.contains("Password for alice:") } }
            let pid = try await tmux.waitForPID()
            #expect(kill(pid, SIGTSTP) == 0)
            try await waitUntil("the process is stopped", timeout: patience) { processState(pid) == "T" }
            #expect(try Self.echoes(tmux), "the terminal was left without echo while stopped")
            #expect(kill(pid, SIGCONT) == 0)
            try await tmux.waitFor("the prompt again", timeout: patience) { $0.filter { $0.contains("Password for alice:") }.count == 2 }
            try tmux.send("-l", "pa55word")
            try tmux.send("Enter")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
            #expect(!(try tmux.capture()).contains { $0.contains("pa55word") })
            let output = try #require(tmux.directory.read("out.json"))
            #expect(output.contains("auth: Basic \(Data("alice:pa55word".utf8).base64EncodedString())"), "\(output)")
            try await tmux.expectTerminalRestored()
        }
    }

    /// Whether the pane's terminal echoes what is typed now.
    private static func echoes(_ tmux: TmuxSession) throws -> Bool {
        let path = try tmux.query(["display", "-p", "-t", "e2e", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw TestFailure("open \(path): errno \(errno)") }
        defer { close(descriptor) }
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { throw TestFailure("tcgetattr \(path): errno \(errno)") }
        return modes.c_lflag & tcflag_t(ECHO) != 0
    }
}
