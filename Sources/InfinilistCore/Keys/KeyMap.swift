/// One line of the key table: the keys, what they do, and the words shown in help.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    public let action: Action
    public let help: String

    public init(_ keys: [Key], _ action: Action, _ help: String) {
        self.keys = keys
        self.action = action
        self.help = help
    }
}

/// The key table of the list view. It is data: handling looks keys up here and the help text
/// is generated from it, so the two can never disagree.
public enum KeyMap {
    public static let list: [KeyBinding] = [
        KeyBinding([.down, .char("j"), .ctrl("n")], .down, "next row"),
        KeyBinding([.up, .char("k"), .ctrl("p")], .up, "previous row"),
        KeyBinding([.pageDown, .char(" "), .char("f"), .ctrl("f")], .pageDown, "next screen"),
        KeyBinding([.pageUp, .char("b"), .ctrl("b")], .pageUp, "previous screen"),
        KeyBinding([.ctrl("d")], .halfPageDown, "half a screen down"),
        KeyBinding([.ctrl("u")], .halfPageUp, "half a screen up"),
        KeyBinding([.home, .char("g"), .char("<")], .first, "first row"),
        KeyBinding([.end, .char("G"), .char(">")], .last, "last loaded row"),
        KeyBinding([.enter], .select, "print the item as JSON to stdout and exit"),
        KeyBinding([.char("r")], .retry, "retry the page that failed"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, "suspend (fg resumes)"),
        KeyBinding([.char("q"), .escape], .quit, "quit (exit 0)"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
    ]

    private static let index: [Key: Action] = {
        var index: [Key: Action] = [:]
        for binding in list {
            for key in binding.keys where index[key] == nil { index[key] = binding.action }
        }
        return index
    }()

    /// The action bound to a key in the list view, if any.
    public static func action(for key: Key) -> Action? { index[key] }

    /// The table as aligned lines of text, for the help screen and `--help`.
    public static func helpLines() -> [String] {
        let names = list.map { $0.keys.map(\.description).joined(separator: " ") }
        let width = names.map(\.count).max() ?? 0
        return zip(names, list).map { name, binding in
            name + String(repeating: " ", count: width - name.count) + "  " + binding.help
        }
    }
}
