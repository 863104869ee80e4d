/// Why a response could not be read as JSON, worded for the footer row and `--dump` output:
/// servers often answer with an HTML error page or a truncated body, and the user must be able to
/// tell which from the message alone (`unexpected character '<' at byte 0 ...`).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, already safe for a terminal, naming what was wrong and the byte offset.
    public let message: String
    /// The byte offset in the input where the problem was found (a leading BOM counts).
    public let offset: Int

    /// For sources that report JSON-level problems of their own in the same form.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}
