import Foundation
import Testing

/// A misspelled field in `--format` fails loudly, once, and the dump goes on (issue 33.4); a
/// mistyped `--items` lists the arrays the answer has.
struct FieldMisspellingCommandLineTests {
    @Test func aDumpSaysOnceThatNoItemHasTheField() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("issues.jsonl")
        let lines = (1...3).map { #"{"number": \#($0), "title": "Issue \#($0)", "user": {"login": "u\#($0)"}}"# }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--format", "{titel} by {user.login}", "--page-size", "1", file.path])
        #expect(run.status == 0, "the dump goes on; stderr: \(run.stderr)")
        #expect(run.stdoutLines == [" by u1", " by u2", " by u3"])
        let said = run.stderr.components(separatedBy: "infinilist: no item has 'titel'; did you mean 'title'?").count - 1
        #expect(said == 1, "said once; stderr: \(run.stderr)")
    }

    @Test func aMistypedItemsPathListsTheArrays() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, _ in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "--items", "item", base + "/named?page={page}"])
            #expect(run.status == 1, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("has no array at --items item; did you mean --items items? (its arrays: items (2 items))"), "stderr: \(run.stderr)")
        }
    }
}
