/// How help names keys. The screen shows arrows (`↓`); `--help` and the man page spell them in
/// ASCII (`Down`), because the argument parser's man page generator drops every other character
/// (which would leave "j Ctrl-N" for "↓ j Ctrl-N"), and words read as well on any terminal.
public enum KeyNaming: Sendable, Equatable {
    case symbols
    case ascii
}

extension Key {
    /// The key's name in help: `description`, with the arrows spelled out in ASCII.
    public func name(_ naming: KeyNaming) -> String {
        guard naming == .ascii else { return description }
        switch self {
        case .down: return "Down"
        case .up: return "Up"
        case .right: return "Right"
        case .left: return "Left"
        case .shiftDown: return "Shift-Down"
        case .shiftUp: return "Shift-Up"
        default: return description
        }
    }
}

/// The key tables as text: the one place that lays them out, for the help screen (`?`),
/// `--help` and the man page. docs/keys.md is checked against the same `keyNames` and `help`.
extension KeyMap {
    /// This table as aligned lines of text: key names, then what they do.
    public func helpLines(naming: KeyNaming = .symbols) -> [String] {
        // The user's commands first: the help's first screen shows them without scrolling.
        let rows = commands.map { ($0.keys.map { $0.name(naming) }, $0.command.help) }
            + bindings.map { ($0.keyNames(naming), $0.help) }
        let names = rows.map { $0.0.joined(separator: " ") }
        let width = names.map { DisplayWidth.of($0) }.max() ?? 0
        return zip(names, rows).map { name, row in
            name + String(repeating: " ", count: width - DisplayWidth.of(name)) + "  " + row.1
        }
    }

    /// Every table under its title, `first` (the mode the user is in) first, the others in the
    /// order of `all`.
    public static func helpSections(naming: KeyNaming = .symbols, first: KeyMap? = nil, of tables: [KeyMap] = all) -> [(title: String, lines: [String])] {
        let maps = first.map { first in [first] + tables.filter { $0.title != first.title } } ?? tables
        return maps.map { ($0.title, $0.helpLines(naming: naming)) }
    }

    /// Every table as lines of text: each title, its lines indented by two, a blank line between
    /// tables.
    public static func helpLines(naming: KeyNaming = .symbols) -> [String] {
        var lines: [String] = []
        for section in helpSections(naming: naming) {
            if !lines.isEmpty { lines.append("") }
            lines.append(section.title)
            lines += section.lines.map { "  " + $0 }
        }
        return lines
    }
}
