/// A source cannot be built from the options given (bad URL, unknown placeholder, malformed path or
/// header, out-of-range number). Raised before any request is sent; the executable shows it as a
/// usage error.
public struct SourceOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
