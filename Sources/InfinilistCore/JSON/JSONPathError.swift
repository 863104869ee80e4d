/// Why a `--items`/`--id` path or a row template was rejected. Paths come from the command line,
/// so the message quotes the input and names the character position, letting the user fix a typo
/// without guessing (`malformed path 'a..b': empty component at character 2`).
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, safe for a terminal.
    public let message: String
    /// 0-based position of the problem, counted in Unicode scalars of the input.
    public let position: Int
    /// The message without the quoted input and position, for re-wrapping (a path inside a template).
    let reason: String

    /// For callers that validate other path-like input and report it the same way.
    public init(message: String, position: Int) {
        self.message = message
        self.position = position
        self.reason = message
    }

    /// `kind` is what was being read ("path", "template"), `text` the whole input.
    init(kind: String, text: String, reason: String, position: Int) {
        self.message = "malformed \(kind) '\(TerminalText.sanitize(text))': \(reason) at character \(position)"
        self.position = position
        self.reason = reason
    }

    public var description: String { message }
}
