import AsyncHTTPClient
import InfinilistCore

/// A JSON API paged over HTTP. Fetching, decoding and item extraction live here; *which* URL to
/// request and when the list ends is the pagination style's business, so new styles (issue 3)
/// do not touch this type. Owns one `HTTPClient` shared by all its requests; `close()` shuts it
/// down and must be called once the loader has stopped.
public struct HTTPSource: PageSource {
    public let name: String
    /// The pagination style in use, for `--verbose`.
    public var styleName: String { style.name }

    private let style: any PaginationStyle
    private let fetcher: HTTPFetcher
    private let itemsPath: JSONPath?
    private let shape: ItemShape

    /// Checks every option, then creates the HTTP client. Throws before any request is made.
    public init(url: String, options: SourceOptions) throws(SourceOptionError) {
        let template: URLTemplate
        do throws(URLTemplateError) {
            template = try URLTemplate(parsing: url)
        } catch {
            throw SourceOptionError(error.message)
        }
        let style = try PaginationStyles.choose(for: template, firstPage: options.firstPage, pageSize: options.pageSize)
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
        if let path = options.itemsPath {
            do throws(JSONPathError) {
                itemsPath = try JSONPath(parsing: path)
            } catch {
                throw SourceOptionError(error.message)
            }
        } else {
            itemsPath = nil
        }
        self.shape = try ItemShape(format: options.format, idPath: options.idPath)
        self.style = style
        self.name = SourceName.of(url)
        // Created last: a client that is never shut down traps on deinit.
        self.fetcher = HTTPFetcher(
            client: Self.makeClient(timeout: options.timeout),
            headers: headers,
            trustedOrigin: origin,
            timeout: options.timeout,
            maxBodyBytes: options.maxPageBytes,
            maxRedirects: options.maxRedirects
        )
    }

    public func firstKey() -> PageKey { style.firstKey() }

    public func fetch(_ key: PageKey) async throws -> FetchedPage {
        let url = style.url(for: key)
        let label = "page \(key.index + 1)"
        let body = try await fetcher.get(url, label: label)
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
        guard let found = ItemLocator.items(in: json, at: itemsPath) else {
            throw PageLoadError(.noItems, Self.noItemsMessage(label: label, json: json, itemsPath: itemsPath))
        }
        let response = PageResponse(url: body.url, status: body.status, headers: body.headers, body: json, items: found.items)
        var notes = ["GET \(OneLine.clean(body.url, maxCharacters: 300)): HTTP \(body.statusLine), \(found.items.count) items at \(found.path)"]
        if key == style.firstKey() { notes.insert("paging by \(style.name)", at: 0) }
        let items = found.items.map(shape.item(from:))
        switch style.next(after: key, response: response) {
        case .page(let next, let note):
            if let note { notes.append(note) }
            return FetchedPage(items: items, next: next, notes: notes)
        case .end(let reason):
            notes.append("stopped: \(reason.text)")
            return FetchedPage(items: items, next: nil, end: reason, notes: notes)
        }
    }

    public func close() async {
        try? await fetcher.client.shutdown()
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
