import Foundation
import Testing

/// Values on the command line that swift-argument-parser would have misread: an empty
/// `--items=` took the URL as its value (and the demo feed was shown), `--retries -1` was
/// "Missing value". Each is a usage error (64) naming the flag, before any request is sent.
/// Serialized: each case starts a process on a shared machine.
@Suite(.serialized) struct CommandLineValueTests {
    /// A URL nothing listens on: a request sent would fail, not hang, and the test would see
    /// a status other than 64.
    private static let url = "http://127.0.0.1:9/items?page={page}"

    @Test(arguments: [
        ["--items="], ["--id="], ["--format="], ["--trust-hosts="], ["--cursor="], ["--next="],
        ["--header="], ["--max-items=", "--dump"], ["--prefetch="], ["--color="], ["--timeout="],
        ["--items", ""], ["--id", ""], ["--format", ""], ["--trust-hosts", ""], ["--cursor", ""],
        ["--next", ""], ["-H", ""],
    ])
    func anEmptyValueIsAUsageErrorNamingTheFlag(flags: [String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, flags + [Self.url])
        let flag = flags[0].hasSuffix("=") ? String(flags[0].dropLast()) : flags[0] == "-H" ? "--header" : flags[0]
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("\(flag) needs a value, not an empty one"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func anEmptyURLIsAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", ""])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("the URL is empty"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "the demo feed was dumped")
    }

    @Test func anEmptyValueInTheConfigFileNamesItsLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"\(Self.url)\"\nitems = \"\"\n")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "@x"], environment: config.environment)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("line 3"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--items needs a value, not an empty one"), "stderr: \(run.stderr)")
    }

    @Test(arguments: [
        (["--max-page-bytes", "-1"], "--max-page-bytes must be at least 1 byte, not -1"),
        (["--max-page-bytes", "-1K"], "--max-page-bytes must be at least 1 byte, not -1024"),
        (["--retries", "-1"], "--retries must not be negative, not -1"),
        (["--timeout", "-1"], "--timeout must be a number of seconds above 0"),
        (["--keep", "-1"], "--keep must be at least 1 item, not -1"),
        (["--max-pages", "-1"], "--max-pages must be at least 1, not -1"),
        (["--page-size", "-1"], "--page-size must be at least 1, not -1"),
        (["--first-page", "-1"], "--first-page must not be negative, not -1"),
        (["--prefetch", "-1"], "--prefetch must be auto or a number of rows of at least 0, not -1"),
        (["--max-items", "-1", "--dump"], "--max-items must not be negative, not -1"),
    ])
    func aNegativeNumberGetsTheFlagsOwnMessage(flags: [String], message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, flags + [Self.url])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("Missing value"))
    }

    @Test(arguments: [["--demo-latency", "-5"], ["--demo-items", "-5"]])
    func aNegativeNumberForTheDemoFeed(flags: [String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump"] + flags)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("\(flags[0]) must not be negative, not -5"), "stderr: \(run.stderr)")
    }

    /// A latency past a day is named as given (it was said as 86400001, the value clamped).
    @Test func aHugeDemoLatencyIsNamedAsGiven() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--demo-latency", "9223372036854775807"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--demo-latency must be at most 86400000 ms (a day), not 9223372036854775807"), "stderr: \(run.stderr)")
    }

    @Test func aNegativeNumberInTheConfigFileGetsTheFlagsOwnMessage() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"\(Self.url)\"\nretries = -2\n")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "@x"], environment: config.environment)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--retries must not be negative, not -2"), "stderr: \(run.stderr)")
    }
}

/// `--help` names every exit status the program can give.
@Suite struct ExitStatusHelpTests {
    @Test func helpNamesTheNewExitStatuses() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--help"])
        #expect(run.stdout.contains("131 after SIGQUIT"))
        #expect(run.stdout.contains("141 when stdout is a"))
    }
}
