import CNCursesW
import Glibc
import InfinilistCore

/// The terminfo strings the screen's own writer sends (decision 84), read once curses has set the
/// terminal up, and the escape sequence that puts each style on. Nil when the terminal lacks what
/// the writer needs (cursor addressing, clearing a line, resetting attributes) or the locale does
/// not write UTF-8: curses then draws, as it always could.
struct TerminalCapabilities {
    private let moveTo: TwoNumberCapability
    private let scrollRegion: TwoNumberCapability?
    private let scrollUp: String?
    private let scrollUpBy: String?
    private let scrollDown: String?
    let clearScreen: [UInt8]
    let clearToEndOfLine: [UInt8]
    let resetAttributes: [UInt8]
    /// Whether the bottom-right cell may be written: writing it scrolls a terminal with automatic
    /// margins unless the terminal delays the wrap (`xenl`), as xterm, tmux and VTE do.
    let writesLastCell: Bool
    /// Each style's sequence, after `resetAttributes`; empty for the plain style.
    private let looks: [Style: [UInt8]]

    init?(styles: CursesStyles) {
        guard let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" else { return nil }
        func string(_ name: String) -> String? {
            shim_string_capability(name).map { Self.withoutPadding(String(cString: $0)) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        // A `cup` of `%c` can send a NUL byte, which the strings here cannot hold.
        guard let moveTo = string("cup"), !moveTo.contains("%c"), let clearToEndOfLine = string("el"),
              let reset = string("sgr0"), let clearScreen = string("clear") else { return nil }
        self.moveTo = TwoNumberCapability(moveTo)
        self.clearToEndOfLine = Array(clearToEndOfLine.utf8)
        self.clearScreen = Array(clearScreen.utf8)
        resetAttributes = Array(reset.utf8)
        scrollRegion = string("csr").map(TwoNumberCapability.init)
        scrollUp = string("ind")
        scrollUpBy = string("indn")
        scrollDown = string("ri")
        writesLastCell = tigetflag("am") != 1 || tigetflag("xenl") == 1
        var looks: [Style: [UInt8]] = [:]
        for style in Style.allCases {
            guard let look = Self.sequence(for: style, styles: styles, string: string) else { return nil }
            looks[style] = look
        }
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
                bytes += TwoNumberCapability.bytes(shim_tiparm1(scrollUpBy, Int32(by)))
            } else {
                for _ in 0..<by { bytes += Array(scrollUp.utf8) }
            }
        } else {
            bytes += move(toRow: region.lowerBound, column: 0)
            for _ in 0..<(-by) { bytes += Array(scrollDown.utf8) }
        }
        scrollRegion.append(0, rows - 1, to: &bytes)
        return bytes
    }

    /// The sequence that puts `style` on, after `resetAttributes`.
    func look(_ style: Style) -> [UInt8] { looks[style] ?? [] }

    /// A style's attributes and colours as `CursesStyles` chooses them, written with the
    /// terminal's own sequences; nil when the terminal lacks one the style needs.
    private static func sequence(for style: Style, styles: CursesStyles, string: (String) -> String?) -> [UInt8]? {
        let look = CursesStyles.look(for: style)
        let emphasis = styles.usesColor ? look.inColor : look.monochrome
        var bytes: [UInt8] = []
        for (flag, name) in [(CursesStyles.Emphasis.bold, "bold"), (.dim, "dim"), (.reverse, "rev"), (.underline, "smul")]
        where emphasis.contains(flag) {
            guard let sequence = string(name) else { return nil }
            bytes += Array(sequence.utf8)
        }
        guard styles.usesColor, let pair = look.color else { return bytes }
        guard let foreground = string("setaf"), let background = string("setab") else { return nil }
        bytes += TwoNumberCapability.bytes(shim_tiparm1(foreground, pair.foreground))
        if let color = pair.background ?? styles.background.map(Int32.init) {
            bytes += TwoNumberCapability.bytes(shim_tiparm1(background, color))
        }
        return bytes
    }

    /// A capability without its delays (`$<5>`, `$<2*/>`): `tputs` turns them into waits for
    /// slow terminals; written as they are they would show as text.
    static func withoutPadding(_ capability: String) -> String {
        guard capability.contains("$<") else { return capability }
        var result = ""
        var rest = Substring(capability)
        while let open = rest.range(of: "$<"), let close = rest[open.upperBound...].firstIndex(of: ">") {
            result += rest[..<open.lowerBound]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
