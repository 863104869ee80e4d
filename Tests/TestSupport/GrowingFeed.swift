import Hummingbird
import Synchronization

/// A live list for the follow tests, served by page number (`?page=N`, from 1), newest first,
/// `perPage` items a page, each `{"id": N, "title": "item N"}`: the test makes it grow at the top
/// (`grow`), moves an item to the top (`bump`), and reads what the server received. Every page
/// carries an `ETag` that changes whenever the list does, and a request whose `If-None-Match`
/// still matches is answered `304 Not Modified`, as GitHub does.
public final class GrowingFeed: Sendable {
    /// One request and its answer.
    public struct Exchange: Sendable {
        public let page: Int
        public let status: Int
        /// Whether the request carried `If-None-Match`.
        public let conditional: Bool
    }

    private struct State {
        var ids: [Int]
        var version = 1
        var exchanges: [Exchange] = []
    }

    public let perPage: Int
    private let state: Mutex<State>

    /// A list of `count` items, ids `count` (the newest, first) down to 1.
    public init(count: Int, perPage: Int) {
        self.perPage = perPage
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

    public static func title(_ id: Int) -> String { "item \(id)" }

    /// Adds the route `/feed` to `router`.
    public func route(on router: Router<BasicRequestContext>) {
        router.get("feed") { request, _ in self.respond(to: request) }
    }

    private func respond(to request: Request) -> Response {
        let page = request.uri.queryParameters["page"].flatMap { Int($0) } ?? 1
        let ifNoneMatch = request.headers[.ifNoneMatch]
        return state.withLock { state in
            let etag = "\"v\(state.version)-p\(page)\""
            let headers: HTTPFields = [.contentType: "application/json", .eTag: etag]
            if ifNoneMatch == etag {
                state.exchanges.append(Exchange(page: page, status: 304, conditional: true))
                return Response(status: .notModified, headers: headers)
            }
            state.exchanges.append(Exchange(page: page, status: 200, conditional: ifNoneMatch != nil))
            let start = (page - 1) * perPage
            let ids = start >= 0 && start < state.ids.count ? Array(state.ids[start..<min(state.ids.count, start + perPage)]) : []
            let items = ids.map { #"{"id": \#($0), "title": "\#(Self.title($0))"}"# }
            let body = #"{"items": ["# + items.joined(separator: ", ") + "]}"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
    }
}
