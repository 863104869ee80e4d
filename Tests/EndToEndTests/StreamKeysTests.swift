import Foundation
import Glibc
import Testing

/// `G` reads a pipe or a file to its end (`N%` too, then goes N percent down; Esc stops it on a
/// pipe that never ends), a file's rows are counted, `R` reads a file again as it is now, and the
/// spool file of a pipe is gone on every way out.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end stream tests skipped"))
struct StreamKeysTests {
    /// The program on a file of `lines` JSON lines (the folder holds the file while it runs).
    private static func openFile(lines: Int) async throws -> (TmuxSession, TemporaryDirectory) {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let file = folder.file("log.jsonl")
        try Data(jsonLines(1...lines).utf8).write(to: file)
        return (try await TmuxSession(arguments: [file.path]), folder)
    }

    @Test func gReadsAFileToItsEndAtOnce() async throws {
        let (tmux, folder) = try await Self.openFile(lines: 3500)
        defer { withExtendedLifetime(folder) { tmux.close() } }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("G")
        let end = try await tmux.waitFor("the end of the file after one G") { rows in
            rows.contains { $0.contains("— end · 3,500 items · end of input —") } && StatusCounts(rows)?.row == 3500
        }
        #expect(end.contains { $0.hasPrefix("> line 3500") })
        try await tmux.quitAndExpectRestored()
    }

    /// A file's rows are counted in the background once the first screen is up: the status line
    /// says how many the whole file has before they are read.
    @Test func theStatusLineSaysHowManyRowsAFileHas() async throws {
        let (tmux, folder) = try await Self.openFile(lines: 3500)
        defer { withExtendedLifetime(folder) { tmux.close() } }
        let rows = try await tmux.waitFor(text: "of 3,500")
        #expect(StatusCounts(rows)?.loaded ?? 0 < 3500)
        try await tmux.quitAndExpectRestored()
    }

    /// `N%` counts the file to its end, then goes N percent of the way down, as vi's `N%`.
    @Test func aPercentGoesThatFarDownAFile() async throws {
        let (tmux, folder) = try await Self.openFile(lines: 3500)
        defer { withExtendedLifetime(folder) { tmux.close() } }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("4", "0", "%")
        // The pages passed over are read when they come into view.
        try await tmux.waitFor("row 1,400 of 3,500, read") { rows in
            StatusCounts(rows)?.row == 1400 && StatusCounts(rows)?.loaded == 3500 && rows.contains { $0.hasPrefix("> line 1400") }
        }
        try await tmux.quitAndExpectRestored()
    }

    @Test func escStopsGOnAPipeThatNeverEnds() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: [], stdin: .pipe(from: #"yes '{"title":"again and again"}'"#))
        defer { tmux.close() }
        try await tmux.waitFor("the first rows") { StatusCounts($0) != nil }
        try tmux.send("G")
        try await tmux.waitFor(text: "reading to the end")
        try await tmux.waitFor("rows read by G", timeout: .seconds(120)) { (StatusCounts($0)?.loaded ?? 0) > 5000 }
        try tmux.send("Escape")
        // The notice takes the status line's left part, where the source's name was.
        let stopped = try await tmux.waitFor(text: "stopped reading to the end")
        let row = try #require(cursorRow(stopped))
        try tmux.send("k")
        try await tmux.waitFor("the cursor one row up") { cursorRow($0) == row - 1 }
        try await tmux.quitAndExpectRestored()
    }

    @Test func rReadsAFileAgainWithTheLinesAppendedSince() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let file = folder.file("app.jsonl")
        try Data(jsonLines(1...3).utf8).write(to: file)
        let tmux = try await TmuxSession(arguments: [file.path])
        defer { tmux.close() }
        try await tmux.waitFor(text: "— end · 3 items · end of input —")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(jsonLines(4...5).utf8))
        try handle.close()
        try tmux.send("R")
        let rows = try await tmux.waitFor(text: "— end · 5 items · end of input —")
        #expect(rows.contains { $0.contains("line 5") })
        try await tmux.quitAndExpectRestored()
    }

    /// The spool (a copy of what was read from the pipe, for dropped pages) never has a name on
    /// disk, only a descriptor held by infinilist, and that goes with it on every way out.
    @Test(arguments: [("q", Int32(0)), ("C-c", Int32(130)), ("SIGTERM", Int32(143))])
    func theSpoolFileIsGoneOnEveryWayOut(way: String, status: Int32) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let spoolFolder = folder.file("tmp")
        try FileManager.default.createDirectory(at: spoolFolder, withIntermediateDirectories: true)
        let fifo = try TestFIFO(in: folder)
        fifo.write(jsonLines(1...50))
        let tmux = try await TmuxSession(arguments: [], stdin: .file(fifo.path), environment: ["TMPDIR": spoolFolder.path])
        defer { tmux.close() }
        try await tmux.waitFor("fifty rows") { StatusCounts($0)?.loaded == 50 }
        let pid = try await tmux.waitForPID()
        let held = descriptorsInto(spoolFolder.path)
        #expect(held.count == 1, "\(held)")
        #expect(held.allSatisfy { $0.hasPrefix("\(pid): ") && $0.contains("/infinilist-spool-") && $0.hasSuffix(" (deleted)") }, "\(held)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoolFolder.path).isEmpty)
        if way == "SIGTERM" {
            #expect(kill(pid, SIGTERM) == 0)
        } else {
            try tmux.send(way)
        }
        #expect(try await tmux.waitForExit() == status)
        #expect(descriptorsInto(spoolFolder.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoolFolder.path).isEmpty)
        try await tmux.expectTerminalRestored()
    }
}
