/// A list that has no last page: the items of a streaming answer (server-sent events, JSON
/// lines, a JSON text sequence), each shown as soon as the server sends it. The loader says so
/// with every page and every wait of such a list, so the core keeps reading at the tail whatever
/// the cursor does, and the footer says "live" instead of "more below".
public struct LiveStatus: Sendable, Equatable {
    /// Times the connection was made again after it dropped (or the server closed it).
    public var reconnects: Int

    public init(reconnects: Int = 0) {
        self.reconnects = reconnects
    }
}
