import Foundation
import Testing

/// `--follow INTERVAL` on the command line and in the config file: a value that is not an
/// interval, or under a second, is a usage error (64) naming the flag, before any request.
@Suite(.serialized) struct FollowCommandLineTests {
    private static let url = "http://127.0.0.1:9/items?page={page}"

    @Test(arguments: [
        (["--follow", "soon"], "--follow takes an interval such as 30s, 2m or 1h, or a number of seconds, not 'soon'"),
        (["--follow", "10x"], "--follow takes an interval such as 30s, 2m or 1h, or a number of seconds, not '10x'"),
        (["--follow", "0.5"], "--follow must be at least 1 second (1s), not 0.5"),
        (["--follow", "0s"], "--follow must be at least 1 second (1s), not 0s"),
        (["--follow="], "--follow needs a value, not an empty one"),
        // These once crashed it (SIGILL) converting to whole seconds.
        (["--follow", "9223372036854775807"], "--follow must be at most a day (24h, 86400 seconds), not 9223372036854775807"),
        (["--follow", "9999999999999999s"], "--follow must be at most a day (24h, 86400 seconds), not 9999999999999999s"),
        (["--follow", "2562047788015215h"], "--follow must be at most a day (24h, 86400 seconds), not 2562047788015215h"),
    ])
    func aBadIntervalIsAUsageErrorNamingTheFlag(flags: [String], message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, flags + ["--dump", Self.url])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aBadIntervalInTheConfigFileNamesItsLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"\(Self.url)\"\nfollow = \"0.2s\"\n")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "@x"], environment: config.environment)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("line 3"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--follow must be at least 1 second"), "stderr: \(run.stderr)")
    }

    @Test func aHugeIntervalInTheConfigFileIsAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"\(Self.url)\"\nfollow = \"9999999999999999s\"\n")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "@x"], environment: config.environment)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--follow must be at most a day"), "stderr: \(run.stderr)")
    }

    @Test func followingAPipeIsAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--follow", "5s", "-"], input: "{\"a\": 1}\n")
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--follow polls a URL"), "stderr: \(run.stderr)")
    }

    @Test func followingWithLiveIsAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--follow", "5s", "--live", Self.url])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--follow polls a paged list; with --live"), "stderr: \(run.stderr)")
    }
}
