import InfinilistCore
import NIOSSL

/// The source the command line asks for, every option checked and parsed: what the sources are
/// built from. It is made in one place (`SourceOptions.validated(url:)`), so each rule is checked
/// once, with one wording, before any request is sent, and no source re-checks anything.
public struct SourceConfiguration: Sendable {
    public enum Kind: Sendable {
        case demo(DemoSettings)
        case http(HTTPSettings)
        case stream(StreamSettings)
    }

    public let kind: Kind
    /// How rows are shown: a table (chosen from the first page, or `--columns`) or single lines
    /// (`--format`). The core's setting, checked here with every other option.
    public internal(set) var columns: ColumnChoice = .auto

    /// The demo feed's settings.
    public struct DemoSettings: Sendable {
        public let items: Int?
        public let pageSize: Int
        public let latency: Duration
        public let shape: ItemShape
        /// When the newest item was posted, seconds since 1970.
        public let newest: Int64
    }

    /// An HTTP API's settings.
    public struct HTTPSettings: Sendable {
        /// The URL as the user wrote it, for the status line.
        public let url: String
        let style: any PaginationStyle
        let shape: ItemShape
        let itemsPath: JSONPath?
        let maxPages: Int?
        let headers: [HeaderField]
        /// The method, body and body headers of every page's request.
        let request: RequestTemplate
        /// The user name and password of the starting URL, sent as Basic auth like `-H` headers.
        let urlCredentials: URLCredentials?
        let credentials: CredentialScope
        let timeout: Duration
        /// The limit on connecting (TCP and TLS handshake): never more than `timeout`.
        let connectTimeout: Duration
        let maxPageBytes: Int
        let redirects: RedirectPolicy
        let retry: RetryPolicy
        let retryClock: any RetryClock
        /// The proxy for this run (decided for the starting URL's origin), and the `-v` note on it.
        var proxy: ProxyChoice.Decision = .init(server: nil, note: nil)
        /// How https servers are checked: system roots, `--cacert`, `SSL_CERT_FILE`/`DIR`, `-k`.
        let tls: TLSConfiguration
        /// Whether answers are kept for conditional requests.
        var keptAnswers: KeptAnswersSetting = .none
        /// Answers are GraphQL: items from a connection, `--items` names it, `errors` are read.
        var readsGraphQL = false
        /// Bytes of an items array read as values before the rest is kept as compact JSON.
        var compactItemsAfter = JSONParser.compactionThreshold
        /// How a streaming first answer becomes a live list (LiveSession.swift).
        var live = LiveSession.Settings()
    }
}

extension SourceOptions {
    /// Checks every option and parses every template, path and header, for the demo feed when
    /// `url` is nil, else for an HTTP source. Throws a usage error naming the option and what it
    /// must be.
    public func validated(url: String?) throws(SourceOptionError) -> SourceConfiguration {
        if let input { return SourceConfiguration(kind: .stream(try streamSettings(input)), columns: try checkedColumns()) }
        guard let url else {
            let shape = try checkedShape()
            if let demoItems, demoItems < 0 { throw SourceOptionError("--demo-items must not be negative, not \(demoItems)") }
            let latency = demoLatency.components.seconds * 1000 + demoLatency.components.attoseconds / 1_000_000_000_000_000
            guard latency >= 0 else { throw SourceOptionError("--demo-latency must not be negative, not \(latency)") }
            guard latency <= 86_400_000 else { throw SourceOptionError("--demo-latency must be at most 86400000 ms (a day), not \(latency)") }
            var demoShape = shape
            if idPath == nil { demoShape.idPath = JSONPath([.key("id")]) }
            let demo = SourceConfiguration.DemoSettings(
                items: demoItems, pageSize: pageSize, latency: demoLatency, shape: demoShape,
                newest: demoNewest ?? DemoSource.fixedNewest
            )
            return SourceConfiguration(kind: .demo(demo), columns: try checkedColumns())
        }
        return SourceConfiguration(kind: .http(try httpSettings(url: url)), columns: try checkedColumns())
    }

    /// `--columns`, or none: a table chosen from the first page, or single lines with `--format`.
    private func checkedColumns() throws(SourceOptionError) -> ColumnChoice {
        guard let columns else { return rowsAreLines ? .lines : .auto }
        guard !rowsAreLines else {
            throw SourceOptionError("--columns and --format both say what a row shows: give --columns for a table, or --format for one line of text")
        }
        do throws(ColumnSpecError) {
            return .given(try ColumnSpec.parseList(columns))
        } catch {
            throw SourceOptionError("--columns: \(error.message)")
        }
    }

    /// The page size, then `--format` and `--id`: what every source needs.
    private func checkedShape() throws(SourceOptionError) -> ItemShape {
        guard pageSize >= 1 else { throw SourceOptionError("--page-size must be at least 1, not \(pageSize)") }
        guard pageSize <= 100_000 else { throw SourceOptionError("--page-size must be at most 100000, not \(pageSize)") }
        return try itemShape()
    }

    /// `--format` and `--id` as every source reads items with them, and whether rows get text.
    func itemShape() throws(SourceOptionError) -> ItemShape {
        var shape = try ItemShape(format: format, idPath: idPath)
        if !rowText { shape.formatter = nil }
        // A screen that may show a table lays it out from the parsed items.
        shape.keepsValues = rowText && (!rowsAreLines || queriesRows)
        return shape
    }

    /// `--format` makes every row one line of text; without it a table may be shown.
    private var rowsAreLines: Bool { format != nil }

    /// The checks and parsing of `validated(url:)` for a URL.
    func httpSettings(url: String) throws(SourceOptionError) -> SourceConfiguration.HTTPSettings {
        let shape = try checkedShape()
        guard firstPage >= 0 else { throw SourceOptionError("--first-page must not be negative, not \(firstPage)") }
        // Page numbers are counted up from here; 2^53 is the largest every JSON reader keeps exact.
        guard firstPage <= 1 << 53 else { throw SourceOptionError("--first-page must be at most 2^53, not \(firstPage)") }
        if let maxPages, maxPages < 1 { throw SourceOptionError("--max-pages must be at least 1, not \(maxPages)") }
        guard retry.retries >= 0 else { throw SourceOptionError("--retries must not be negative, not \(retry.retries)") }
        guard timeout > .zero, timeout <= .seconds(86_400) else {
            throw SourceOptionError("--timeout must be a number of seconds above 0 and at most 86400 (a day)")
        }
        guard maxPageBytes > 0 else { throw SourceOptionError("--max-page-bytes must be at least 1 byte, not \(maxPageBytes)") }
        guard maxRedirects >= 0 else { throw SourceOptionError("the redirect limit must not be negative") }
        let template: URLTemplate
        do throws(URLTemplateError) {
            template = try URLTemplate(parsing: url)
        } catch {
            throw SourceOptionError(error.message)
        }
        guard headers.count <= HeaderCount.limit else { throw SourceOptionError(HeaderCount.message(headers.count, given: "with -H")) }
        let parsedHeaders = try headers.map { line throws(SourceOptionError) in try HeaderArgument.parse(line) }
        let graphQL = try graphQLPaging(template: template)
        let request: RequestTemplate
        if let graphQL { request = graphQL.requests } else { request = try requestTemplate(headers: parsedHeaders) }
        var paging = PaginationStyles.Settings(firstPage: firstPage, pageSize: pageSize)
        paging.cursorPath = try cursorPath.map { path throws(SourceOptionError) in try Self.path(path, flag: "--cursor") }
        paging.nextPath = try nextPath.map { path throws(SourceOptionError) in try Self.path(path, flag: "--next") }
        paging.firstCursor = firstCursor
        let style: any PaginationStyle
        if let graphQL {
            style = graphQL.style
        } else {
            style = try PaginationStyles.choose(for: template, body: request.body?.placeholders ?? [], settings: paging)
        }
        let start: RequestURL
        switch RequestURL.parse(style.url(for: style.firstKey())) {
        case .success(let url): start = url
        case .failure(let problem): throw SourceOptionError("the URL \(OneLine.clean(URLText.masked(url), maxCharacters: 120)) \(problem.reason)")
        }
        var settings = SourceConfiguration.HTTPSettings(
            url: url,
            style: style,
            shape: shape,
            itemsPath: try itemsPath.map { path throws(SourceOptionError) in try Self.path(path, flag: "--items", prefixed: false) },
            maxPages: maxPages,
            headers: parsedHeaders,
            request: request,
            urlCredentials: try UserArgument.credentials(user) ?? start.credentials,
            credentials: try CredentialScope(origin: start.origin, trustedHosts: trustedHosts),
            timeout: timeout,
            connectTimeout: min(timeout, connectTimeout),
            maxPageBytes: maxPageBytes,
            redirects: RedirectPolicy(maxRedirects: maxRedirects, allowInsecure: allowInsecureRedirect),
            retry: retry,
            retryClock: retryClock,
            tls: try tlsConfiguration(startsSecure: start.origin.scheme == "https")
        )
        settings.keptAnswers = keptAnswers
        settings.readsGraphQL = graphQL != nil
        settings.compactItemsAfter = compactItemsAfter
        settings.live = try liveSettings()
        settings.proxy = try ProxyChoice.decide(for: start.origin, proxyFlag: proxy, noProxyFlag: noProxy, environment: environment)
        return settings
    }

    static func path(_ text: String, flag: String, prefixed: Bool = true) throws(SourceOptionError) -> JSONPath {
        do throws(JSONPathError) {
            return try JSONPath(parsing: text)
        } catch {
            throw SourceOptionError(prefixed ? "\(flag): \(error.message)" : error.message)
        }
    }
}
