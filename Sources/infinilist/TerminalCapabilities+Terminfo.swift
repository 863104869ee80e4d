import CNCursesW
import Glibc
import InfinilistCore
import TerminalWriter

extension TerminalCapabilities {
    /// The terminal's own strings, read from terminfo once curses has set the terminal up. Nil
    /// when the terminal lacks what the writer needs (cursor addressing, clearing a line,
    /// resetting attributes) or the locale does not write UTF-8: curses then draws, as it
    /// always could.
    init?(styles: CursesStyles) {
        guard let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" else { return nil }
        func string(_ name: String) -> String? {
            shim_string_capability(name).map { Self.withoutPadding(String(cString: $0)) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        // A `cup` of `%c` can send a NUL byte, which the strings here cannot hold.
        guard let moveTo = string("cup"), !moveTo.contains("%c"), let clearToEndOfLine = string("el"),
              let reset = string("sgr0"), let clearScreen = string("clear") else { return nil }
        var looks: [Style: [UInt8]] = [:]
        for style in Style.allCases {
            guard let look = Self.sequence(for: style, styles: styles, string: string) else { return nil }
            looks[style] = look
        }
        var scrollUpBy: (@Sendable (Int) -> [UInt8])?
        if let indn = string("indn") {
            scrollUpBy = { count in Self.bytes(shim_tiparm1(indn, Int32(clamping: count))) }
        }
        self.init(
            moveTo: Self.twoNumbers(moveTo),
            scrollRegion: string("csr").map(Self.twoNumbers),
            scrollUp: string("ind"),
            scrollUpBy: scrollUpBy,
            scrollDown: string("ri"),
            clearScreen: clearScreen,
            clearToEndOfLine: clearToEndOfLine,
            resetAttributes: reset,
            writesLastCell: tigetflag("am") != 1 || tigetflag("xenl") == 1,
            looks: looks
        )
    }

    /// A two-number capability, formatted by terminfo when it is not ANSI's pattern.
    private static func twoNumbers(_ text: String) -> TwoNumberCapability {
        TwoNumberCapability(text) { first, second in bytes(shim_tiparm2(text, Int32(clamping: first), Int32(clamping: second))) }
    }

    private static func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8] {
        guard let text else { return [] }
        return UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) }
    }

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
        bytes += Self.bytes(shim_tiparm1(foreground, pair.foreground))
        if let color = pair.background ?? styles.background.map(Int32.init) {
            bytes += Self.bytes(shim_tiparm1(background, color))
        }
        return bytes
    }
}
