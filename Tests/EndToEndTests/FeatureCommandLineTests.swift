import Foundation
import Testing

/// Issue 6 on the command line, without a screen: `--help` documents the new flags and the
/// config file, completion scripts are generated, and config mistakes are usage errors that name
/// the file and line (and never show a token). Serialized: a dozen copies of the debug binary
/// starting at once would starve the screen tests that run beside these.
@Suite(.serialized) struct FeatureCommandLineTests {
    @Test func helpDocumentsColourMouseConfigurationAndCompletions() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--help"])
        #expect(run.status == 0)
        for text in ["--color <when>", "never, auto, always", "NO_COLOR", "--no-mouse", "CONFIGURATION",
                     "infinilist/config.toml", "@NAME", "${GITHUB_TOKEN}", "--generate-completion-script bash|zsh|fish",
                     "Down j Ctrl-N", "Right l", "Left h q"] {
            #expect(run.stdout.contains(text), "--help does not mention \(text)")
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAreGenerated(shell: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--generate-completion-script", shell])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("infinilist"))
        #expect(run.stdout.contains("no-mouse"))
        #expect(run.stdout.contains("color"))
        #expect(run.stdout.contains("always"), "the values of --color are completed")
    }

    /// The URL argument completes to the config file's `@NAME`s. The completion scripts ask the
    /// program itself through the argument parser's `---completion` protocol, as done here.
    @Test func theURLCompletesToTheConfigFilesSources() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.gh]\nurl = \"https://example.com/?page={page}\"\n[sources.hn]\ndemo-items = 1\n")
        let run = try await ProcessRun.run(Binary.path, ["---completion", "--", "positional@0", "1", "0"], environment: config.environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines == ["@gh", "@hn"])
    }

    @Test func anUnknownColourModeIsAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--color", "sometimes"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("sometimes"))
    }

    /// A row is a table or a line: `--format` typed over a source (or a `--view`) with `columns`
    /// shows lines, `--columns` over one with `format` a table, instead of refusing both.
    @Test func aRowChoiceOnTheCommandLineDropsTheSourcesOther() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.t]\ndemo-latency = 0\ndemo-items = 2\ncolumns = \"id\"\n[sources.l]\ndemo-latency = 0\ndemo-items = 2\nformat = \"{id}\"\n")
        for arguments in [["@t", "--format", "{title}"], ["@l", "--columns", "id,title"], ["--view", "@t", "--demo-items", "2", "--demo-latency", "0", "--format", "{title}"]] {
            let run = try await ProcessRun.run(Binary.path, arguments + ["--dump"], environment: config.environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdoutLines.count == 2, "\(arguments)")
        }
    }

    /// A named source with the demo feed (no URL) works without a screen.
    @Test func aNamedSourceDumps() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.tiny]\ndemo-latency = 0\ndemo_items = 12\n")
        let run = try await ProcessRun.run(Binary.path, ["@tiny", "--dump"], environment: config.environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines.count == 12)
        let fewer = try await ProcessRun.run(Binary.path, ["--dump", "@tiny", "--demo-items", "3"], environment: config.environment)
        #expect(fewer.stdoutLines.count == 3, "a flag on the command line overrides the file's")
    }

    @Test(arguments: [
        ("[sources.x]\nurl = \"https://example.com/?page={page}\"\nformat = {title}\n", "config.toml line 3: {title} is read as an inline table; a text with braces needs quotes: \"{title}\""),
        ("[sources.x]\nurl = \"https://example.com/?page={page}\"\n\nfrmat = \"{title}\"\n",
         "config.toml line 4 ([sources.x] frmat): Unknown option '--frmat'"),
        ("[sources.x]\nurl = \"https://example.com/?page={page}\"\npage-size = 0\n",
         "config.toml line 3 ([sources.x] page-size): --page-size must be at least 1"),
        ("[sources.x]\nheaders = { Authorization = \"Bearer ${INFINILIST_UNSET_VARIABLE}\" }\n",
         "uses ${INFINILIST_UNSET_VARIABLE}, but the environment variable INFINILIST_UNSET_VARIABLE is not set"),
        ("[sources.y]\ndemo-items = 1\n", "no source named @x in "),
    ])
    func configMistakesAreUsageErrorsWithTheLine(text: String, mention: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory(text)
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains(mention), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aTokenFromTheEnvironmentIsNeverShownInAnError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.x]\nurl = \"https://example.com/?page={page}\"\npage-size = \"${SECRET}\"\n")
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment.merging(["SECRET": "hunter2-token"]) { $1 })
        #expect(run.status == 64)
        #expect(run.stderr.contains("[sources.x] page-size"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("hunter2-token"))
    }

    @Test func withoutAConfigFileTheErrorSaysWhereItWasLookedFor() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let empty = try TemporaryDirectory()
        let run = try await ProcessRun.run(Binary.path, ["@gh"], environment: ["XDG_CONFIG_HOME": empty.url.path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("there is no config file at \(empty.url.path)/infinilist/config.toml"), "stderr: \(run.stderr)")
    }
}

/// A temporary `XDG_CONFIG_HOME` holding `infinilist/config.toml`.
final class ConfigDirectory {
    let directory: TemporaryDirectory

    init(_ text: String) throws {
        directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("infinilist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    var environment: [String: String] { ["XDG_CONFIG_HOME": directory.url.path] }
}
