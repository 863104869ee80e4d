/// What a source sends for one page: a method, a URL, headers and a body, all built from the key
/// by the source's request template. Every page of an HTTP list is one of these, so a source that
/// pages with a POST body (a cursor in JSON, a GraphQL query with variables) is a different
/// template, not a different code path: the fetcher, the retries and the loop guard see only
/// this value.
public struct SourceRequest: Sendable, Hashable {
    public var method: String
    public var url: String
    /// Headers of the template itself (e.g. `Content-Type` of a body); the user's `-H` headers
    /// are added by the fetcher, which alone decides where credentials may go.
    public var headers: [HeaderField]
    public var body: [UInt8]?
    /// Whether a streaming answer (server-sent events, JSON lines) is handed on unread, to be
    /// read as a live list: only the first page's request may be.
    public var streaming = StreamingAnswer.never

    public init(method: String = "GET", url: String, headers: [HeaderField] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// What identifies the request for the loop guard: a repeat of this exact request means the
    /// walk has come back to a page it already read.
    public var address: String {
        guard let body else { return "\(method) \(url)" }
        var hasher = Hasher()
        hasher.combine(body)
        return "\(method) \(url) body#\(hasher.finalize())"
    }
}
