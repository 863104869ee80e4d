/// Everything the screen shows, as a value. Only `update(_:)` changes it, so every behaviour
/// can be tested by feeding messages and reading effects, without a terminal or a network.
public struct AppState: Sendable {
    public let config: AppConfig
    public internal(set) var store = PageStore()
    public internal(set) var viewport: Viewport
    public internal(set) var tail: TailState = .idle
    public internal(set) var size: Size
    /// Advanced by each tick while loading; picks the spinner's frame.
    public internal(set) var spinnerPhase = 0
    /// The total number of items, when the source reports one.
    public internal(set) var total: Int?
    /// Seconds the last page took.
    public internal(set) var lastLatency: Double?
    var nextRequestID = 1

    public init(config: AppConfig, size: Size) {
        self.config = config
        self.size = size
        self.viewport = Viewport(height: AppState.listHeight(for: size))
    }

    /// Rows of the screen given to the list: all but the status line.
    static func listHeight(for size: Size) -> Int { max(1, size.rows - 1) }

    /// True while something on screen animates, so the event loop runs its tick timer only then
    /// and sleeps without wake-ups otherwise.
    public var isAnimating: Bool {
        if case .loading = tail { return true }
        return false
    }

    /// How near the end the cursor must come before the next page is requested.
    public var prefetchDistance: Int { config.prefetch ?? viewport.height }

    /// The item under the cursor, if it is loaded.
    public var selectedItem: Item? { store.item(at: viewport.cursor) }
}
