/// The key tables the program runs with: the built-in ones (`KeyMap.list`, `.detail`,
/// `.columns`, `.prompt`, `.help`) with the user's `--bind` applied. Handling and the help screen both read these, so
/// a binding shows in `?` exactly as it acts.
public struct KeyTables: Sendable, Equatable {
    public let list: KeyMap
    public let detail: KeyMap
    public let prompt: KeyMap
    /// The column picker's keys: like the prompt's, not rebound (the picker is a small dialog
    /// with its own keys, and a binding meant for the list should not reach it).
    public let columns: KeyMap
    /// The counts view's keys, not rebound, as the picker's.
    public let counts: KeyMap
    /// The help screen's keys, not rebound either: whatever `--bind` did, `?` shows how to
    /// scroll and leave the help itself.
    public let help: KeyMap

    public static let standard = KeyTables(list: .list, detail: .detail, prompt: .prompt)

    public init(list: KeyMap, detail: KeyMap, prompt: KeyMap, columns: KeyMap = .columns, counts: KeyMap = .counts, help: KeyMap = .help) {
        self.list = list
        self.detail = detail
        self.prompt = prompt
        self.columns = columns
        self.counts = counts
        self.help = help
    }

    /// Every table, in the order help shows them.
    public var all: [KeyMap] { [list, detail, columns, counts, prompt, help] }

    /// These tables with `bindings` applied to the list and the detail view (the prompt keeps
    /// its keys, so that every character can still be typed there). A key bound to an action
    /// leaves its old row for that action's row, in each table that has the action (a table
    /// without it keeps its own meaning for the key: `q:filter` leaves the detail view's `q`
    /// going back); a key bound to a command leaves its old row in both tables and gets a row of
    /// its own. A row left without keys is gone.
    public func applying(_ bindings: [UserBinding]) -> KeyTables {
        KeyTables(list: Self.apply(bindings, to: list), detail: Self.apply(bindings, to: detail), prompt: prompt)
    }

    private static func apply(_ bindings: [UserBinding], to map: KeyMap) -> KeyMap {
        let actions = Set(map.bindings.map(\.action))
        var rows = map.bindings.map { (keys: $0.keys, action: $0.action, help: $0.help) }
        var commands = map.commands
        for binding in bindings {
            switch binding.target {
            case .action(let action):
                guard actions.contains(action) else { continue }
                remove(binding.key, from: &rows, &commands)
                if let row = rows.firstIndex(where: { $0.action == action }) { rows[row].keys.append(binding.key) }
            case .command(let command):
                remove(binding.key, from: &rows, &commands)
                commands.append(CommandBinding([binding.key], command))
            }
        }
        let kept = rows.filter { !$0.keys.isEmpty }.map { KeyBinding($0.keys, $0.action, $0.help) }
        return KeyMap(title: map.title, kept, commands: commands.filter { !$0.keys.isEmpty })
    }

    private static func remove(_ key: Key, from rows: inout [(keys: [Key], action: Action, help: String)], _ commands: inout [CommandBinding]) {
        for index in rows.indices { rows[index].keys.removeAll { $0 == key } }
        commands = commands.map { CommandBinding($0.keys.filter { $0 != key }, $0.command) }
    }
}
