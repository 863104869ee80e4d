/// Settings the core needs from the command line.
public struct AppConfig: Sendable, Equatable {
    /// Shown in the status line: "demo" or the endpoint's host and path.
    public var sourceName: String
    /// Load the next page when the cursor is this many rows from the last loaded row;
    /// nil means one screen.
    public var prefetch: Int?

    public init(sourceName: String, prefetch: Int? = nil) {
        self.sourceName = sourceName
        self.prefetch = prefetch
    }
}
