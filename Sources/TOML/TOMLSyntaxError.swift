/// A syntax error in TOML text, at a line (1-based).
public struct TOMLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }
}
