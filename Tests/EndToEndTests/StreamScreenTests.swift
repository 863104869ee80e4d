import Foundation
import Glibc
import TestSupport
import Testing

/// Pipes and files on a real terminal (tmux): stdin a named pipe the test feeds line by line, a
/// `tail -f` of a file that grows, a `.gz` file, a large file searched near its end; keys come
/// from the terminal meanwhile.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end stream tests skipped"))
struct StreamScreenTests {
    @Test func aSlowPipeWaitsForInputThenRowsArriveAndTheCursorStays() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let fifo = try TestFIFO(in: folder)
        let tmux = try await TmuxSession(arguments: [], stdin: .file(fifo.path))
        defer { tmux.close() }
        let waiting = try await tmux.waitFor(text: "waiting for input")
        #expect(waiting.last?.contains("waiting for input") == true, "the status line says so too")
        fifo.write(jsonLines(1...3))
        try await tmux.waitFor("three rows") { StatusCounts($0)?.loaded == 3 }
        try tmux.send("Down")
        let before = try await tmux.waitFor("row 2") { StatusCounts($0)?.row == 2 }
        #expect(before[1].hasPrefix("> line 2"), "\(before[1])")
        // The next page waits for the pipe; its rows take the footer's place and nothing moves.
        try await tmux.waitFor(text: "waiting for input… (3 items so far)")
        fifo.write(jsonLines(4...6))
        let after = try await tmux.waitFor("six rows") { StatusCounts($0)?.loaded == 6 }
        #expect(StatusCounts(after)?.row == 2)
        #expect(Array(after[0..<3]) == Array(before[0..<3]))
        #expect(after[3].hasPrefix("  line 4"), "\(after[3])")
        fifo.close()
        try await tmux.waitFor(text: "— end · 6 items · end of input —")
        try await tmux.quitAndExpectRestored()
    }

    @Test func tailOfAGrowingFileKeepsGrowingWhileTheCursorStays() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let log = folder.file("app.jsonl")
        try Data(jsonLines(1...5).utf8).write(to: log)
        let tmux = try await TmuxSession(arguments: [], stdin: .pipe(from: "tail -n +1 -f " + TmuxSession.shellQuoted(log.path)))
        defer { tmux.close() }
        try await tmux.waitFor("five rows") { StatusCounts($0)?.loaded == 5 }
        try tmux.send("Down", "Down")
        try await tmux.waitFor("row 3") { StatusCounts($0)?.row == 3 }
        for (round, lines) in [6...8, 9...40].enumerated() {
            let handle = try FileHandle(forWritingTo: log)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(jsonLines(lines).utf8))
            try handle.close()
            let rows = try await tmux.waitFor("\(lines.upperBound) rows (round \(round + 1))") { StatusCounts($0)?.loaded == lines.upperBound }
            #expect(StatusCounts(rows)?.row == 3)
            #expect(rows[2].hasPrefix("> line 3"), "\(rows[2])")
        }
        try await tmux.quitAndExpectRestored()
    }

    @Test func aGzipFileIsReadToItsEnd() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let packed = folder.file("log.jsonl.gz")
        try Data(Compression.gzip.compress(jsonLines(1...2500))).write(to: packed)
        let tmux = try await TmuxSession(arguments: [packed.path])
        defer { tmux.close() }
        let first = try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        #expect(first[0].hasPrefix("> line 1"), "\(first[0])")
        #expect(first.last?.contains("infinilist · log.jsonl.gz") == true)
        try tmux.send("G")
        let end = try await tmux.waitFor("the end of the file") { rows in
            rows.contains { $0.contains("— end · 2,500 items · end of input —") } && StatusCounts(rows)?.row == 2500
        }
        #expect(end.contains { $0.hasPrefix("> line 2500") })
        try await tmux.quitAndExpectRestored()
    }

    /// One million lines (ten million take minutes in a debug build): `/` loads page after page
    /// until the match near the end, with the page window keeping memory bounded meanwhile.
    @Test func aSearchFindsALineNearTheEndOfALargeFile() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let path = folder.file("big.jsonl")
        let count = 1_000_000
        FileManager.default.createFile(atPath: path.path, contents: nil)
        let handle = try FileHandle(forWritingTo: path)
        var chunk = ""
        for index in 1...count {
            chunk += index == count - 7 ? "{\"n\":\(index),\"note\":\"needle\"}\n" : "{\"n\":\(index)}\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data(chunk.utf8))
        try handle.close()
        let tmux = try await TmuxSession(arguments: [path.path])
        defer { tmux.close() }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("/")
        try tmux.send("-l", "needle")
        try tmux.send("Enter")
        let found = try await tmux.waitFor("the match on row \(count - 7)", timeout: .seconds(600)) { StatusCounts($0)?.row == count - 7 }
        #expect(found.contains { $0.hasPrefix(">") && $0.contains("needle") })
        try await tmux.quitAndExpectRestored()
    }

    @Test func keysWorkWithStdinAPipeAndEnterPrintsTheItem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: [], stdoutFile: "out.json", stdin: .pipe(from: "printf '" + jsonLines(1...40) + "'"))
        defer { tmux.close() }
        // The end row is below the screen; the status line says it.
        try await tmux.waitFor("all 40 rows") { StatusCounts($0)?.loaded == 40 && $0.last?.contains(" · end") == true }
        try tmux.send("j", "j", "j", "k")
        try await tmux.waitFor("the cursor moved by the keys") { StatusCounts($0)?.row == 3 }
        try tmux.send("Enter")
        #expect(try await tmux.waitForExit() == 0)
        #expect(tmux.directory.read("out.json") == "{\"id\":3,\"title\":\"line 3\"}\n")
        try await tmux.expectTerminalRestored()
    }

    @Test func textLinesAreDimAndVerboseCountsThem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let input = #"{"title":"json one"}\nplain text line\n{"title":"json two"}\n"#
        let tmux = try await TmuxSession(arguments: ["-v"], stdout: .redirect("2> err.txt"), stdin: .pipe(from: "printf '\(input)'"))
        defer { tmux.close() }
        try await tmux.waitFor(text: "end of input")
        let styled = try tmux.captureStyled()
        let text = try #require(styled.first { $0.contains("plain text line") })
        let json = try #require(styled.first { $0.contains("json two") })
        #expect(text.contains("\u{1B}[2m"), "the text line is not dim: \(text.debugDescription)")
        #expect(!json.contains("\u{1B}[2m"), "a JSON row is dim: \(json.debugDescription)")
        try await tmux.quitAndExpectRestored()
        #expect(tmux.directory.read("err.txt")?.contains("page 1: 1 line not JSON, kept as text") == true, "\(tmux.directory.read("err.txt") ?? "")")
    }
}
