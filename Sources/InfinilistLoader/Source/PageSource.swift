import InfinilistCore

/// Anything that can produce a list page by page: the built-in demo feed, an HTTP API, and the
/// sources to come (a POST or GraphQL body, a pipe, a file, a streaming body).
///
/// A source has two halves, kept apart so that the loader alone owns where the list stands:
/// - `fetch` is transport: it turns a key into a request (or a read), performs it and decodes
///   the answer. It may run concurrently for several pages and never sees the walk.
/// - `page(from:key:kind:walk:)` is paging: a pure function from the answer, the key, what the
///   request was for and the walk so far, to the page's items, what follows it and the walk after
///   it. The loader calls it on its own executor, one answer at a time, so the walk is a plain
///   value with no locks, and a refresh is simply a new walk (`startWalk()`).
public protocol PageSource: Sendable {
    /// Shown in the status line: `demo`, or the URL's host and path.
    var name: String { get }
    /// The walk before any page was read: page 0's key and nothing learnt yet.
    func startWalk() -> Walk
    /// Fetches the page `key` addresses. Throws `PageLoadError` (or `CancellationError` when the
    /// task was cancelled).
    func fetch(_ key: PageKey) async throws -> PageResponse
    /// What `response`, the answer to `key`, means for the list. Pure: everything it learns goes
    /// into `walk`, and only a `.next` or `.restart` answer may move the walk on.
    func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage
    /// Releases what the source holds (the HTTP client). Called once, by whoever created the source,
    /// after the last fetch has finished.
    func close() async
    /// The key of the page after `key` when it can be known before `key`'s answer arrives (page
    /// numbers, offsets: `--parallel`); nil when only the answer can tell (cursors, links).
    /// `itemCount` is the size of the last page read, nil before the first.
    func predictedKey(after key: PageKey, itemCount: Int?) -> PageKey?
    /// Whether the two keys make the same request, so an answer fetched ahead with one may serve
    /// the other (a predicted offset may differ in fields the request does not use).
    func sameRequest(_ first: PageKey, _ second: PageKey) -> Bool
    /// Whether a page's items move onto the pages after it when items are put at the top of the
    /// list (`PaginationStyle.pagesMoveWhenItemsArrive`); true unless the source knows better.
    var pagesMoveWhenItemsArrive: Bool { get }
    /// How many items the whole input holds, counted without reading them (a file of JSON
    /// lines: its line breaks), telling `progress` the bytes counted and the input's size now
    /// and then; nil when it cannot be told so, or `isCancelled` became true. Blocks: called on a
    /// thread of its own.
    func countItems(isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Int?
}

extension PageSource {
    public func close() async {}
    public func predictedKey(after key: PageKey, itemCount: Int?) -> PageKey? { nil }
    public func sameRequest(_ first: PageKey, _ second: PageKey) -> Bool { first == second }
    public var pagesMoveWhenItemsArrive: Bool { true }
    public func countItems(isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Int? { nil }
}
