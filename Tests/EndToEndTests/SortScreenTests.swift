import Foundation
import Testing

/// Sorting on a real terminal (issue 36): `s` in the column picker, `s s`, `S`, and `--sort`
/// from the start, on the demo feed with its `comments` as the last column.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end sort tests skipped"))
struct SortScreenTests {
    /// The rows' last column as numbers (the header and the status line are not rows).
    private func comments(_ rows: [String]) -> [Int] {
        rows.dropFirst().dropLast().compactMap { row in row.split(separator: " ").last.flatMap { Int($0) } }
    }

    @Test func sSortsByTheFieldPickedSSReversesAndSGoesBack() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--columns", "id,title,comments"])
        defer { tmux.close() }
        try await tmux.waitFor("the table") { $0.first?.hasSuffix("comments") == true && $0.count > 20 }
        try tmux.send("s")
        try await tmux.waitFor(text: "s: sort by the field")
        try tmux.send("j", "j", "s")
        let ascending = try await tmux.waitFor("the rows by comments, smallest first") { rows in
            rows.last?.contains("sorted by comments ↑") == true && rows.first?.hasSuffix("comment↑") == true
        }
        let up = comments(ascending)
        #expect(up.count > 15 && up == up.sorted(), "\(ascending)")
        try tmux.send("s", "s")
        let descending = try await tmux.waitFor("the rows by comments, largest first") { $0.last?.contains("sorted by comments ↓") == true }
        let down = comments(descending)
        #expect(down.count > 15 && down == down.sorted(by: >), "\(descending)")
        try tmux.send("S")
        let server = try await tmux.waitFor("the server's order") { rows in
            rows.last?.contains("sorted by") == false && rows.count > 3 && rows[2].range(of: #"^ +2  "#, options: .regularExpression) != nil && rows[3].range(of: #"^ +3  "#, options: .regularExpression) != nil
        }
        #expect(!server.contains { $0.contains("↑") || $0.contains("↓") }, "\(server)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// `--sort FIELD:desc` sorts from the start; Enter prints the item at the top: the one with
    /// the most comments among those loaded.
    @Test func sortFromTheCommandLineAndEnterPrintsTheTopItem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--demo-items", "50", "--sort", "comments:desc", "--columns", "id,comments"], stdoutFile: "out.txt")
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the sorted list, ended") { $0.last?.contains("sorted by comments ↓ · all 50") == true }
        let shown = comments(rows)
        #expect(shown == shown.sorted(by: >), "\(rows)")
        try tmux.send("Enter")
        #expect(try await tmux.waitForExit() == 0)
        let printed = tmux.directory.read("out.txt") ?? ""
        #expect(printed.contains(#""comments":\#(shown.first ?? -1)"#), "\(printed)")
    }

    /// `sort = "…"` in a named source sorts `@name` from the start; a bad one names the file and
    /// line, and `--dump` of the source writes it unsorted and says how to sort a dump.
    @Test func aNamedSourceSortsFromItsSortSetting() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.s]\ndemo-latency = 0\ndemo-items = 30\ncolumns = \"id,comments\"\nsort = \"comments\"\n")
        let tmux = try await TmuxSession(arguments: ["@s"], environment: config.environment)
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the sorted list") { $0.last?.contains("sorted by comments ↑ · all 30") == true }
        let shown = comments(rows)
        #expect(shown.count >= 10 && shown == shown.sorted(), "\(rows)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        let bad = try ConfigDirectory("[sources.b]\ndemo-latency = 0\nsort = \"comments:sideways\"\n")
        let refused = try await ProcessRun.run(Binary.path, ["@b"], environment: bad.environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'sideways' after ':' is not a direction"), "\(refused.stderr)")
        // A dump writes the list as it arrives: the sort (here a named source's) is not applied,
        // and stderr says so, the source staying usable with --dump.
        let dump = try await ProcessRun.run(Binary.path, ["@s", "--dump", "--demo-items", "3"], environment: config.environment)
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.split(separator: "\n").count == 3)
        #expect(dump.stderr.contains("the sort is not applied (a sorted dump: --dump --slurp --jq 'sort_by(.FIELD)[]')"), "\(dump.stderr)")
    }

    @Test func aSortFieldNoItemHasIsNamedWithTheNearestField() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--sort", "coments"])
        defer { tmux.close() }
        try await tmux.waitFor(text: "no item has 'coments'; did you mean 'comments'?")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}

/// The counts view on a real terminal (issue 36): `#`, a field, `#`, then Enter filters.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end counts tests skipped"))
struct CountsScreenTests {
    @Test func hashCountsAFieldsValuesAndEnterShowsOnlyOne() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--demo-items", "50", "--columns", "id,topic,title"])
        defer { tmux.close() }
        try await tmux.waitFor("the whole list") { $0.last?.contains("end") == true && $0.first?.contains("topic") == true }
        try tmux.send("#")
        try await tmux.waitFor(text: "#: count the field's values")
        try tmux.send("j", "#")
        let rows = try await tmux.waitFor("the counts of topic") { $0.last?.contains("counts of topic") == true }
        #expect(rows.last?.contains("50 rows") == true, "\(rows)")
        #expect(!rows.contains { $0.contains("more may come") }, "the list has ended")
        // The most common first: counts never go up down the view.
        let counts = rows.dropFirst().dropLast().compactMap { row in row.split(separator: " ").dropLast().compactMap { Int($0) }.last }
        #expect(counts.count >= 3 && counts == counts.sorted(by: >) && counts.reduce(0, +) == 50, "\(rows)")
        let topic = rows[1].dropFirst(2).split(separator: " ").first.map(String.init) ?? ""
        try tmux.send("Enter")
        let filtered = try await tmux.waitFor("only that topic") { $0.last?.contains("filter: topic = \(topic)") == true }
        #expect(filtered.last?.contains("\(counts[0]) of 50") == true, "\(filtered)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
