import Foundation
import Testing

/// The command without a screen: `--dump`, usage errors, no terminal, `--help`, `--version`.
struct CommandLineTests {
    @Test func dumpPrintsEveryItemOfAFiniteDemo() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--demo-items", "120", "--demo-latency", "0"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines.count == 120)
        let last = try JSONSerialization.jsonObject(with: Data((run.stdoutLines.last ?? "").utf8)) as? [String: Any]
        #expect(last?["id"] as? Int == 120)
    }

    @Test func dumpStopsAtMaxItems() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--max-items", "7", "--demo-latency", "0"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines.count == 7)
    }

    @Test(arguments: [
        (["ftp://x"], "http"),
        (["--items", "data..children", "https://example.com/items?page={page}"], "path"),
        (["https://example.com/items?page={pgae}"], "{pgae}"),
        (["--format", "{title", "https://example.com/items?page={page}"], "format"),
        (["--first-page", "-1", "https://example.com/items?page={page}"], "--first-page"),
        (["--demo-items", "-5"], "--demo-items"),
        (["-H", "no colon here", "https://example.com/items?page={page}"], "header"),
    ])
    func usageErrorsNameTheProblem(arguments: [String], mention: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, arguments)
        #expect(run.status != 0)
        #expect(run.status == 64, "a usage error exits with 64; stderr: \(run.stderr)")
        #expect(run.stderr.lowercased().contains(mention.lowercased()), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func withoutATerminalItSaysSoAndExits1() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let setsid = "/usr/bin/setsid"
        try #require(FileManager.default.isExecutableFile(atPath: setsid), "setsid (util-linux) is needed to run without a terminal")
        let run = try await ProcessRun.run(setsid, ["-w", Binary.path, "--demo-latency", "0"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("needs a terminal"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--dump"))
    }

    @Test func helpDocumentsEveryFlagWithExamples() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--help"])
        #expect(run.status == 0)
        for flag in ["--demo-latency", "--demo-items", "--first-page", "--items", "--format", "--id", "--header",
                     "--prefetch", "--timeout", "--max-page-bytes", "--dump", "--max-items", "--verbose", "--version",
                     "api.github.com", "hn.algolia.com", "PgDn"] {
            #expect(run.stdout.contains(flag), "--help does not mention \(flag)")
        }
    }

    /// The usage comes first, the guide after the options, and examples are never wrapped: the
    /// parser's wrapping put USAGE at line 240 of 470, left a lone `\` on a line and split
    /// `url =` from its value (issue 33.11).
    @Test func helpShowsTheUsageFirstAndItsExamplesWhole() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--help"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let usage = try #require(lines.firstIndex { $0.hasPrefix("USAGE: infinilist") })
        #expect(usage < 15, "USAGE at line \(usage + 1)")
        let guide = try #require(lines.firstIndex { $0.hasPrefix("GUIDE:") })
        #expect(guide > usage)
        #expect(lines.contains(#"  url = "https://api.github.com/repos/apple/swift/issues?page={page}""#))
        #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces) == "\\" }, "a lone backslash")
        // The guide fits an 80-column terminal: its prose is wrapped, its examples written so.
        #expect(!lines[guide...].contains { $0.count > 80 }, "\(lines[guide...].filter { $0.count > 80 })")
    }

    /// `--man` prints the manual as a man page, for a binary copied without one: the header,
    /// the name, then the help text with every line safe from roff (no request where text was
    /// meant, hyphens and backslashes escaped).
    @Test func manPrintsTheManualAsAManPage() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--man"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix(".TH INFINILIST 1 ") == true, "\(lines.first ?? "")")
        #expect(lines.contains(".SH NAME") && lines.contains(".SH DESCRIPTION") && lines.contains(".nf"))
        #expect(lines.contains { $0.contains(#"\-\-dump"#) }, "the options are there")
        #expect(lines.contains { $0.contains("GUIDE:") }, "the guide is there")
        let requests: Set = [".TH", ".SH", ".nf", ".fi"]
        let stray = lines.filter { ($0.hasPrefix(".") || $0.hasPrefix("'")) && !requests.contains(String($0.prefix(3))) }
        #expect(stray.isEmpty, "\(stray)")
        #expect(!lines.dropFirst().contains { $0.range(of: #"(?<!\\)-"#, options: .regularExpression) != nil }, "an unescaped hyphen")
    }

    @Test func versionPrintsTheVersion() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.first?.isNumber == true)
    }
}
