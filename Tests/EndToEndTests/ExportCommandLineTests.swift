import Foundation
import Testing

/// `--dump --output` from the command line: tsv byte for byte what jq's `@tsv` makes of the same
/// fields, and the usage errors that name what is wrong.
@Suite struct ExportCommandLineTests {
    @Test func tsvIsWhatJqsTsvWrites() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/jq"), "jq is not installed (make test installs it)")
        let feed = ["--dump", "--demo-items", "230", "--demo-latency", "0"]
        let items = try await ProcessRun.run(Binary.path, feed)
        let ours = try await ProcessRun.run(Binary.path, feed + ["--output", "tsv", "--columns", "id,title,author,comments,topic"])
        let theirs = try await ProcessRun.run("/usr/bin/jq", ["-r", "[.id, .title, .author, .comments, .topic] | @tsv"], input: items.stdout)
        #expect(ours.status == 0, "\(ours.stderr)")
        let lines = ours.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "id\ttitle\tauthor\tcomments\ttopic")
        #expect(lines.dropFirst().joined(separator: "\n") == theirs.stdout)
    }

    /// `--count FIELD`: the same counts as jq's `group_by` over the same items, most common
    /// first; with `--output csv`, the two fields under a header.
    @Test func countIsWhatGroupByCounts() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/jq"), "jq is not installed (make test installs it)")
        let feed = ["--dump", "--demo-items", "230", "--demo-latency", "0"]
        let items = try await ProcessRun.run(Binary.path, feed)
        let ours = try await ProcessRun.run(Binary.path, feed + ["--count", "topic"])
        let theirs = try await ProcessRun.run("/usr/bin/jq", ["-s", "-r", "group_by(.topic)[] | \"\\(.[0].topic)=\\(length)\""], input: items.stdout)
        #expect(ours.status == 0, "\(ours.stderr)")
        let counts = ours.stdoutLines.compactMap { line -> (String, Int)? in
            guard let data = line.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let value = object["value"] as? String, let count = object["count"] as? Int else { return nil }
            return (value, count)
        }
        #expect(counts.count == ours.stdoutLines.count)
        #expect(Set(counts.map { "\($0.0)=\($0.1)" }) == Set(theirs.stdoutLines.map(String.init)))
        #expect(counts.map(\.1) == counts.map(\.1).sorted(by: >))
        #expect(counts.reduce(0) { $0 + $1.1 } == 230)
        // `.` counts the values themselves: a program's outputs.
        let outputs = try await ProcessRun.run(Binary.path, feed + ["--jq", ".topic", "--count", "."])
        #expect(outputs.stdout == ours.stdout, "\(outputs.stderr)")
        let csv = try await ProcessRun.run(Binary.path, feed + ["--count", "topic", "--output", "csv"])
        #expect(csv.stdoutLines.first == "value,count")
        #expect(csv.stdoutLines.count == counts.count + 1)
    }

    @Test(arguments: [
        (["--demo-items", "5", "--count", "topic"], "--count applies with --dump"),
        (["--dump", "--demo-items", "5", "--count", "a..b"], "--count: "),
        (["--demo-items", "5", "--output", "csv"], "--output applies with --dump"),
        (["--dump", "--demo-items", "5", "--count", "topic", "--format", "{title}"], "--count and --format do not go together"),
        (["--dump", "--demo-items", "5", "--slurp", "--jq", "length", "--format", "{title}"], "--slurp and --format do not go together"),
        (["--dump", "--demo-items", "5", "--output", "csv", "--format", "{title}"], "--output csv and --format both say what a line holds"),
        (["--dump", "--demo-items", "5", "--output", "xml"], "xml"),
        (["--dump", "--demo-items", "5", "--output", "csv", "-r", "--jq", ".title"], "-r writes raw strings"),
    ])
    func mistakesAreUsageErrors(arguments: [String], mention: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, arguments)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(mention), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
