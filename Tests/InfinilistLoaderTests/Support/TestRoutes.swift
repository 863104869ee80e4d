import Foundation
import Hummingbird

/// Every request the test server received (path and query), in order, and for requests with a
/// method other than GET, the method and the body as they arrived.
final class RequestLog: Sendable {
    private let entries = LockedList<String>()
    private let sent = LockedList<String>()
    func record(_ uri: String) { entries.append(uri) }
    /// `POST {"page_size":10}`: what a request other than a GET carried.
    func recordSent(method: String, body: String) { sent.append(body.isEmpty ? method : "\(method) \(body)") }
    var all: [String] { entries.all }
    /// Method and body of every request that was not a GET, in order.
    var bodies: [String] { sent.all }
    func count(where matches: (String) -> Bool) -> Int { entries.all.filter(matches).count }
}

/// The routes the loader tests fetch: well-behaved pages, and pages that fail in the ways real
/// servers do (an error once, an HTML page, a 404 with a JSON message, a body that is too large,
/// a slow answer, a redirect).
enum TestRoutes {
    static let itemsPerPage = 20
    static let pageCount = 5

    static func router(log: RequestLog) -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(LogMiddleware(log: log))

        // 5 pages of 20 items under "items", then empty pages.
        router.get("list") { request, _ in
            json(itemsPage(page: pageNumber(request)))
        }
        // The same list as a root array.
        router.get("root") { request, _ in
            json(itemsArray(page: pageNumber(request)))
        }
        // Page 2 fails with a 500 the first time it is asked for, then works; page 4 always fails.
        router.get("flaky") { request, _ in
            let page = pageNumber(request)
            let asked = log.count { $0 == "/flaky?page=\(page)" }
            if (page == 2 && asked == 1) || page == 4 {
                return json(#"{"error": "database is warming up"}"#, status: .internalServerError)
            }
            return json(itemsPage(page: page))
        }
        router.get("html") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "<!DOCTYPE html>\n<html><head><title>Bad gateway</title></head><body>\u{1b}[31mOops</body></html>"))
            )
        }
        router.get("missing") { _, _ in
            json(#"{"message": "no such list"}"#, status: .notFound)
        }
        // About 200 KiB of valid JSON, streamed without a Content-Length.
        router.get("big-stream") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "["))
                    for chunk in 0..<200 {
                        let items = (0..<10).map { #"{"id": \#(chunk * 10 + $0), "title": "\#(String(repeating: "x", count: 80))"}"# }
                        try await writer.write(ByteBuffer(string: (chunk == 0 ? "" : ",") + items.joined(separator: ",")))
                    }
                    try await writer.write(ByteBuffer(string: "]"))
                    try await writer.finish(nil)
                }
            )
        }
        // 100 KiB with a Content-Length that says so.
        router.get("big-declared") { _, _ in
            json("[" + String(repeating: " ", count: 100 * 1024) + "]")
        }
        // Answers after 1.5 s, or after `ms` milliseconds when the query gives them.
        router.get("slow") { request, _ in
            let delay = request.uri.queryParameters["ms"].flatMap { Int($0) } ?? 1500
            try await Task.sleep(for: .milliseconds(delay))
            return json(itemsPage(page: pageNumber(request)))
        }
        router.get("redirect") { request, _ in
            Response(status: .found, headers: [.location: "/list?page=\(pageNumber(request))"])
        }
        router.get("loop") { _, _ in
            Response(status: .found, headers: [.location: "/loop"])
        }
        // Echoes the request headers the loader sent.
        router.get("headers") { request, _ in
            let fields = ["user-agent", "accept", "x-token"].map { name in
                let value = request.headers.first { $0.name.canonicalName == name }?.value ?? ""
                return #""\#(name)": "\#(value)""#
            }
            return json(#"{"items": [{\#(fields.joined(separator: ", "))}]}"#)
        }
        PostRoutes.register(on: router, log: log)
        // One page of 1,000 records (about 70 KB) under "items", then empty pages: an answer
        // large enough for a dump to keep its items as compact JSON (decision 88).
        router.get("large") { request, _ in
            let records = pageNumber(request) == 1 ? (1...1000).map { #"{"id": \#($0), "title": "record \#($0) of a large page"}"# } : []
            return json(#"{"total": 1000, "items": ["# + records.joined(separator: ", ") + "]}")
        }
        // A list that moves while it is read: page n (1 to 11) starts with page n - 1's last
        // item; page 12 is page 1 again, as if the list wrapped round; then empty pages.
        router.get("moving") { request, _ in
            let page = pageNumber(request)
            let first = page == 12 ? 1 : 3 * (page - 1) + 1
            let ids = (1...12).contains(page) ? Array(first...first + 3) : []
            return json("[" + ids.map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]")
        }
        ParallelRoutes.register(on: router, log: log)
        Replicas.register(on: router, log: log)   // the APIs of docs/pagination-apis.md
        return router
    }

    static func pageNumber(_ request: Request) -> Int {
        request.uri.queryParameters["page"].flatMap { Int($0) } ?? 1
    }

    static func itemsArray(page: Int) -> String {
        guard (1...pageCount).contains(page) else { return "[]" }
        let first = (page - 1) * itemsPerPage + 1
        let items = (first..<first + itemsPerPage).map { #"{"id": \#($0), "title": "Item \#($0)", "score": \#($0 * 3)}"# }
        return "[" + items.joined(separator: ", ") + "]"
    }

    static func itemsPage(page: Int) -> String {
        #"{"page": \#(page), "items": \#(itemsArray(page: page))}"#
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}

/// Records each request's path and query before it is routed.
struct LogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: RequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        log.record(request.uri.description)
        guard request.method != .get else { return try await next(request, context) }
        var request = request
        let body = try await request.collectBody(upTo: 2 << 20)
        log.recordSent(method: request.method.rawValue, body: String(buffer: body))
        return try await next(request, context)
    }
}
