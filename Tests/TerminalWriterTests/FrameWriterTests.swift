import Glibc
import InfinilistCore
import TerminalWriter
import Testing

/// The screen's writer against a terminal in memory: whatever frames came before, the bytes it
/// writes leave the terminal showing exactly what writing the last frame on a blank terminal
/// shows, and a ↓ costs a few bytes. Before, only the tmux tests reached the writer.
@Suite struct FrameWriterTests {
    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    private static let size = Size(rows: 10, columns: 36)

    /// A list of `count` items whose rows read `text(n)`, loaded page by page as the keys need.
    private struct Session {
        var state: AppState
        var next = 0
        let text: (Int) -> String

        init(text: @escaping (Int) -> String, columns: [ColumnSpec]? = nil) {
            var config = AppConfig(sourceName: "writer test")
            config.columns = columns.map(ColumnChoice.given) ?? .lines
            state = AppState(config: config, size: FrameWriterTests.size)
            self.text = text
            answer(state.start())
        }

        /// Answers every page the core asks for, 10 items each, up to 200 items.
        mutating func answer(_ effects: [Effect]) {
            var pending = effects
            while let effect = pending.first {
                pending.removeFirst()
                guard case .load(let request) = effect, request.kind == .next, next < 200 else { continue }
                let items = (next..<(next + 10)).map { n in
                    Item(json: "{\"n\":\(n),\"title\":\"\(text(n))\"}", text: text(n), id: String(n))
                }
                next += 10
                pending += state.update(.pageLoaded(PageResult(request: request, items: items, end: next >= 200 ? EndReason("end") : nil)))
            }
        }

        mutating func press(_ key: Key) { answer(state.update(.key(key))) }
    }

    /// Plays `keys`, writing each frame over the last on one terminal; after each, compares it
    /// with the frame written alone on a blank terminal. Returns the bytes each key took.
    private func play(_ session: inout Session, _ keys: [Key]) throws -> (written: [Int], fullPaint: [Int]) {
        var writer = FrameWriter(capabilities: .ansi)
        var terminal = VirtualTerminal(rows: Self.size.rows, columns: Self.size.columns)
        var previous: Frame? = nil
        var costs: [Int] = []
        var fullPaints: [Int] = []
        for key in [nil] + keys.map(Optional.some) {
            if let key { session.press(key) }
            let frame = render(session.state)
            let bytes = writer.bytes(from: previous, to: frame, size: Self.size)
            terminal.apply(bytes)
            costs.append(bytes.count)
            previous = frame
            var fresh = VirtualTerminal(rows: Self.size.rows, columns: Self.size.columns)
            var freshWriter = FrameWriter(capabilities: .ansi)
            let full = freshWriter.bytes(from: nil, to: frame, size: Self.size)
            fresh.apply(full)
            fullPaints.append(full.count)
            let problems = terminal.problems
            try #require(problems.isEmpty, "\(problems)")
            let same = terminal.cells == fresh.cells
            try #require(same, "after \(key.map(\.description) ?? "the first frame"):\n\(terminal.lines.joined(separator: "\n"))\n---\n\(fresh.lines.joined(separator: "\n"))")
        }
        return (costs, fullPaints)
    }

    private static let keys: [Key] = Array(repeating: .down, count: 14) + [.pageDown, .up, .up, .pageDown, .end, .up, .home]
        + Array(repeating: .down, count: 3) + [.pageUp, .char("j"), .char("k")]

    @Test func aFullPaintShowsEachRowOfTheFrame() throws {
        let session = Session(text: { "item \($0)" })
        let frame = render(session.state)
        var writer = FrameWriter(capabilities: .ansi)
        var terminal = VirtualTerminal(rows: Self.size.rows, columns: Self.size.columns)
        terminal.apply(writer.bytes(from: nil, to: frame, size: Self.size))
        #expect(terminal.problems.isEmpty, "\(terminal.problems)")
        for (y, row) in frame.rows.enumerated() {
            #expect(terminal.text(row: y) == row.text + String(repeating: " ", count: Self.size.columns - row.text.count), "row \(y)")
        }
        #expect(terminal.cells[Self.size.rows - 1].allSatisfy { $0.style == frame.rows[Self.size.rows - 1].fill || $0.text != " " })
    }

    /// Single lines: every frame after a key shows what a full paint shows.
    @Test func scrollingLeavesTheScreenAsAFullPaintWould() throws {
        var session = Session(text: { "item \($0): a row as wide as the screen" })
        let (written, fullPaint) = try play(&session, Self.keys)
        // A ↓ that scrolls (the 12th on a 9-row list) moves the rows and writes the one scrolled
        // in, the cursor's gutter and the status line's digits: far less than painting it all.
        #expect(written[12] > 0 && written[12] * 3 < fullPaint[12], "\(written) \(fullPaint)")
        // A ↓ that only moves the cursor writes two gutters and the status line's digits.
        #expect(written[1] * 6 < fullPaint[1], "\(written) \(fullPaint)")
    }

    /// Wide characters, combining marks and a joined emoji measure as the writer measures them:
    /// nothing shifts or is left behind as rows scroll past each other.
    @Test func wideAndCombiningTextScrollsCleanly() throws {
        let texts = ["日本語のテキスト", "e\u{301}cole caf\u{E9}", "👩‍💻 at work", "Zoë", "ｆｕｌｌ　ｗｉｄｔｈ"]
        var session = Session(text: { "\(texts[$0 % texts.count]) \($0)" })
        _ = try play(&session, Self.keys)
    }

    /// A table, whose header stays and whose columns are filled with padding.
    @Test func aTableScrollsCleanly() throws {
        let columns = try ColumnSpec.parseList("n:5,title")
        var session = Session(text: { "row \($0) of the table" }, columns: columns)
        _ = try play(&session, Self.keys)
    }
}
