import Foundation
import Testing

/// Config files that are not what they should be, seen as a user sees them: exit status 64 and
/// one message on stderr naming the file, the line where there is one, what is wrong and what is
/// expected, never a secret from the environment. Serialized, as `FeatureCommandLineTests`.
@Suite(.serialized) struct ConfigFileCommandLineTests {
    @Test func aDirectoryAtTheConfigPathIsNamedAsOne() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let home = try TemporaryDirectory()
        let path = home.url.appendingPathComponent("infinilist/config.toml").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: ["XDG_CONFIG_HOME": home.url.path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("the config file \(path) is a directory; it must be a TOML file of [sources.NAME] tables"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aLinkToADeviceIsRefused() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let home = try TemporaryDirectory()
        let folder = home.url.appendingPathComponent("infinilist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("config.toml").path, withDestinationPath: "/dev/zero")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: ["XDG_CONFIG_HOME": home.url.path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("config.toml is a device, not a regular file"), "stderr: \(run.stderr)")
    }

    @Test(arguments: [
        ("max-pages = -3", "config.toml line 3 ([sources.x] max-pages): --max-pages must be at least 1, not -3"),
        ("retries = true", "config.toml line 3 ([sources.x] retries): expected a value for --retries <n>, not true"),
        ("mouse = \"yes\"", "config.toml line 3 ([sources.x] mouse): expected true or false, not \"yes\""),
        ("mouse = 1", "config.toml line 3 ([sources.x] mouse): expected true or false, not 1"),
        ("page_size = 1e3", "config.toml line 3 ([sources.x] page_size): expected a whole number for --page-size <n>, not the float 1000.0 (write 1000)"),
        ("max-pages = 2.5", "config.toml line 3 ([sources.x] max-pages): expected a whole number for --max-pages <n>, not the float 2.5"),
        ("timeout = -1.5", "config.toml line 3 ([sources.x] timeout): --timeout must be a number of seconds above 0"),
        ("format = 1979-05-27", "config.toml line 3 ([sources.x] format): expected a string, a number, true or false, or an array of strings, not a date"),
        ("mouse = 1979-05-27T07:32:00Z", "config.toml line 3 ([sources.x] mouse): expected a string, a number, true or false, or an array of strings, not a date-time"),
    ])
    func aSettingOfTheWrongTypeOrRangeSaysWhatIsExpected(setting: String, message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"http://127.0.0.1:9/?page={page}\"\n\(setting)\n")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// `first-page` and `first_page` are one setting: both in one source is named, not settled
    /// silently (issue 33.11).
    @Test func oneSettingWrittenTwoWaysIsNamed() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"http://127.0.0.1:9/?page={page}\"\nfirst-page = 0\nfirst_page = 1\n")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("config.toml line 4 ([sources.x] first_page): 'first_page' is the same setting as 'first-page' on line 3; keep one"), "stderr: \(run.stderr)")
        // The listing flags it too, under the source's line.
        let listing = try await ProcessRun.run(Binary.path, ["@"], environment: config.environment)
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("✗ ") && listing.stdout.contains("'first_page' is the same setting as 'first-page' on line 3"), "\(listing.stdout)")
    }

    /// A source whose url names another source is said at its line (hostile pass 3).
    @Test func aSourceNamingAnotherSourceIsSaidAtItsLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.a]\nurl = \"http://127.0.0.1:9/?page={page}\"\n\n[sources.b]\nurl = \"@a\"\n")
        let run = try await ProcessRun.run(Binary.path, ["@b", "--dump"], environment: config.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("config.toml line 5 ([sources.b] url): @a names another source; a source's url must be the address itself (copy it from [sources.a])"), "stderr: \(run.stderr)")
    }

    /// `infinilist @` lists the sources with their URLs (a password masked), and exits 0.
    @Test func anAtAloneListsTheSources() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.gh]\nurl = \"https://api.github.com/issues?page={page}\"\n\n[sources.private]\nurl = \"https://me:hunter2@example.com/items\"\n\n[sources.odd]\nurl = \"https://u:sec/ret@h/\"\n\n[sources.\"\\u001b[31mred\"]\nurl = \"http://h/\\u001b]0;pwn\\u0007\"\n")
        let run = try await ProcessRun.run(Binary.path, ["@"], environment: config.environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("@gh https://api.github.com/issues?page={page}"), "\(run.stdout)")
        #expect(lines.contains("@private https://***@example.com/items"), "\(run.stdout)")
        #expect(lines.contains(#"@\x1B[31mred http://h/\x1B]0;pwn\x07"#), "\(run.stdout)")
        #expect(!run.stdout.contains("hunter2"))
        // A malformed URL is masked too, and control characters are shown escaped, never sent.
        #expect(!run.stdout.contains("sec/ret"), "\(run.stdout)")
        #expect(!run.stdout.contains("\u{1b}") && !run.stdout.contains("\u{07}"), "\(run.stdout.debugDescription)")
        let none = try await ProcessRun.run(Binary.path, ["@"], environment: ["XDG_CONFIG_HOME": try TemporaryDirectory().url.path])
        #expect(none.status == 0)
        #expect(none.stdout.contains("no config file at"), "\(none.stdout)")
    }

    /// A value that starts with '-' is the setting's value, not a flag.
    @Test func aValueStartingWithADashIsAValue() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\ndemo-latency = 0\ndemo-items = 2\nformat = \"-{title}\"\n")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines.count == 2)
    }

    @Test func aWrongTypeFromTheEnvironmentNeverShowsTheValue() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"https://example.com/?page={page}\"\nmouse = \"${SECRET}\"\nmax-pages = \"${SECRET}\"\n")
        let environment = config.environment.merging(["SECRET": "-hunter2-token"]) { $1 }
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("config.toml line 3 ([sources.x] mouse): expected true or false, not \"${SECRET}\""), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("hunter2"))
        let second = try ConfigDirectory("[sources.x]\nurl = \"https://example.com/?page={page}\"\nmax-pages = \"${SECRET}\"\n")
        let other = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: second.environment.merging(["SECRET": "-31337"]) { $1 })
        #expect(other.status == 64)
        #expect(other.stderr.contains("config.toml line 3 ([sources.x] max-pages)"), "stderr: \(other.stderr)")
        #expect(!other.stderr.contains("-31337"), "stderr: \(other.stderr)")
    }
}
