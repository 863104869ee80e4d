import InfinilistCore

/// The terminal's strings the screen's own writer sends (decision 84): moving the cursor,
/// clearing, scrolling a region, and the sequence that puts each style on. Plain values: the
/// program reads them from terminfo once curses has set the terminal up
/// (`TerminalCapabilities+Terminfo.swift` in the command), the tests give ANSI's (`ansi`).
public struct TerminalCapabilities: Sendable {
    let moveTo: TwoNumberCapability
    let scrollRegion: TwoNumberCapability?
    let scrollUp: [UInt8]?
    /// `indn`, formatted for a count (terminfo's parameters): scrolls up by several rows at once.
    let scrollUpBy: (@Sendable (Int) -> [UInt8])?
    let scrollDown: [UInt8]?
    let clearScreen: [UInt8]
    let clearToEndOfLine: [UInt8]
    let resetAttributes: [UInt8]
    /// Whether the bottom-right cell may be written: writing it scrolls a terminal with automatic
    /// margins unless the terminal delays the wrap (`xenl`), as xterm, tmux and VTE do.
    let writesLastCell: Bool
    /// Each style's sequence, after `resetAttributes`; empty for the plain style.
    private let looks: [Style: [UInt8]]

    public init(
        moveTo: TwoNumberCapability,
        scrollRegion: TwoNumberCapability?,
        scrollUp: String?,
        scrollUpBy: (@Sendable (Int) -> [UInt8])?,
        scrollDown: String?,
        clearScreen: String,
        clearToEndOfLine: String,
        resetAttributes: String,
        writesLastCell: Bool,
        looks: [Style: [UInt8]]
    ) {
        self.moveTo = moveTo
        self.scrollRegion = scrollRegion
        self.scrollUp = scrollUp.map { Array($0.utf8) }
        self.scrollUpBy = scrollUpBy
        self.scrollDown = scrollDown.map { Array($0.utf8) }
        self.clearScreen = Array(clearScreen.utf8)
        self.clearToEndOfLine = Array(clearToEndOfLine.utf8)
        self.resetAttributes = Array(resetAttributes.utf8)
        self.writesLastCell = writesLastCell
        self.looks = looks
    }

    /// Whether the writer can move rows with a scroll region.
    var canScroll: Bool { scrollRegion != nil && scrollUp != nil && scrollDown != nil }

    func move(toRow row: Int, column: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        appendMove(toRow: row, column: column, to: &bytes)
        return bytes
    }

    /// `cup` to (`row`, `column`), 0-based, appended to `out`.
    func appendMove(toRow row: Int, column: Int, to out: inout [UInt8]) {
        moveTo.append(row, column, to: &out)
    }

    /// How many bytes `appendMove` writes for (`row`, `column`).
    func moveLength(toRow row: Int, column: Int) -> Int {
        moveTo.length(row, column)
    }

    /// Scrolls rows `region` by `by` (up when positive), leaving the scroll region reset to the
    /// whole screen of `rows` rows. Lines scrolled in are blank.
    func scroll(_ region: ClosedRange<Int>, by: Int, rows: Int) -> [UInt8] {
        guard let scrollRegion, let scrollUp, let scrollDown, by != 0 else { return [] }
        var bytes: [UInt8] = []
        scrollRegion.append(region.lowerBound, region.upperBound, to: &bytes)
        if by > 0 {
            bytes += move(toRow: region.upperBound, column: 0)
            if by > 1, let scrollUpBy {
                bytes += scrollUpBy(by)
            } else {
                for _ in 0..<by { bytes += scrollUp }
            }
        } else {
            bytes += move(toRow: region.lowerBound, column: 0)
            for _ in 0..<(-by) { bytes += scrollDown }
        }
        scrollRegion.append(0, rows - 1, to: &bytes)
        return bytes
    }

    /// The sequence that puts `style` on, after `resetAttributes`.
    func look(_ style: Style) -> [UInt8] { looks[style] ?? [] }

    /// xterm's strings (what tmux and VTE answer too): for the in-memory terminal of the tests
    /// (`VirtualTerminal`). Each style is one SGR colour, `38;5;N` with N its place in
    /// `Style.allCases` plus one, so the terminal can tell every style apart.
    public static let ansi = TerminalCapabilities(
        moveTo: TwoNumberCapability("\u{1B}[%i%p1%d;%p2%dH"),
        scrollRegion: TwoNumberCapability("\u{1B}[%i%p1%d;%p2%dr"),
        scrollUp: "\n",
        scrollUpBy: { Array("\u{1B}[\($0)S".utf8) },
        scrollDown: "\u{1B}M",
        clearScreen: "\u{1B}[H\u{1B}[2J",
        clearToEndOfLine: "\u{1B}[K",
        resetAttributes: "\u{1B}[m",
        writesLastCell: true,
        looks: Dictionary(uniqueKeysWithValues: Style.allCases.enumerated().map { index, style in
            (style, style == .normal ? [] : Array("\u{1B}[38;5;\(index + 1)m".utf8))
        })
    )

    /// A capability without its delays (`$<5>`, `$<2*/>`): `tputs` turns them into waits for
    /// slow terminals; written as they are they would show as text.
    public static func withoutPadding(_ capability: String) -> String {
        guard capability.contains("$<") else { return capability }
        var result: [UInt8] = []
        var bytes = capability.utf8[...]
        while let dollar = bytes.firstIndex(of: UInt8(ascii: "$")) {
            let after = bytes.index(after: dollar)
            guard after < bytes.endIndex, bytes[after] == UInt8(ascii: "<"),
                  let close = bytes[after...].firstIndex(of: UInt8(ascii: ">")) else {
                result += bytes[...dollar]
                bytes = bytes[after...]
                continue
            }
            result += bytes[..<dollar]
            bytes = bytes[bytes.index(after: close)...]
        }
        return String(decoding: result + bytes, as: UTF8.self)
    }
}
