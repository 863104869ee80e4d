import Foundation
import Glibc
import InfinilistCore
import InfinilistRuntime

/// What the keys' actions need from the command line and the environment: the key tables with
/// `--bind`, the field `o` opens, whether the terminal takes the clipboard sequence, and the
/// runner that starts the browser and commands on a row (decision 128: an action is what a key
/// does; acting on a row is a command).
enum ActionSetup {
    /// What `AppConfig` takes from the options (checked already, so nothing throws once the
    /// screen is up).
    struct Settings {
        let bindings: [UserBinding]
        let openPath: JSONPath?

        init(options: CommandOptions) throws {
            bindings = try options.keyBindings()
            openPath = try options.openField()
        }
    }

    /// `config` with the bindings and `--open`, and the clipboard as the environment shows it.
    static func configure(_ config: inout AppConfig, _ settings: Settings, environment: [String: String]) {
        config.keyTables = KeyTables.standard.applying(settings.bindings)
        config.openPath = settings.openPath
        config.clipboard = clipboard(environment: environment)
    }

    /// tmux passes OSC 52 on only with `set-clipboard on`; the Linux console prints it.
    static func clipboard(environment: [String: String]) -> ClipboardSupport {
        if let tmux = environment["TMUX"], !tmux.isEmpty { return .tmux }
        if environment["TERM"] == "linux" { return .unavailable("the Linux console has no clipboard") }
        return .terminal
    }

    /// The command runner, reporting to `inbox`.
    static func commandRunner(inbox: Inbox, environment: [String: String]) -> ProcessCommands {
        ProcessCommands(environment: environment, report: { inbox.post(.message(.commandReport($0))) })
    }

    /// Lines for stdout as they are, unless stdout is a terminal: then control characters (which
    /// `print(…)` may bring from a server; Enter's JSON has none but DEL and C1) are shown as
    /// escapes, so no value can act on the terminal.
    static func terminalSafe(_ lines: [String]) -> [String] {
        guard isatty(STDOUT_FILENO) == 1 else { return lines }
        return lines.map(escapingControls)
    }

    static func escapingControls(_ line: String) -> String {
        var result = ""
        for scalar in line.unicodeScalars {
            let value = scalar.value
            if value < 0x20 && value != 0x09 || (0x7F...0x9F).contains(value) {
                result += "\\x" + (value < 0x10 ? "0" : "") + String(value, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
