import InfinilistCore

/// The built-in demo feed: realistic, deterministic items in pages with a simulated latency, and no
/// network. It lets a new user (and the end-to-end tests) see the list, the spinner and the end row
/// without any API at hand. Items go through the same JSON layer as an HTTP page, so Enter prints
/// real JSON and the row text comes from the same formatter.
public struct DemoSource: PageSource {
    /// The number of items in the feed; nil for an endless feed.
    public let itemCount: Int?
    public let pageSize: Int
    /// How long each page takes to "arrive"; cancellable.
    public let latency: Duration
    public let shape: ItemShape
    /// When the newest item was posted (seconds since 1970); each later item is about three
    /// minutes older.
    public let newest: Int64

    /// The newest item's time when none is given: a fixed day, so tests see the same bytes.
    public static let fixedNewest = DemoItemValue.newestEpochSeconds

    public var name: String { "demo" }

    /// - Parameters:
    ///   - items: `--demo-items N`: a finite feed; nil for an endless one.
    ///   - pageSize: items per page (at least 1).
    ///   - latency: `--demo-latency MS`.
    ///   - shape: the row text and id; by default the title and the `id` field.
    ///   - newest: when the newest item was posted, seconds since 1970.
    public init(
        items: Int? = nil,
        pageSize: Int = 50,
        latency: Duration = .milliseconds(300),
        shape: ItemShape = ItemShape(idPath: JSONPath([.key("id")])),
        newest: Int64 = DemoSource.fixedNewest
    ) {
        self.newest = newest
        self.itemCount = items.map { max(0, $0) }
        self.pageSize = max(1, pageSize)
        self.latency = latency
        self.shape = shape
    }

    public func startWalk() -> Walk { Walk(firstKey: PageKey(page: 1, offset: 0)) }

    public func fetch(_ key: PageKey) async throws -> PageResponse {
        if latency > .zero { try await Task.sleep(for: latency) }
        try Task.checkCancellation()
        let start = max(0, key.offset)
        let end = itemCount.map { min($0, start + pageSize) } ?? start + pageSize
        let items = (start..<max(start, end)).map { Self.item(index: $0, newest: newest) }
        return PageResponse(url: "demo", body: .array(items), items: items)
    }

    /// Every item is new and the feed's length is known: the end is where the items run out.
    public func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        let items = response.items.values.map(shape.item(from:))
        let isLast = itemCount.map { key.offset + items.count >= $0 } ?? false
        let continuation: FetchedPage.Continuation = isLast ? .end(EndReason("end of demo feed")) : .next(key.advanced(by: items.count))
        if !walk.rereads(key.index, kind: kind) { walk.advance(past: key.index, to: continuation) }
        var page = FetchedPage(items: items, continuation: continuation, total: itemCount)
        if shape.keepsValues { page.values = response.items.values }
        return page
    }

    /// Demo item `index` (0-based) as JSON.
    static func item(index: Int, newest: Int64 = fixedNewest) -> JSONValue {
        DemoItemValue.value(index: index, newest: newest)
    }
}
