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

    @Test func versionPrintsTheVersion() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.first?.isNumber == true)
    }
}
