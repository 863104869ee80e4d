import Foundation
import Testing

/// `G` and `NG` on a file of JSON lines go over the pages between by counting line breaks
/// (decision 145): the rows on screen are the file's own, wherever the keys land, and the row
/// numbers are the file's line numbers.
@Suite(.serialized) struct FilePassScreenTests {
    @Test func endAndNGLandOnTheFilesOwnRows() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let path = folder.file("lines.jsonl")
        let count = 300_000
        try Data((1...count).map { "{\"n\":\($0),\"text\":\"line \($0)\"}\n" }.joined().utf8).write(to: path)
        let tmux = try await TmuxSession(arguments: ["--format", "{text}", path.path])
        defer { tmux.close() }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }

        try tmux.send("End")
        let end = try await tmux.waitFor("the last line") { StatusCounts($0)?.row == count && StatusCounts($0)?.loaded == count }
        #expect(end.contains { $0.hasPrefix("> line \(count)") }, "\(end)")
        // The rows above come from a page passed over, read again now.
        try tmux.send("PageUp")
        try await tmux.waitFor("the page above") { rows in
            guard let counts = StatusCounts(rows), counts.row < count else { return false }
            return rows.contains { $0.hasPrefix("> line \(counts.row)") } && rows.contains { $0.hasPrefix("  line \(counts.row - 1)") }
        }

        try tmux.send("g")
        try await tmux.waitFor("the first line") { StatusCounts($0)?.row == 1 }
        try tmux.send("-l", "123457")
        try tmux.send("G")
        // Every page is known by now: the row's page is read again (placeholders meanwhile).
        try await tmux.waitFor("line 123,457") { rows in StatusCounts(rows)?.row == 123_457 && rows.contains { $0.hasPrefix("> line 123457") } }
        try tmux.send("Up")
        try await tmux.waitFor("line 123,456") { rows in StatusCounts(rows)?.row == 123_456 && rows.contains { $0.hasPrefix("> line 123456") } }
        try await tmux.quitAndExpectRestored()
    }

    /// `NG` before the end is known passes to its row; the rows after it are read on from there.
    @Test func nGPassesToItsRowOnAFreshFile() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let path = folder.file("lines.jsonl")
        try Data((1...200_000).map { "{\"n\":\($0),\"text\":\"line \($0)\"}\n" }.joined().utf8).write(to: path)
        let tmux = try await TmuxSession(arguments: ["--format", "{text}", path.path])
        defer { tmux.close() }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("-l", "150000")
        try tmux.send("G")
        try await tmux.waitFor("line 150,000") { rows in StatusCounts(rows)?.row == 150_000 && rows.contains { $0.hasPrefix("> line 150000") } }
        try tmux.send("PageDown")
        try await tmux.waitFor("the rows after it") { rows in
            guard let counts = StatusCounts(rows), counts.row > 150_000 else { return false }
            return rows.contains { $0.hasPrefix("> line \(counts.row)") }
        }
        try await tmux.quitAndExpectRestored()
    }
}
