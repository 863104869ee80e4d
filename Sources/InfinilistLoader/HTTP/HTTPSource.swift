import AsyncHTTPClient
import InfinilistCore

/// A JSON API paged over HTTP. Fetching, decoding and item extraction live here; *which* URL to
/// request, when the list ends and which items are duplicates is the `Pager`'s business (a
/// pagination style plus the rules all styles share), so new styles do not touch this type.
/// Owns one `HTTPClient` shared by all its requests; `close()` shuts it down and must be called
/// once the loader has stopped.
public struct HTTPSource: PageSource {
    public let name: String
    /// The pagination style in use, for `--verbose`.
    public var styleName: String { pager.style.name }

    private let pager: Pager
    private let fetcher: HTTPFetcher
    /// `fetcher` with retries, rate limits and pacing (issue 4); every page goes through it.
    private let retrying: RetryingFetcher
    private let itemsPath: JSONPath?

    /// Checks every option, then creates the HTTP client. Throws before any request is made.
    public init(url: String, options: SourceOptions) throws(SourceOptionError) {
        let template: URLTemplate
        do throws(URLTemplateError) {
            template = try URLTemplate(parsing: url)
        } catch {
            throw SourceOptionError(error.message)
        }
        let style = try PaginationStyles.choose(for: template, settings: Self.pagingSettings(options))
        if let maxPages = options.maxPages, maxPages < 1 { throw SourceOptionError("--max-pages must be at least 1") }
        guard let origin = WebOrigin(style.url(for: style.firstKey())) else {
            throw SourceOptionError("not an http or https URL with a host: \(OneLine.clean(url, maxCharacters: 120))")
        }
        var headers: [HeaderField] = []
        for line in options.headers {
            guard let header = HeaderField(line: line) else {
                throw SourceOptionError("malformed header '\(OneLine.clean(line, maxCharacters: 80))': expected 'Name: value'")
            }
            headers.append(header)
        }
        guard options.timeout > .zero else { throw SourceOptionError("--timeout must be more than 0 seconds") }
        guard options.maxPageBytes > 0 else { throw SourceOptionError("--max-page-bytes must be at least 1") }
        guard options.maxRedirects >= 0 else { throw SourceOptionError("the redirect limit must not be negative") }
        guard options.retry.retries >= 0 else { throw SourceOptionError("--retries must not be negative") }
        let credentials = try CredentialScope(origin: origin, trustedHosts: options.trustedHosts)
        if let path = options.itemsPath {
            do throws(JSONPathError) {
                itemsPath = try JSONPath(parsing: path)
            } catch {
                throw SourceOptionError(error.message)
            }
        } else {
            itemsPath = nil
        }
        self.pager = Pager(style: style, shape: try ItemShape(format: options.format, idPath: options.idPath), maxPages: options.maxPages)
        self.name = SourceName.of(url)
        // Created last: a client that is never shut down traps on deinit.
        self.fetcher = HTTPFetcher(
            client: Self.makeClient(timeout: options.timeout),
            headers: headers,
            credentials: credentials,
            timeout: options.timeout,
            maxBodyBytes: options.maxPageBytes,
            redirects: RedirectPolicy(maxRedirects: options.maxRedirects, allowInsecure: options.allowInsecureRedirect)
        )
        self.retrying = RetryingFetcher(fetcher: fetcher, policy: options.retry, clock: options.retryClock)
    }

    public func firstKey() -> PageKey { pager.firstKey() }

    /// A refresh: the pager forgets the addresses, ids and page hashes of the walk so far, since
    /// the list may have changed; a plain fetch of page 0 (a re-fetch) keeps them.
    public func reset() async {
        pager.reset()
    }

    public func fetch(_ key: PageKey) async throws -> FetchedPage {
        let url = pager.url(for: key)
        let label = "page \(key.index + 1)"
        let body = try await retrying.get(url, label: label)
        guard body.isSuccess else { throw Self.statusError(body) }
        let json: JSONValue
        do {
            json = try JSONParser.parse(body.bytes)
        } catch {
            throw PageLoadError(
                .notJSON,
                "\(label) is not JSON (HTTP \(body.status), \(OneLine.clean(body.contentType, maxCharacters: 60)), "
                    + "\(ByteCount.text(body.bytes.count))): \(OneLine.snippet(of: body.bytes)) (\(error.message))"
            )
        }
        try APIErrorBody.check(json, label: label, body: body)
        guard let found = ItemLocator.items(in: json, at: itemsPath) ?? EmptyPageDetection.emptyPage(in: json) else {
            throw PageLoadError(.noItems, Self.noItemsMessage(label: label, json: json, itemsPath: itemsPath))
        }
        let response = PageResponse(url: body.url, status: body.status, headers: body.headers, body: json, items: found.items)
        let request = "GET \(OneLine.clean(body.url, maxCharacters: 300)): HTTP \(body.statusLine), \(Counted.text(found.items.count, "item")) at \(found.path)"
        var page = pager.page(for: key, response: response)
        page.notes = pager.openingNotes(for: key) + [request] + page.notes
        return page
    }

    public func close() async {
        try? await fetcher.client.shutdown()
    }

    /// `--first-page`, `--page-size`, `--cursor` and `--next`, checked.
    private static func pagingSettings(_ options: SourceOptions) throws(SourceOptionError) -> PaginationStyles.Settings {
        var settings = PaginationStyles.Settings(firstPage: options.firstPage, pageSize: options.pageSize)
        settings.cursorPath = try options.cursorPath.map { path throws(SourceOptionError) in try Self.path(path, flag: "--cursor") }
        settings.nextPath = try options.nextPath.map { path throws(SourceOptionError) in try Self.path(path, flag: "--next") }
        return settings
    }

    private static func path(_ text: String, flag: String) throws(SourceOptionError) -> JSONPath {
        do throws(JSONPathError) {
            return try JSONPath(parsing: text)
        } catch {
            throw SourceOptionError("\(flag): \(error.message)")
        }
    }

    private static func makeClient(timeout: Duration) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,   // followed by HTTPFetcher, which guards credentials
            timeout: .init(connect: .init(min(timeout, .seconds(10))), read: .init(timeout))
        )
        // Fail fast on a refused connection; retrying is the retry policy's decision, not the pool's.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// `HTTP 404 Not Found from api.example.com: no such repository`.
    static func statusError(_ body: HTTPBody) -> PageLoadError {
        let host = WebOrigin(body.url)?.displayHost ?? "the server"
        var message = "HTTP \(body.statusLine) from \(host)"
        if let said = ServerMessage.extract(from: body.bytes) {
            message += ": \(said)"
        } else if body.contentType.lowercased().hasPrefix("text/plain"), !body.bytes.isEmpty {
            message += ": \(OneLine.snippet(of: body.bytes, count: 120))"
        }
        return PageLoadError(.httpStatus(body.status), message)
    }

    static func noItemsMessage(label: String, json: JSONValue, itemsPath: JSONPath?) -> String {
        if let itemsPath {
            return "\(label) has no array at --items \(itemsPath)"
        }
        if let members = json.objectValue {
            let keys = members.keys.prefix(8).map { OneLine.clean($0, maxCharacters: 30) }.joined(separator: ", ")
            return "\(label) has no list of items; use --items PATH (top-level keys: \(keys))"
        }
        return "\(label) has no list of items (the body is a single \(json.kindName)); use --items PATH"
    }
}
