import Foundation
import Testing

/// `--columns` as a user meets it: a list that is wrong is a usage error naming what is wrong,
/// before any request; a right one, from the command line or the config file, is the table on
/// screen; `--dump` writes the items as they came whatever the columns.
@Suite(.serialized) struct ColumnsTests {
    private static let url = "http://127.0.0.1:9/items?page={page}"

    @Test(arguments: [
        (["--columns", "title,,state"], "--columns: column 2 of 'title,,state' is empty"),
        (["--columns", "title:wide"], "--columns: 'title:wide': the width after ':' must be a number"),
        (["--columns", "a..b"], "--columns: malformed path 'a..b'"),
        (["--columns", "title", "--format", "{title}"], "--columns and --format both say what a row shows"),
        (["--columns="], "--columns needs a value, not an empty one"),
    ])
    func aWrongColumnListIsAUsageError(flags: [String], message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, flags + [Self.url])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func theDumpIsTheSameWithColumns() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, _ in
            let plain = try await ProcessRun.run(Binary.path, ["--dump", base + "/named?page={page}"])
            let table = try await ProcessRun.run(Binary.path, ["--dump", "--columns", "name:10=who,id", base + "/named?page={page}"])
            #expect(plain.status == 0, "stderr: \(plain.stderr)")
            #expect(table.status == 0, "stderr: \(table.stderr)")
            #expect(plain.stdoutLines.count == 2)
            #expect(table.stdout == plain.stdout)
        }
    }

    /// Columns from the config file, as an array (one `--columns` each, joined), on the demo.
    @Test func columnsFromTheConfigFileMakeTheTable() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.d]\ndemo-latency = 0\ncolumns = [\"id:4\", \"author=by\", \"title\"]\n")
        let tmux = try await TmuxSession(arguments: ["@d"], environment: config.environment)
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the table") { StatusCounts($0)?.loaded ?? 0 >= 50 }
        #expect(rows[0].hasPrefix("    id  by"))
        #expect(rows[0].contains("title"))
        // Ids right-aligned in their four columns, under the header's right end.
        #expect(rows[1].hasPrefix(">    1  "))
        #expect(rows[2].hasPrefix("     2  "))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// `--format` keeps the rows of one line, without a header.
    @Test func formatKeepsOneLineRows() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--format", "{id}: {title}"])
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the list") { StatusCounts($0)?.loaded ?? 0 >= 50 }
        #expect(rows[0].hasPrefix("> 1: "))
        #expect(rows[1].hasPrefix("  2: "))
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
