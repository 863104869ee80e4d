import AsyncHTTPClient
import InfinilistCore
import NIOSSL

/// A JSON API paged over HTTP. Fetching, decoding and item extraction live here (`fetch`); *which*
/// request to send, when the list ends and which items are duplicates is the `Pager`'s business
/// (a pagination style plus the rules all styles share, pure over the loader's `Walk`), so new
/// styles do not touch this type.
/// Owns one `HTTPClient` shared by all its requests; `close()` shuts it down and must be called
/// once the loader has stopped.
public struct HTTPSource: PageSource {
    public let name: String
    /// The pagination style in use, for `--verbose`.
    public var styleName: String { pager.style.name }

    private let pager: Pager
    private let fetcher: HTTPFetcher
    /// `fetcher` with retries, rate limits and pacing; every page goes through it, so no request
    /// escapes the backoff or the quota.
    private let retrying: RetryingFetcher
    private let reading: AnswerReading
    /// `-v`'s note on the proxy, shown with the first page.
    private let proxyNote: String?
    /// Answers kept for conditional requests; nil when every page is read once (`--dump`).
    let keptAnswers: KeptAnswers?
    /// The live list the first answer became, when it was a streaming one (LiveSession.swift).
    let live: LiveSession
    /// What a live list needs to read its items: shape, where they are, the per-value cap.
    private let liveReading: LiveReading
    private let retryClock: any RetryClock

    /// Creates the HTTP client for checked settings; nothing is requested yet.
    init(_ settings: SourceConfiguration.HTTPSettings) {
        self.pager = Pager(style: settings.style, shape: settings.shape, maxPages: settings.maxPages, requests: settings.request)
        self.reading = settings.readsGraphQL
            ? .graphQL(connectionPath: settings.itemsPath)
            : .list(itemsPath: settings.itemsPath, compactingAfter: settings.shape.needsTrees ? nil : settings.compactItemsAfter)
        self.name = SourceName.of(settings.url)
        self.proxyNote = settings.proxy.note
        self.live = LiveSession(settings.live)
        self.liveReading = LiveReading(settings)
        self.retryClock = settings.retryClock
        switch settings.keptAnswers {
        case .none: self.keptAnswers = nil
        case .sizedByWindow(let keep): self.keptAnswers = KeptAnswers(windowItems: keep)
        }
        // Created last: a client that is never shut down traps on deinit.
        self.fetcher = HTTPFetcher(
            client: Self.makeClient(timeout: settings.timeout, connectTimeout: settings.connectTimeout, proxy: settings.proxy.server, maxPageBytes: settings.maxPageBytes, tls: settings.tls),
            headers: settings.headers,
            urlCredentials: settings.urlCredentials,
            credentials: settings.credentials,
            timeout: settings.timeout,
            connectTimeout: settings.connectTimeout,
            proxy: settings.proxy.server,
            echoes: EchoedSecrets(headers: settings.headers + settings.request.headers, credentials: [settings.urlCredentials, settings.proxy.server?.credentials]),
            maxBodyBytes: settings.maxPageBytes,
            redirects: settings.redirects,
            tls: settings.tls
        )
        self.retrying = RetryingFetcher(fetcher: fetcher, policy: settings.retry, clock: settings.retryClock)
    }

    /// Checks `options` for `url` (see `SourceOptions.validated`), then creates the HTTP client.
    public init(url: String, options: SourceOptions) throws(SourceOptionError) {
        self.init(try options.httpSettings(url: url))
    }

    /// A new walk reads the list anew: a live list's connection closes, and the first page is
    /// requested again.
    public func startWalk() -> Walk {
        live.reset()
        return pager.startWalk()
    }

    public func fetch(_ key: PageKey) async throws -> PageResponse {
        if let stream = live.pages(for: key) { return try await stream.fetch(key) }
        let label = "page \(key.index + 1)"
        var request = pager.request(for: key)
        let url = try PageURL.check(request.url, key: key, label: label)
        let kept = keptAnswers?.kept(for: request.address)
        request.headers += kept?.conditions ?? []
        if key.index == 0 { request.streaming = live.settings.streaming }
        let body: HTTPBody
        do {
            body = try await retrying.send(request, to: url, label: label)
        } catch var error as PageLoadError {
            // `-v` names the request that failed too, as it names those that answered (hostile
            // pass 3: with next links, which URL failed could not be told).
            error.notes = openingNotes(for: key, request: request) + ["\(request.method) \(OneLine.clean(url.shown, maxCharacters: 300)): \(error.message)"]
            throw error
        }
        if let stream = body.stream { return try await beginLive(body, stream: stream, request: request, url: url, key: key, label: label) }
        if body.status == 304 {
            let reused = try Revalidation.kept(kept, answer: body, label: label)
            let decoded = try decode(reused.body, key: key, request: request, label: label)
            return Revalidation.reused(decoded, answer: body)
        }
        let response = try decode(body, key: key, request: request, label: label)
        if response.end == nil { keptAnswers?.keep(body, items: response.items.count, for: request.address, page: key.index) }
        return response
    }

    /// The page in a successful answer: its items, or the end when the answer is empty.
    private func decode(_ body: HTTPBody, key: PageKey, request: SourceRequest, label: String) throws -> PageResponse {
        guard body.isSuccess else {
            var error = Self.statusError(body)
            error.notes = openingNotes(for: key, request: request) + ["\(body.method) \(OneLine.clean(body.shown, maxCharacters: 300)): HTTP \(body.statusLine)"]
            throw error
        }
        if let end = EmptyAnswer.end(of: body) {
            let line = "\(body.method) \(OneLine.clean(body.shown, maxCharacters: 300)): HTTP \(body.statusLine), no body"
            var response = PageResponse(url: body.url, status: body.status, headers: body.headers, body: .null, items: [], notes: openingNotes(for: key, request: request) + [line])
            response.end = end
            return response
        }
        if let problem = ContentEncodingCheck.problem(in: body, label: label) { throw problem }
        let read = try reading.read(body, label: label, pinned: pager.style.pinnedPaths)
        let compressed = ContentEncodingCheck.decompressed(in: body.headers).map { " (\($0))" } ?? ""
        let line = "\(body.method) \(OneLine.clean(body.shown, maxCharacters: 300)): HTTP \(body.statusLine)\(compressed), \(Counted.text(read.items.count, "item")) at \(read.place)"
        var response = PageResponse(
            url: body.url,
            status: body.status,
            headers: body.headers,
            body: read.document,
            items: read.items,
            notes: openingNotes(for: key, request: request) + [line]
        )
        response.warning = read.warning
        return response
    }

    public func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        if response.live != nil {
            let readsOnce = live.settings.spoolMax == nil
            return StreamPages.page(from: consume response, key: key, kind: kind, walk: &walk, shape: liveReading.shape, readsOnce: readsOnce)
        }
        return pager.page(from: consume response, key: key, kind: kind, walk: &walk)
    }

    public func predictedKey(after key: PageKey, itemCount: Int?) -> PageKey? {
        pager.predictedKey(after: key, itemCount: itemCount)
    }

    public var pagesMoveWhenItemsArrive: Bool { pager.style.pagesMoveWhenItemsArrive }

    public func sameRequest(_ first: PageKey, _ second: PageKey) -> Bool {
        pager.request(for: first).address == pager.request(for: second).address
    }

    public func close() async {
        await live.close()
        try? await fetcher.client.shutdown()
    }

    /// The first page's answer is a stream: from now on the list is read from it, item by item
    /// as the server sends them, and a dropped connection is made again (LiveConnection.swift).
    private func beginLive(_ body: HTTPBody, stream: StreamingBody, request: SourceRequest, url: RequestURL, key: PageKey, label: String) async throws -> PageResponse {
        let host = url.origin.displayHost
        let fetcher = self.fetcher
        let limits = TransportFailure.Limits(timeout: fetcher.timeout, connectTimeout: fetcher.connectTimeout, proxy: fetcher.proxy)
        let pages = try live.begin(
            body, stream: stream, name: name, host: host, mode: liveReading.mode, maxValueBytes: liveReading.maxValueBytes,
            pageSize: liveReading.pageSize, clock: retryClock,
            connect: { headers in
                var again = request
                again.headers += headers
                return try await fetcher.send(again, to: url, label: label)
            },
            describe: { error in
                let failure = TransportFailure.pageError(for: error, origin: url.origin, phase: .readingBody, limits: limits, label: "the stream")
                return (failure as? PageLoadError)?.message ?? "\(host) closed the connection"
            })
        var response = try await pages.fetch(key)
        let kind = stream.framing == .events ? "server-sent events, each event's data an item" : "JSON values, each an item"
        let line = "\(body.method) \(OneLine.clean(body.shown, maxCharacters: 300)): HTTP \(body.statusLine), "
            + "a live stream (\(OneLine.clean(body.contentType, maxCharacters: 60)): \(kind), shown as they arrive)"
        response.notes = openingNotes(for: key, request: request, paging: false) + [line] + response.notes
        return response
    }

    /// The pager's notes for the first page, which proxy is used (or why none), and the first
    /// request's body size. Never its text, as never a header's value: a body may hold a key or
    /// a `${TOKEN}` from the config file.
    /// A live list has no paging to explain (`paging: false`): its items are the stream's.
    private func openingNotes(for key: PageKey, request: SourceRequest, paging: Bool = true) -> [String] {
        let pagerNotes = paging ? pager.openingNotes(for: key) : []
        guard key.index == 0 else { return pagerNotes }
        var notes = pagerNotes + [proxyNote].compactMap { $0 }
        if let sent = request.body {
            notes.append("\(request.method) body of \(ByteCount.text(sent.count)) (its text is not shown: it may hold a secret)")
        }
        return notes
    }

    private static func makeClient(timeout: Duration, connectTimeout: Duration, proxy: ProxyServer?, maxPageBytes: Int, tls: TLSConfiguration) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,   // followed by HTTPFetcher, which guards credentials
            // No read timer: the deadline over the whole exchange (`Deadline`) bounds every page,
            // so a slow answer always reads the same way, and the body of a live list may be
            // quiet for minutes without being cut off.
            timeout: .init(connect: .init(connectTimeout), read: nil)
        )
        // Fail fast on a refused connection; retrying is the retry policy's decision, not the pool's.
        configuration.connectionPool.retryConnectionEstablishment = false
        // A tunnel (CONNECT) for every request; the credentials go to the proxy only.
        configuration.proxy = proxy.map { proxy in
            .server(host: proxy.host, port: proxy.port, authorization: proxy.credentials.map { .basic(username: $0.user, password: $0.password) })
        }
        // Inflated by HTTPFetcher (BodyInflater), which also reads raw deflate data.
        configuration.decompression = .disabled
        configuration.tlsConfiguration = tls
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// `HTTP 404 Not Found from api.example.com: no such repository`.
    static func statusError(_ body: HTTPBody) -> PageLoadError {
        let host = WebOrigin(body.url)?.displayHost ?? "the server"
        var message = "HTTP \(body.statusLine) from \(host)"
        if let said = body.serverMessage {
            message += ": \(said)"
        } else if body.contentType.lowercased().hasPrefix("text/plain"), !body.bytes.isEmpty, ContentEncodingCheck.encoding(of: body) == nil {
            message += ": \(body.snippet(count: 120))"
        }
        return PageLoadError(.httpStatus(body.status), message)
    }
}
