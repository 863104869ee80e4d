/// A key press as the core sees it, independent of curses key codes, so that the key map and
/// every test can speak of keys without a terminal.
public enum Key: Sendable, Hashable {
    case char(Character)
    /// Control plus a letter, e.g. `.ctrl("c")` for Ctrl-C (byte 3).
    case ctrl(Character)
    /// Alt (Meta) plus a character: the terminal sends Esc, then the character.
    case alt(Character)
    case up, down, left, right
    /// Shift-↓ and Shift-↑ (curses' scroll-forward and scroll-backward keys).
    case shiftDown, shiftUp
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
}

extension Key: CustomStringConvertible {
    /// The name shown in help and docs (`j`, `Ctrl-C`, `PgDn`).
    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(c.uppercased())"
        case .alt(let c): return "Alt-\(c)"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftDown: return "Shift-↓"
        case .shiftUp: return "Shift-↑"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .function(let n): return "F\(n)"
        }
    }
}
