import Foundation
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
}
