import Foundation
import Testing

/// `?` on a standard 80x24 terminal (issue 33.3): the help scrolls to the keys that were cut
/// off ("… 61 more lines"), searches, ignores keys it does not have and closes with `q` back to
/// the list.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end screen tests skipped"))
struct HelpScreenTests {
    private let patience: Duration = .seconds(30)

    @Test func helpScrollsToItsEndSearchesAndQClosesIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], columns: 80, rows: 24)
        defer { tmux.close() }
        let list = try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        try tmux.send("?")
        let first = try await tmux.waitFor("the help's first screen", timeout: patience) { rows in
            rows.first == " List" && rows.last?.contains("help · ") == true && rows.last?.contains("lines 1–23/") == true
        }
        #expect(!first.contains { $0.contains("more line") })
        #expect(!first.contains { $0.contains("scroll the columns left") }, "below the first screen")

        // A key the help does not have leaves it open and names the keys that work.
        try tmux.send("x")
        try await tmux.waitFor("the help's keys", timeout: patience) { rows in
            rows.first == " List" && rows.last?.contains("help keys: ") == true
        }

        // A screen down: the keys that were cut off before.
        try tmux.send("PageDown")
        let second = try await tmux.waitFor("the second screen", timeout: patience) { rows in
            rows.last?.contains("lines 24–46/") == true
        }
        #expect(second.contains { $0.hasPrefix("   <  ") && $0.hasSuffix("scroll the columns left, else first row") })
        #expect(second.contains { $0.hasPrefix("   >  ") && $0.hasSuffix("scroll the columns right, else last row") })
        #expect(second.contains { $0.hasPrefix("   q  ") && $0.hasSuffix("quit (exit 0; 130 with stdout a file or a pipe)") })
        #expect(second.contains { $0.hasPrefix("   r  ") && $0.hasSuffix("retry the page that failed") })

        // To the end: its last line at the bottom, the help's own keys and the status line's
        // parts explained above it.
        try tmux.send("G")
        let end = try await tmux.waitFor("the end of the help", timeout: patience) { rows in
            guard let status = rows.last, let range = status.range(of: #"lines [0-9]+–([0-9]+)/([0-9]+)"#, options: .regularExpression)
            else { return false }
            let numbers = status[range].dropFirst(6).split(whereSeparator: { $0 == "–" || $0 == "/" })
            return numbers.count == 3 && numbers[1] == numbers[2]
        }
        #expect(end[22].hasPrefix("   match 3/12 "))
        #expect(end.contains { $0.hasPrefix("   13 ms ") && $0.hasSuffix("how long the last page took to load") })
        #expect(end.contains { $0.contains("q Esc ? ← h") && $0.hasSuffix("close the help") })

        // Search: from the end it wraps to the first match, in the list's table.
        try tmux.send("/")
        try await tmux.waitFor("the prompt", timeout: patience) { $0.last?.hasPrefix("/") == true }
        try tmux.send("clipboard")
        try tmux.send("Enter")
        let found = try await tmux.waitFor("the first match", timeout: patience) { rows in
            rows.last?.contains("match 1/") == true && rows.last?.contains("search wrapped") == true
        }
        #expect(found.contains { $0.contains("copy the item's JSON to the clipboard") })
        try tmux.send("n")
        try await tmux.waitFor("the second match", timeout: patience) { $0.last?.contains("match 2/") == true }

        // q closes the help, back to the list where it was.
        try tmux.send("q")
        let after = try await tmux.waitFor("the list again", timeout: patience) { StatusCounts($0) != nil }
        #expect(after[1].prefix(30) == list[1].prefix(30), "the list's first row is where it was")
        #expect(StatusCounts(after)?.row == 1)
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }
}
