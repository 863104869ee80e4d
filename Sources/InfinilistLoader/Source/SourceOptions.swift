import InfinilistCore

/// Everything the command line says about where the list comes from, as given: checked and parsed
/// once, by `validated(url:)`, into the `SourceConfiguration` the sources are built from.
public struct SourceOptions: Sendable {
    // Both sources
    /// `--page-size N`: items per demo page, and `{limit}` in a URL.
    public var pageSize: Int = 50
    /// `--format TEMPLATE`: the row text; nil guesses a title-like field.
    public var format: String?
    /// `--id PATH`: an item's identity, for de-duplication.
    public var idPath: String?
    /// `--columns SPEC`: the table's columns (`PATH[:WIDTH][=HEADER],…`); nil lets the first
    /// page choose them (or, with `--format`, keeps single-line rows).
    public var columns: String?

    // Demo
    /// `--demo-items N`: a finite demo feed.
    public var demoItems: Int?
    /// `--demo-latency MS`.
    public var demoLatency: Duration = .milliseconds(300)
    /// When the demo's newest item was posted (seconds since 1970): the command line gives the
    /// time it starts, so the ages in the table read `now`, `3m`, …; nil is a fixed day (tests).
    public var demoNewest: Int64?

    // HTTP
    /// `--first-page N`: the first value of `{page}`.
    public var firstPage: Int = 1
    /// `--items PATH`: where the item array is; nil auto-detects.
    public var itemsPath: String?
    /// `-H 'Name: value'`, sent only to the starting URL's origin.
    public var headers: [String] = []
    /// `-X METHOD`; nil is GET, or POST when there is a body.
    public var method: String?
    /// `-d BODY`: the body of every request, already read from its file (`@FILE`, `@-`) by the
    /// command line, with placeholders filled per page (`BodyTemplate`).
    public var body: String?
    /// `--timeout SECONDS`: per request, connect to last byte.
    public var timeout: Duration = .seconds(30)
    /// `--max-page-bytes N`: larger bodies are cut off with an error.
    public var maxPageBytes: Int = 32 * 1024 * 1024
    /// `--max-skip`: how much of one value too long to keep a pipe or a file is scanned for its
    /// end before reading stops.
    public var maxSkipBytes: Int = StreamReader.defaultMaxSkip
    /// Redirects followed per request.
    public var maxRedirects: Int = 5
    /// The limit on connecting, TLS handshake included (at most `timeout`). Not a flag: its own
    /// message says when it was hit, and tests shorten it.
    public var connectTimeout: Duration = .seconds(10)

    // When the network or the server misbehaves, and who may see the credentials
    /// `--retries N` and the backoff: transient failures (connection errors, timeouts, 408, 429,
    /// 5xx) are retried with exponential backoff and equal jitter; rate limits are waited out.
    public var retry = RetryPolicy()
    /// The clock retry waits use; tests inject one that does not sleep.
    public var retryClock: any RetryClock = SystemRetryClock()
    /// `--trust-hosts LIST`: hosts besides the starting origin that may receive the `-H` headers.
    public var trustedHosts: [String] = []
    /// `--allow-insecure-redirect`: follow redirects from https to http.
    public var allowInsecureRedirect = false
    /// `--proxy URL`: wins over the environment's proxy variables; empty for no proxy.
    public var proxy: String?
    /// `--noproxy LIST`: hosts that bypass the proxy, instead of `no_proxy`/`NO_PROXY`.
    public var noProxy: String?
    /// The environment the proxy variables are read from (the process's, set by the command line;
    /// empty by default so that tests never pick up the machine's proxy).
    public var environment: [String: String] = [:]
    /// `-u user:password`: Basic auth for the starting origin, instead of the URL's user info.
    public var user: String?
    /// `--cacert FILE`: PEM files whose certificates are trusted as well as the system's.
    public var caCertificateFiles: [String] = []
    /// `-k`/`--insecure`: https certificates are not checked at all.
    public var insecure = false
    /// Where `SSL_CERT_FILE` and `SSL_CERT_DIR` are read from; nil reads the process's environment.
    public var trustEnvironment: [String: String]?

    // How to find the next page when the URL and the response do not say it plainly
    /// `--cursor PATH`: where the next cursor is in a response, for `{cursor}`; nil auto-detects.
    public var cursorPath: String?
    /// `--next PATH`: where the next page's URL is in a response, for URLs without placeholders;
    /// nil auto-detects (after the `Link` header).
    public var nextPath: String?
    /// `--max-pages N`: stop after this many pages, whatever the API says; nil for no cap.
    public var maxPages: Int?
    /// `--first-cursor VALUE`: the cursor of the first request (OpenAlex's `*`); nil leaves
    /// `{cursor}` out of it.
    public var firstCursor: String?

    /// Whether answers are kept for conditional requests (`KeptAnswers`), and the page window
    /// they are sized by. `--dump` reads every page once and keeps none.
    public var keptAnswers: KeptAnswersSetting = .sizedByWindow(keep: nil)

    // GraphQL
    /// `--graphql QUERY`: the query text (the command line has read `@FILE` or `@-`); every page
    /// is a POST of it with the cursor in its variables.
    public var graphQL: String?
    /// `--var NAME=VALUE`, in order: the query's variables (JSON values, else strings).
    public var graphQLVariables: [String] = []
    /// `--cursor-var NAME`: the variable that receives the cursor; nil recognises `$cursor`,
    /// `$after` or `$endCursor`.
    public var cursorVariable: String?

    /// Standard input or a file to read instead of a URL (`-`, no URL with a pipe, `FILE`).
    public var input: SourceConfiguration.StreamSettings.Input?
    /// Items per page read from standard input or a file: `--page-size` when given. Larger than
    /// an API's page, since the next one is a read away, not a request: every page costs a trip
    /// through the loader and the event loop, and 10 million lines in pages of 50 are 200,000 trips.
    public var streamPageSize: Int = 1000
    /// The most a pipe's spool file may hold (`--spool-max`).
    public var spoolMax: Int = 1 << 30
    /// A stream is read once (`--dump`): nothing is spooled, and values that could not be kept
    /// are warnings on stderr, not rows.
    public var streamReadOnce = false
    /// `--live`: the first answer is read as a live stream of JSON values whatever its content
    /// type (streaming content types are read so without it).
    public var live = false
    /// Whether items need their row text: a dump that writes JSON (no `--format`) never shows it,
    /// and making it kept every row's title alive until the page was written.
    public var rowText = true
    /// `--jq` on the screen: the program runs on each item's parsed value, which the loader then
    /// hands on with the rows (as it does for a table) rather than the core parsing it again.
    public var queriesRows = false
    /// Not a flag: how many bytes of an answer's items array are read as values before the rest
    /// is kept as compact JSON, when rows need no trees (decision 88). Tests set 0, so that small
    /// pages take that path too.
    public var compactItemsAfter = JSONParser.compactionThreshold

    public init() {}
}

/// Whether a source keeps answers to revalidate them (`If-None-Match`, a 304 reusing the answer).
public enum KeptAnswersSetting: Sendable {
    /// None kept: every page is read once (`--dump`).
    case none
    /// Twice the page window: `--keep` items, or twenty of the largest pages when nil.
    case sizedByWindow(keep: Int?)
}

/// Builds the source a checked configuration describes.
public enum PageSources {
    /// The demo feed or an HTTP source. The caller closes the source (`await source.close()`)
    /// when done with it.
    public static func make(_ configuration: SourceConfiguration) -> any PageSource {
        switch configuration.kind {
        case .demo(let demo):
            return DemoSource(items: demo.items, pageSize: demo.pageSize, latency: demo.latency, shape: demo.shape, newest: demo.newest)
        case .http(let settings):
            return HTTPSource(settings)
        case .stream(let settings):
            return StreamSource(settings)
        }
    }

    /// Checks `options` and builds the source: the demo feed when `url` is nil.
    public static func make(url: String?, options: SourceOptions) throws(SourceOptionError) -> any PageSource {
        make(try options.validated(url: url))
    }
}
