/// One line of a key table: the keys, what they do, and the words shown in help.
public struct KeyBinding: Sendable, Equatable {
    public let keys: [Key]
    public let action: Action
    public let help: String

    public init(_ keys: [Key], _ action: Action, _ help: String) {
        self.keys = keys
        self.action = action
        self.help = help
    }

    /// The names of the keys, as help and docs/keys.md show them.
    public func keyNames(_ naming: KeyNaming = .symbols) -> [String] {
        keys.map { $0.name(naming) }
    }
}

/// The key table of one mode (the list, the detail view, the prompt). It is data: handling looks
/// keys up here and the help overlay, `--help` and docs/keys.md are generated from or checked
/// against it, so they can never disagree. The tables themselves are in KeyMaps.swift.
public struct KeyMap: Sendable, Equatable, RandomAccessCollection {
    /// The mode's name, the heading of its section in help.
    public let title: String
    public let bindings: [KeyBinding]
    /// Keys bound to commands with `--bind` (`execute(…)`, `print(…)`), shown before `bindings`.
    public let commands: [CommandBinding]
    private let index: [Key: Action]
    private let commandIndex: [Key: BoundCommand]

    public init(title: String, _ bindings: [KeyBinding], commands: [CommandBinding] = []) {
        self.title = title
        self.bindings = bindings
        self.commands = commands
        var index: [Key: Action] = [:]
        for binding in bindings {
            for key in binding.keys where index[key] == nil { index[key] = binding.action }
        }
        self.index = index
        var commandIndex: [Key: BoundCommand] = [:]
        for binding in commands {
            for key in binding.keys where commandIndex[key] == nil { commandIndex[key] = binding.command }
        }
        self.commandIndex = commandIndex
    }

    public var startIndex: Int { bindings.startIndex }
    public var endIndex: Int { bindings.endIndex }
    public subscript(position: Int) -> KeyBinding { bindings[position] }

    /// The action bound to a key in this mode, if any.
    public func action(for key: Key) -> Action? { index[key] }

    /// The command bound to a key in this mode with `--bind`, if any.
    public func command(for key: Key) -> BoundCommand? { commandIndex[key] }

    /// The action bound to a key in the list, if any.
    public static func action(for key: Key) -> Action? { list.action(for: key) }
}
