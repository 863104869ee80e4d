/// Everything the command line says about where the list comes from, in one value, so that the
/// executable builds a source with one call (`PageSources.make`) and every option is checked
/// before any request is sent.
public struct SourceOptions: Sendable {
    // Both sources
    /// `--page-size N`: items per demo page, and `{limit}` in a URL.
    public var pageSize: Int = 50
    /// `--format TEMPLATE`: the row text; nil guesses a title-like field.
    public var format: String?
    /// `--id PATH`: an item's identity, for de-duplication.
    public var idPath: String?

    // Demo
    /// `--demo-items N`: a finite demo feed.
    public var demoItems: Int?
    /// `--demo-latency MS`.
    public var demoLatency: Duration = .milliseconds(300)

    // HTTP
    /// `--first-page N`: the first value of `{page}`.
    public var firstPage: Int = 1
    /// `--items PATH`: where the item array is; nil auto-detects.
    public var itemsPath: String?
    /// `-H 'Name: value'`, sent only to the starting URL's origin.
    public var headers: [String] = []
    /// `--timeout SECONDS`: per request, connect to last byte.
    public var timeout: Duration = .seconds(30)
    /// `--max-page-bytes N`: larger bodies are cut off with an error.
    public var maxPageBytes: Int = 32 * 1024 * 1024
    /// Redirects followed per request.
    public var maxRedirects: Int = 5
    /// The limit on connecting, TLS handshake included (at most `timeout`). Not a flag: its own
    /// message says when it was hit, and tests shorten it.
    public var connectTimeout: Duration = .seconds(10)

    // Faults and security (issue 4)
    /// `--retries N` and the backoff: transient failures (connection errors, timeouts, 408, 429,
    /// 5xx) are retried with exponential backoff and full jitter; rate limits are waited out.
    public var retry = RetryPolicy()
    /// The clock retry waits use; tests inject one that does not sleep.
    public var retryClock: any RetryClock = SystemRetryClock()
    /// `--trust-hosts LIST`: hosts besides the starting origin that may receive the `-H` headers.
    public var trustedHosts: [String] = []
    /// `--allow-insecure-redirect`: follow redirects from https to http.
    public var allowInsecureRedirect = false

    // Paging (issue 3)
    /// `--cursor PATH`: where the next cursor is in a response, for `{cursor}`; nil auto-detects.
    public var cursorPath: String?
    /// `--next PATH`: where the next page's URL is in a response, for URLs without placeholders;
    /// nil auto-detects (after the `Link` header).
    public var nextPath: String?
    /// `--max-pages N`: stop after this many pages, whatever the API says; nil for no cap.
    public var maxPages: Int?

    public init() {}
}

/// Builds the source the command line asks for.
public enum PageSources {
    /// The demo feed when `url` is nil, else an HTTP source for the URL template. Throws a usage
    /// error (bad URL, unknown placeholder, malformed path, template or header, bad number).
    /// The caller closes the source (`await source.close()`) when done with it.
    public static func make(url: String?, options: SourceOptions) throws(SourceOptionError) -> any PageSource {
        guard options.pageSize > 0 else { throw SourceOptionError("--page-size must be at least 1") }
        guard let url else {
            if let items = options.demoItems, items < 0 { throw SourceOptionError("--demo-items must not be negative") }
            guard options.demoLatency >= .zero else { throw SourceOptionError("--demo-latency must not be negative") }
            return DemoSource(
                items: options.demoItems,
                pageSize: options.pageSize,
                latency: options.demoLatency,
                shape: try ItemShape(format: options.format, idPath: options.idPath ?? "id")
            )
        }
        return try HTTPSource(url: url, options: options)
    }
}
