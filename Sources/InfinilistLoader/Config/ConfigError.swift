import InfinilistCore

/// A config file that cannot be read, parsed or used, said in words a user can act on: the file,
/// the line, what was expected. Never includes a value that came from the environment, so a
/// token cannot leak into an error message.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// Escaped here, once for every message: names, keys and values come from the file (or the
    /// command line) and a control character among them must be shown, never sent.
    public init(_ message: String) { self.message = TerminalText.sanitize(message) }
    public var description: String { message }
}
