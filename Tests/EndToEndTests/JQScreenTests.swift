import Foundation
import Testing

/// `--jq PROGRAM` on a real terminal (issue 35): the program's outputs are the rows, and a
/// program that drops most items reads pages on by itself until the screen is full.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end jq tests skipped"))
struct JQScreenTests {
    /// A program that never ends on an item (`repeat(1)`, typed at the prompt) stops at the
    /// screen's step limit with a row saying so, and the screen keeps answering keys.
    @Test func aProgramThatNeverEndsStopsAtTheStepLimit() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--demo-items", "30"])
        try await tmux.waitFor("the table") { $0.first?.contains("title") == true && $0.count > 20 }
        try tmux.send("|")
        try tmux.send("-l", "repeat(1)")
        try await tmux.waitFor(text: "jq: stopped after 5,000,000 steps on one item")
        try tmux.send("Escape")
        try await tmux.waitFor("the items again") { $0.first?.contains("title") == true && !$0.joined().contains("stopped after") }
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func aSelectiveProgramFillsTheScreenWithItsRows() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        // One demo item in 25 passes: a screen of rows takes some 700 items, fourteen pages.
        // `--columns` names the outputs' fields.
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--jq", "select(.id % 25 == 0) | {id, title}", "--columns", "id,title"])
        defer { tmux.close() }
        let rows = try await tmux.waitFor("a screen of the program's rows") { rows in
            rows.first?.hasSuffix("id  title") == true && rows.filter { $0.range(of: #"^. +[0-9]+[05]  "#, options: .regularExpression) != nil }.count >= 15
        }
        let ids = rows.compactMap { row in row.range(of: #"^. +([0-9]+)  "#, options: .regularExpression).map { Int(row[$0].trimmingCharacters(in: CharacterSet(charactersIn: "> "))) } } .compactMap { $0 }
        #expect(!ids.isEmpty && ids.allSatisfy { $0 % 25 == 0 }, "\(rows)")
        #expect(rows.contains { $0.contains("jq: select(.id % 25 == …") }, "\(rows)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func aProgramOfStringsShowsLinesAndEnterPrintsTheOutput() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--jq", ##""#\(.id) \(.title | ascii_upcase)""##], stdoutFile: "out.txt")
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the program's lines") { rows in
            rows.first?.hasPrefix("> #1 ") == true && rows.count > 5 && rows[1].hasPrefix("  #2 ")
        }
        try tmux.send("Enter")
        #expect(try await tmux.waitForExit() == 0)
        // Enter prints the row's value: the program's output, a JSON string.
        let printed = tmux.directory.read("out.txt") ?? ""
        #expect(printed.hasPrefix("\"#1 "), "\(printed)")
        #expect(rows[0].uppercased() == rows[0], "\(rows[0])")
    }

    /// `|` on a real terminal: the rows change as the program is typed, Enter keeps it in the
    /// history file under `XDG_STATE_HOME`, and the next run finds it with ↑.
    @Test func thePromptRunsAsYouTypeAndRemembersWhatYouKept() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let state = try TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": state.url.path]
        do {
            let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], environment: environment)
            defer { tmux.close() }
            try await tmux.waitFor("the table") { $0.first?.contains("title") == true && $0.count > 20 }
            try tmux.send("|")
            try tmux.send("-l", "select(.id % 10 == 0) | .id")
            let rows = try await tmux.waitFor("the program's rows") { rows in
                rows.first == "> 10" && rows.count > 3 && rows[1] == "  20"
            }
            #expect(rows.last?.hasPrefix("|select(.id % 10 == 0) | .id") == true, "\(rows)")
            try tmux.send("Enter")
            try await tmux.waitFor(text: "jq: select(.id % 10")
            try tmux.send("q")
            #expect(try await tmux.waitForExit() == 0)
        }
        #expect(state.read("infinilist/jq_history") == "select(.id % 10 == 0) | .id\n")
        let again = try await TmuxSession(arguments: ["--demo-latency", "0"], environment: environment)
        defer { again.close() }
        try await again.waitFor("the table") { $0.first?.contains("title") == true && $0.count > 20 }
        try again.send("|")
        try again.send("Up")
        try await again.waitFor("the program kept") { rows in rows.first == "> 10" && rows.last?.hasPrefix("|select(.id % 10 == 0) | .id") == true }
        try again.send("Escape")
        try await again.waitFor("the items again") { $0.first?.contains("title") == true }
        try again.send("q")
        #expect(try await again.waitForExit() == 0)
    }

    /// `w` writes the view: the rows a program made, as csv with the table's columns; the same
    /// name again asks before overwriting, and `n` keeps the file.
    @Test func wWritesTheViewAndAsksBeforeOverwriting() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-items", "120", "--demo-latency", "0", "--jq", "select(.id % 2 == 0) | {id, title, author}", "--columns", "id,title,author"])
        defer { tmux.close() }
        try await tmux.waitFor("the program's table") { $0.first?.contains("title") == true && $0.count > 20 }
        // The whole list read: the status line says its end.
        try tmux.send("G")
        try await tmux.waitFor("the program's table, to its end") { rows in
            rows.first?.contains("title") == true && rows.last?.contains("60 rows of 120 items · end") == true
        }
        try tmux.send("w")
        try tmux.send("-l", "out.csv")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "wrote 60 rows to out.csv")
        let lines = (tmux.directory.read("out.csv") ?? "").split(separator: "\n")
        #expect(lines.first == "id,title,author")
        #expect(lines.count == 61)
        #expect(lines[1].hasPrefix("2,"))
        try tmux.send("w")
        try tmux.send("-l", "out.csv")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "out.csv exists: overwrite it?")
        try tmux.send("n")
        try await tmux.waitFor(text: "out.csv not written: it exists, and was kept")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
