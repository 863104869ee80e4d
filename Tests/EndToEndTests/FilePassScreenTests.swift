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
        let count = 120_000
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
        try tmux.send("-l", "54321")
        try tmux.send("G")
        // Every page is known by now: the row's page is read again (placeholders meanwhile).
        try await tmux.waitFor("line 54,321") { rows in StatusCounts(rows)?.row == 54_321 && rows.contains { $0.hasPrefix("> line 54321") } }
        try tmux.send("Up")
        try await tmux.waitFor("line 54,320") { rows in StatusCounts(rows)?.row == 54_320 && rows.contains { $0.hasPrefix("> line 54320") } }
        try await tmux.quitAndExpectRestored()
    }

    /// `NG` before the end is known passes to its row; the rows after it are read on from there.
    @Test func nGPassesToItsRowOnAFreshFile() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let path = folder.file("lines.jsonl")
        try Data((1...100_000).map { "{\"n\":\($0),\"text\":\"line \($0)\"}\n" }.joined().utf8).write(to: path)
        let tmux = try await TmuxSession(arguments: ["--format", "{text}", path.path])
        defer { tmux.close() }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("-l", "75000")
        try tmux.send("G")
        try await tmux.waitFor("line 75,000") { rows in StatusCounts(rows)?.row == 75_000 && rows.contains { $0.hasPrefix("> line 75000") } }
        try tmux.send("PageDown")
        try await tmux.waitFor("the rows after it") { rows in
            guard let counts = StatusCounts(rows), counts.row > 75_000 else { return false }
            return rows.contains { $0.hasPrefix("> line \(counts.row)") }
        }
        try await tmux.quitAndExpectRestored()
    }
    /// Blank lines anywhere, a stretch of pretty-printed objects and two values on a line: the
    /// count stops where a line is not one object, that page is read, and passing goes on after
    /// it; row N is still item N, and the row count the items' (issue 37's hostile pass).
    @Test func linesThatAreNotOneItemAreReadNotCounted() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let path = folder.file("mixed.jsonl")
        var text = ""
        var number = 0
        func item() -> String {
            number += 1
            return "{\"n\":\(number),\"text\":\"line \(number)\"}"
        }
        for index in 1...60_000 {
            if index % 997 == 0 { text += "\n" }
            if (20_000..<20_050).contains(index) {
                text += "{\n  \"n\": \(number + 1),\n  \"text\": \"line \(number + 1)\"\n}\n"
                number += 1
            } else if index == 30_000 {
                text += item() + " " + item() + "\n"
            } else {
                text += item() + "\n"
            }
        }
        text += String(repeating: "\n", count: 1_500)
        try Data(text.utf8).write(to: path)
        let total = number
        let tmux = try await TmuxSession(arguments: ["--format", "{text}", path.path])
        defer { tmux.close() }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("End")
        try await tmux.waitFor("the last item") { rows in
            StatusCounts(rows)?.row == total && StatusCounts(rows)?.loaded == total && rows.contains { $0.hasPrefix("> line \(total)") }
        }
        for row in [20_030, 30_001, 45_678] {
            try tmux.send("-l", "\(row)")
            try tmux.send("G")
            try await tmux.waitFor("line \(row)") { rows in StatusCounts(rows)?.row == row && rows.contains { $0.hasPrefix("> line \(row)") } }
        }
        try await tmux.quitAndExpectRestored()
    }

    /// A stray byte after an object far down the file (`{…}}`): its line is counted as one row,
    /// but read it is two, the object and a problem row. `End` passes over it; when its page
    /// comes into view it takes both rows, so no item is cut off the page and nothing "has
    /// changed" (decision 160; one item was missing before).
    @Test func aStrayByteOnAPassedPageIsARowOfItsOwn() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let path = folder.file("stray.jsonl")
        let count = 60_000
        try Data((1...count).map { "{\"n\":\($0),\"text\":\"line \($0)\"}\($0 == 30_000 ? "}" : "")\n" }.joined().utf8).write(to: path)
        let tmux = try await TmuxSession(arguments: ["--format", "{text}", path.path])
        defer { tmux.close() }
        // Once the background count is in, `End` passes over the pages it counted, the stray
        // byte's too (a pass that counts stops at the line and reads its page instead).
        try await tmux.waitFor(text: "of 60,000")
        try tmux.send("End")
        try await tmux.waitFor("the last line") { rows in StatusCounts(rows)?.row == count && rows.contains { $0.hasPrefix("> line \(count)") } }
        try tmux.send("-l", "30000")
        try tmux.send("G")
        let around = try await tmux.waitFor("line 30,000, the problem row and line 30,001") { rows in
            guard let line = rows.firstIndex(where: { $0.hasPrefix("> line 30000") }), line + 2 < rows.count else { return false }
            return rows[line + 1].contains("✗ not JSON") && rows[line + 2].hasPrefix("  line 30001") && StatusCounts(rows)?.loaded == count + 1
        }
        #expect(!around.joined().contains("changed"), "\(around)")
        try tmux.send("-l", "\(count + 1)")
        try tmux.send("G")
        try await tmux.waitFor("the last line, one row further") { rows in
            StatusCounts(rows)?.row == count + 1 && rows.contains { $0.hasPrefix("> line \(count)") }
        }
        try await tmux.quitAndExpectRestored()
    }
}
