import Foundation
import Glibc
import Testing

/// `--dump` with stderr on a terminal shows one progress line while it runs (pages, items,
/// rate), rewritten in place and gone at the end; with stderr in a file or a pipe it says
/// nothing of the kind (a 100-page dump once ran 13 s without a word, issue 33).
@Suite struct DumpProgressTests {
    @Test func aTerminalSeesTheProgressLineWhichIsClearedAtTheEnd() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(TmuxSession.isAvailable, "tmux is not installed")
        // Two records, then a quiet pipe: the dump has written them and waits for more. The
        // producer says its pid, to be ended after the dump (the pane's pipeline waits for it).
        let producer = #"sh -c 'echo $$ > producer.pid; printf "{\"a\":1}\n{\"a\":2}\n"; exec sleep 60'"#
        let tmux = try await TmuxSession(arguments: ["--dump", "-"], stdout: .file("out.jsonl"), stdin: .pipe(from: producer))
        defer { tmux.close() }
        try await tmux.waitFor(text: "1 page · 2 items")
        #expect(try tmux.capture().contains { $0.contains("Ctrl-C stops") })
        // SIGINT to the program alone: Ctrl-C in the pane would end the pane's script too.
        kill(try await tmux.waitForPID(), SIGINT)
        let rows = try await tmux.waitFor(text: "interrupted after 2 items")
        if let text = tmux.directory.read("producer.pid"), let producerPID = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(producerPID, SIGTERM)
        }
        #expect(try await tmux.waitForExit() == 130)
        #expect(!rows.contains { $0.contains("items ·") || $0.contains("1 page") }, "\(rows)")
        #expect(tmux.directory.read("out.jsonl") == "{\"a\":1}\n{\"a\":2}\n")
    }

    @Test func aFileOrAPipeGetsNoProgressLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "-"], input: "{\"a\":1}\n{\"a\":2}\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.count == 2)
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("1 page"), "\(run.stderr)")
    }
}
