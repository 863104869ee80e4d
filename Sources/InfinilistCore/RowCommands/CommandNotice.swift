/// What the status line says about `o`, `y`, `Y` and the bound commands: what was done, or why
/// not. Data, worded in one place (`text`), like `Notice`.
public enum CommandNotice: Sendable, Equatable {
    /// `y`/`Y`: `bytes` of `what` went to the terminal's clipboard; `inTmux` adds what tmux needs.
    case copied(what: String, bytes: Int, inTmux: Bool)
    /// The text is more than a terminal takes in one clipboard sequence.
    case copyTooLarge(bytes: Int)
    /// The terminal has no clipboard sequence (the Linux console).
    case clipboardUnavailable(String)
    /// `o` is starting the browser on this address.
    case opening(String)
    /// `o` found no address in the item.
    case noWebAddress
    /// `o` found an address that is not http or https.
    case notWebAddress(String)
    /// The browser could not be started, or said it failed.
    case browserFailed(String)
    /// A bound command was not run: a NUL character (which no program can be given) came in.
    case commandHasNUL
    /// A bound command was not run: it is longer than one argument may be (the item is large).
    case commandTooLong(bytes: Int)
    /// A bound command could not be started (`reason` from the system).
    case commandNotStarted(String)
    /// A bound command ended with this exit status (128 + n: killed by signal n), and the last
    /// line it wrote on stderr, if any (background commands).
    case commandFailed(status: Int32, message: String?)
    /// A command under `execute` was interrupted (Ctrl-C).
    case commandInterrupted

    /// The words on the status line.
    public var text: String {
        switch self {
        case .copied(let what, let bytes, let inTmux):
            let copied = "copied \(what) (\(Self.size(bytes)))"
            return inTmux ? copied + "; in tmux this needs: set -g set-clipboard on" : copied
        case .copyTooLarge(let bytes):
            return "not copied: \(Self.size(bytes)) is more than a terminal takes (\(Self.size(ClipboardText.maxBytes)) at most)"
        case .clipboardUnavailable(let reason):
            return "not copied: \(reason)"
        case .opening(let address):
            return "opening \(address)"
        case .noWebAddress:
            return "no web address in this item (--open PATH says which field holds it)"
        case .notWebAddress(let text):
            let lower = text.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                return "not opened: not an http or https address: \(text)"
            }
            // It is http: what is wrong is its form (hostile pass 3 was told it was not http).
            return "not opened: not a well-formed address (it has a space or a control character, or no host): \(text)"
        case .browserFailed(let reason):
            return "cannot open the browser: \(reason)"
        case .commandHasNUL:
            return "not run: a value holds a NUL character, which no command can be given"
        case .commandTooLong(let bytes):
            return "not run: the command is \(Self.size(bytes)), longer than a command may be (128 KiB)"
        case .commandNotStarted(let reason):
            return "cannot run the command: \(reason)"
        case .commandFailed(let status, let message):
            let ended = status > 128 ? "the command was killed by signal \(status - 128)" : "the command failed (exit \(status))"
            return message.map { "\(ended): \($0)" } ?? ended
        case .commandInterrupted:
            return "the command was interrupted"
        }
    }

    /// `512 B`, `1.2 KB`, `3.4 MB` (1000s, as a person reads sizes).
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}

/// What `y` puts on the clipboard, and how the terminal is reached.
public enum ClipboardText {
    /// Most a terminal takes in one OSC 52 sequence: tmux keeps at most 1 MiB of a sequence,
    /// and this much text is 1 MiB of base64.
    public static let maxBytes = 786_432
}

/// Whether the terminal can take the clipboard sequence (OSC 52), known at start.
public enum ClipboardSupport: Sendable, Equatable {
    /// A terminal emulator: it may or may not honour the sequence, which is harmless either way.
    case terminal
    /// Inside tmux (`$TMUX`): tmux passes it on only with `set -g set-clipboard on`.
    case tmux
    /// A terminal known to print the sequence instead (the Linux console), with the reason.
    case unavailable(String)
}
