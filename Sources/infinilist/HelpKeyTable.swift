import InfinilistCore

/// The key tables for `--help` and the man page: the same tables as the help overlay, with the
/// arrow keys spelled out (Down, Up, Right, Left). Text for a man page must be ASCII (the
/// argument parser's man page generator drops every other character, which would leave "j
/// Ctrl-N" for "↓ j Ctrl-N"), and words read as well in `--help` on any terminal.
enum HelpKeyTable {
    static func lines() -> [String] {
        var lines: [String] = []
        for map in KeyMap.all {
            if !lines.isEmpty { lines.append("") }
            lines.append(map.title)
            let names = map.bindings.map { $0.keys.map(name).joined(separator: " ") }
            let width = names.map(\.count).max() ?? 0
            for (name, binding) in zip(names, map.bindings) {
                lines.append("  " + name + String(repeating: " ", count: width - name.count) + "  " + binding.help)
            }
        }
        return lines
    }

    /// A key's name in ASCII.
    static func name(_ key: Key) -> String {
        switch key {
        case .down: return "Down"
        case .up: return "Up"
        case .right: return "Right"
        case .left: return "Left"
        default: return key.description
        }
    }
}
