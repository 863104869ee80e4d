import Hummingbird
import Synchronization

/// A live list for the follow tests, served by page number (`?page=N`, from 1), newest first,
/// `perPage` items a page, each `{"id": N, "title": "item N"}`: the test makes it grow at the top
/// (`grow`), moves an item to the top (`bump`), and reads what the server received. Every page
/// carries an `ETag` that changes whenever the list does, and a request whose `If-None-Match`
/// still matches is answered `304 Not Modified`, as GitHub does.
///
/// `.gitHub` serves it as GitHub's issues are (`/repos/o/r/issues`): a root array of issues with
/// `id` and `number`, and a `Link` header whose absolute `rel="next"` URL is the only way to the
/// next page (no `{page}` in the URL the user gives), so a poll's later pages follow the links
/// its own round read.
public final class GrowingFeed: Sendable {
    /// How the pages are served.
    public enum Style: Sendable {
        /// `/feed?page=N`, `{"items": […]}`.
        case pageNumbers
        /// `/repos/o/r/issues?per_page=N&page=N`, a root array, `Link: <…>; rel="next"`.
        case gitHub
    }

    /// One request and its answer.
    public struct Exchange: Sendable {
        public let page: Int
        public let status: Int
        /// Whether the request carried `If-None-Match`.
        public let conditional: Bool
        /// The answer's body, in bytes (0 for a 304).
        public var bodyBytes = 0
    }

    private struct State {
        var ids: [Int]
        var version = 1
        var firstPageLimit: Int?
        /// Pages answered with a 500.
        var failingPages: Set<Int> = []
        var exchanges: [Exchange] = []
    }

    public let perPage: Int
    public let style: Style
    private let state: Mutex<State>

    /// A list of `count` items, ids `count` (the newest, first) down to 1.
    public init(count: Int, perPage: Int, style: Style = .pageNumbers) {
        self.perPage = perPage
        self.style = style
        self.state = Mutex(State(ids: Array((1...max(1, count)).reversed())))
    }

    /// The ids in list order, newest first.
    public var ids: [Int] { state.withLock { $0.ids } }

    public var exchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// Puts `count` new items at the top (ids after the highest so far); returns their ids,
    /// newest first.
    @discardableResult
    public func grow(_ count: Int) -> [Int] {
        state.withLock { state in
            let highest = state.ids.max() ?? 0
            let fresh = Array(((highest + 1)...(highest + count)).reversed())
            state.ids = fresh + state.ids
            state.version += 1
            return fresh
        }
    }

    /// Moves the item `id` to the top (an item edited or re-posted): the first page changes order.
    public func bump(_ id: Int) {
        state.withLock { state in
            state.ids.removeAll { $0 == id }
            state.ids.insert(id, at: 0)
            state.version += 1
        }
    }

    /// Deletes the item `id` (the list's pages close up behind it).
    public func delete(_ id: Int) {
        state.withLock { state in
            state.ids.removeAll { $0 == id }
            state.version += 1
        }
    }

    /// Serves only the first `count` items of the first page from now on (a server that cuts a
    /// page short); nil to serve whole pages again.
    public func shortenFirstPage(to count: Int?) {
        state.withLock { state in
            state.firstPageLimit = count
            state.version += 1
        }
    }

    public static func title(_ id: Int) -> String { "item \(id)" }

    /// From now on these pages (1-based, as requested) are answered with a 500.
    public func fail(pages: Set<Int>) {
        state.withLock { $0.failingPages = pages }
    }

    /// Adds the route (`/feed`, or `/repos/o/r/issues`) to `router`.
    public func route(on router: Router<BasicRequestContext>) {
        switch style {
        case .pageNumbers: router.get("feed") { request, _ in self.respond(to: request) }
        case .gitHub: router.get("repos/o/r/issues") { request, _ in self.respond(to: request) }
        }
    }

    /// The URL of the first page the user gives, on `port`.
    public func url(port: Int) -> String {
        switch style {
        case .pageNumbers: return "http://127.0.0.1:\(port)/feed?page={page}"
        case .gitHub: return "http://127.0.0.1:\(port)/repos/o/r/issues?per_page=\(perPage)"
        }
    }

    private func respond(to request: Request) -> Response {
        let page = request.uri.queryParameters["page"].flatMap { Int($0) } ?? 1
        let ifNoneMatch = request.headers[.ifNoneMatch]
        return state.withLock { state in
            if state.failingPages.contains(page) {
                state.exchanges.append(Exchange(page: page, status: 500, conditional: ifNoneMatch != nil))
                return Response(status: .internalServerError)
            }
            let etag = "\"v\(state.version)-p\(page)\""
            let headers: HTTPFields = [.contentType: "application/json", .eTag: etag]
            if ifNoneMatch == etag {
                state.exchanges.append(Exchange(page: page, status: 304, conditional: true))
                return Response(status: .notModified, headers: headers)
            }
            state.exchanges.append(Exchange(page: page, status: 200, conditional: ifNoneMatch != nil))
            let start = (page - 1) * perPage
            var ids = start >= 0 && start < state.ids.count ? Array(state.ids[start..<min(state.ids.count, start + perPage)]) : []
            if page == 1, let limit = state.firstPageLimit { ids = Array(ids.prefix(limit)) }
            switch style {
            case .pageNumbers:
                let items = ids.map { #"{"id": \#($0), "title": "\#(Self.title($0))"}"# }
                let body = #"{"items": ["# + items.joined(separator: ", ") + "]}"
                state.exchanges[state.exchanges.count - 1].bodyBytes = body.utf8.count
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
            case .gitHub:
                let items = ids.map { #"{"id": \#(1000 + $0), "number": \#($0), "title": "\#(Self.title($0))"}"# }
                var fields = headers
                if start + perPage < state.ids.count {
                    let origin = "http://" + (request.head.authority ?? "127.0.0.1")
                    let next = "\(origin)/repos/o/r/issues?per_page=\(perPage)&page=\(page + 1)"
                    if let link = HTTPFields.Element.Name("Link") { fields[link] = "<\(next)>; rel=\"next\"" }
                }
                let body = "[" + items.joined(separator: ", ") + "]"
                state.exchanges[state.exchanges.count - 1].bodyBytes = body.utf8.count
                return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
            }
        }
    }
}
