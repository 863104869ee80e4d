/// Keys as `--bind` names them, after fzf: `ctrl-o`, `alt-x`, `f5`, `enter`, `space`, `tab`,
/// `btab`, `esc`, `up`, `pgdn`, `home`, a single character (`y`, `Y`, `?`).
///
/// Some control keys are the same byte as a named key on every terminal (`ctrl-h` is
/// Backspace's 8, `ctrl-i` Tab, `ctrl-j` and `ctrl-m` Enter, `ctrl-[` Esc), so they name that
/// key: binding both is binding one key twice.
public enum KeyName {
    /// The key `name` stands for; nil when it names none.
    public static func key(_ name: String) -> Key? {
        if name.count == 1, let character = name.first { return .char(character) }
        let lower = name.lowercased()
        if let key = named[lower] { return key }
        if lower.hasPrefix("ctrl-"), name.count == 6, let letter = lower.last {
            switch letter {
            case "h": return .backspace
            case "i": return .tab
            case "j", "m": return .enter
            case "[": return .escape
            case "a"..."z": return .ctrl(letter)
            default: return nil
            }
        }
        if lower.hasPrefix("alt-"), name.count == 5, let character = name.last, character != " " {
            return .alt(character)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number),
           lower == "f\(number)" {
            return .function(number)
        }
        return nil
    }

    /// What a user may write, for the error message about a name that is none of them.
    public static let summary =
        "ctrl-a…ctrl-z, alt-CHAR, f1…f12, enter, space, tab, btab, esc, up, down, left, right, pgup, pgdn, home, end, bspace, del, or one character"

    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter,
        "space": .char(" "),
        "tab": .tab,
        "btab": .backTab, "shift-tab": .backTab,
        "esc": .escape, "escape": .escape,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "page-up": .pageUp,
        "pgdn": .pageDown, "page-down": .pageDown,
        "home": .home, "end": .end,
        "bspace": .backspace, "bs": .backspace, "backspace": .backspace,
        "del": .delete, "delete": .delete,
        "comma": .char(","), "colon": .char(":"),
    ]
}
