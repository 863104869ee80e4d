import Foundation
import Testing

/// More headers than the limit (1,000), on the command line or in a config file, are a usage
/// error said before the argument parser reads them (issue 32: 20,000 `-H` took 26 s of CPU,
/// growing with the square of their number, before the first request).
@Suite(.serialized) struct ManyHeadersCommandLineTests {
    /// `HeaderCount.limit` (this target does not import the loader).
    private let limit = 1000

    @Test(arguments: [["-H"], ["--header"]])
    func tooManyHeadersOnTheCommandLineAreAUsageError(flag: [String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let headers = (0...limit).flatMap { flag + ["X-H\($0): secret-\($0)"] }
        let run = try await ProcessRun.run(Binary.path, ["--dump"] + headers + ["http://127.0.0.1:9/items"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("1001 headers on the command line; at most 1000 can be given"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("secret-"))
    }

    @Test(arguments: ["[sources.x.headers]\n", "headers = [\n"])
    func tooManyHeadersInAConfigFileAreAUsageErrorAtTheirLine(opening: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let isTable = opening.hasPrefix("[")
        let lines = (0...limit).map { isTable ? "X-H\($0) = \"secret-\($0)\"" : "\"X-H\($0): secret-\($0)\"," }
        let text = "[sources.x]\nurl = \"http://127.0.0.1:9/?page={page}\"\n" + opening + lines.joined(separator: "\n") + (isTable ? "\n" : "\n]\n")
        let config = try ConfigDirectory(text)
        let run = try await ProcessRun.run(Binary.path, ["@x", "--dump"], environment: config.environment)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("config.toml line 3 ([sources.x] headers): 1001 headers in the source; at most 1000 can be given"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("secret-"))
    }
}
