/// What `--bind KEY:execute(…)`, `execute-silent(…)` and `print(…)` do: the three actions that
/// carry a template of their own, kept apart from `Action` (whose cases are the fixed set help
/// and docs/keys.md list).
public enum BoundCommand: Sendable, Equatable {
    /// Leave the screen, run the command with `sh -c` on the terminal, wait, come back.
    case execute(CommandTemplate)
    /// Run the command with `sh -c` in the background, without leaving the screen.
    case executeSilent(CommandTemplate)
    /// Print the template, filled for each marked item (or the item), and exit, as Enter does.
    case print(CommandTemplate)

    /// The words of its row in help.
    public var help: String {
        switch self {
        case .execute(let template): return "run: \(template.text)"
        case .executeSilent(let template): return "run in the background: \(template.text)"
        case .print(let template): return "print \(template.text) and exit"
        }
    }
}

/// A row of a key table for a bound command: the keys and the command.
public struct CommandBinding: Sendable, Equatable {
    public let keys: [Key]
    public let command: BoundCommand

    public init(_ keys: [Key], _ command: BoundCommand) {
        self.keys = keys
        self.command = command
    }
}

/// One `KEY:ACTION` of `--bind`: the key, what it does, and the words as written (for messages).
public struct UserBinding: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case action(Action)
        case command(BoundCommand)
    }

    public let key: Key
    public let target: Target
    /// `KEY:ACTION` as written.
    public let token: String

    public init(key: Key, target: Target, token: String) {
        self.key = key
        self.target = target
        self.token = token
    }
}
