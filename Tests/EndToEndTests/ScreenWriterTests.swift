import Foundation
import Testing

/// What the screen's own writer (decision 84) sends for a ↓, read from the pane's raw output:
/// only what changed. A JSON-lines file of one-line rows, so every row's text is known.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end writer tests skipped"))
struct ScreenWriterTests {
    private let patience: Duration = .seconds(30)

    private static func title(_ number: Int) -> String { "title number \(number) of the list" }

    private func listFile() throws -> (TemporaryDirectory, String) {
        let data = try TemporaryDirectory()
        let lines = (1...200).map { #"{"id":\#($0),"title":"\#(Self.title($0))"}"# }
        try (lines.joined(separator: "\n") + "\n").write(to: data.file("list.jsonl"), atomically: true, encoding: .utf8)
        return (data, data.file("list.jsonl").path)
    }

    private func atRow(_ tmux: TmuxSession, _ row: Int) async throws -> [String] {
        try await tmux.waitFor("row \(row)", timeout: patience) { StatusCounts($0)?.row == row }
    }

    /// The bytes the pane's program wrote while `keys` were pressed, until the cursor is on `row`.
    private func output(_ tmux: TmuxSession, in data: TemporaryDirectory, pressing keys: String..., untilRow row: Int) async throws -> String {
        let raw = data.file("raw-\(row).out")
        try tmux.startRecording(to: raw)
        for key in keys { try tmux.send(key) }
        _ = try await atRow(tmux, row)
        // The pane shows the paint; tmux may still be copying it to the file: wait until the
        // file has stopped growing (the same size over six looks, 20 ms apart).
        var sizes: [Int] = []
        try await waitUntil("the raw output to settle", timeout: patience) {
            sizes.append((try? Data(contentsOf: raw))?.count ?? -1)
            return sizes.count >= 6 && Set(sizes.suffix(6)).count == 1 && sizes.last ?? 0 > 0
        }
        try tmux.stopRecording()
        return String(decoding: try Data(contentsOf: raw), as: UTF8.self)
    }

    @Test func aMoveInsideTheScreenWritesTheGuttersAndTheStatusOnly() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, list) = try listFile()
        let tmux = try await TmuxSession(arguments: ["--format", "{title}", list], columns: 100, rows: 30)
        defer { tmux.close() }
        _ = try await atRow(tmux, 1)
        let written = try await output(tmux, in: data, pressing: "Down", untilRow: 2)
        #expect(!written.contains("title number"), "a row was written again: \(written.debugDescription)")
        #expect(written.contains(">"))
        #expect(written.utf8.count < 120, "\(written.utf8.count) bytes: \(written.debugDescription)")
        let screen = try tmux.capture()
        #expect(screen[0].hasPrefix("  \(Self.title(1))"))
        #expect(screen[1].hasPrefix("> \(Self.title(2))"))
    }

    @Test func aScrollMovesTheRowsAndWritesOnlyTheNewOne() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, list) = try listFile()
        let tmux = try await TmuxSession(arguments: ["--format", "{title}", list], columns: 100, rows: 30)
        defer { tmux.close() }
        _ = try await atRow(tmux, 1)
        // The list's rows are 1–29: the 29th ↓ puts the cursor on row 30, one past the screen.
        for _ in 0..<28 { try tmux.send("Down") }
        _ = try await atRow(tmux, 29)
        let written = try await output(tmux, in: data, pressing: "Down", untilRow: 30)
        // A scroll region over the list, then the new row, and no other row's text.
        #expect(written.contains("\u{1B}[1;29r"), "no scroll region: \(written.debugDescription)")
        #expect(written.components(separatedBy: "title number").count == 2, "\(written.debugDescription)")
        #expect(written.contains(Self.title(30)))
        let screen = try tmux.capture()
        #expect(screen[0].hasPrefix("  \(Self.title(2))"))
        #expect(screen[27].hasPrefix("  \(Self.title(29))"))
        #expect(screen[28].hasPrefix("> \(Self.title(30))"))
    }

    /// A pane of five rows (four of the list): moving the cursor leaves one pointer, and
    /// scrolling leaves each row as a repaint draws it. (A move declared by storage with no
    /// rows in it once left the old pointer's cell on such a screen.)
    @Test func aShortScreenKeepsOnePointerWhileMovingAndScrolling() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let (data, list) = try listFile()
        defer { withExtendedLifetime(data) {} }
        let tmux = try await TmuxSession(arguments: ["--format", "{title}", list], columns: 60, rows: 5)
        defer { tmux.close() }
        _ = try await atRow(tmux, 1)
        for row in 2...9 {
            try tmux.send("Down")
            let screen = try await atRow(tmux, row)
            let pointers = screen.dropLast().filter { $0.hasPrefix(">") }
            #expect(pointers.count == 1, "row \(row): \(screen)")
            let top = max(1, row - 3)
            for (y, line) in screen.dropLast().enumerated() {
                #expect(line.hasPrefix((top + y == row ? "> " : "  ") + Self.title(top + y)), "row \(row), line \(y): \(screen)")
            }
        }
    }
}
