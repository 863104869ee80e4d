/// Anything that can produce a list page by page: the built-in demo feed, an HTTP API, and later
/// decorators (retries, rate limits) that wrap another source.
///
/// The loader only speaks this protocol, so a new pagination style or transport never touches the
/// loader, the core or the screen.
public protocol PageSource: Sendable {
    /// Shown in the status line: `demo`, or the URL's host and path.
    var name: String { get }
    /// The key of the first page; requesting it again is how a list is refreshed.
    func firstKey() -> PageKey
    /// Fetches one page. Throws `PageLoadError` (or `CancellationError` when the task was cancelled).
    func fetch(_ key: PageKey) async throws -> FetchedPage
    /// Forgets what the source learned while walking the list (loop guards, ids already seen): a
    /// refresh, after which the list may have changed. Called by `Loader.reset()` before page 0 is
    /// fetched again; never for a retry or a re-fetch of a dropped page, which must not disturb
    /// the walk. Sources that learn nothing need not implement it.
    func reset() async
    /// Releases what the source holds (the HTTP client). Called once, by whoever created the source,
    /// after the last fetch has finished.
    func close() async
}

extension PageSource {
    public func reset() async {}

    public func close() async {}
}
