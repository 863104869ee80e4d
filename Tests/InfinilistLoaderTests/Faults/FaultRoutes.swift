import Foundation
import Hummingbird

/// Routes that fail the way real servers and networks do, each once or forever: transient
/// statuses, rate limits in the styles of GitHub and Reddit, answers that never come or stall
/// mid-body, endless bodies, HTML and broken JSON, Slack's `ok: false`, redirects elsewhere, and
/// a slow stream that notices when the client goes away.
///
/// Well-behaved pages (`?page=N`) hold 5 items each for pages 1 to 3 (`Item 1` … `Item 15`);
/// later pages are empty, which ends the list.
enum FaultRoutes {
    static let itemsPerPage = 5
    static let pageCount = 3
    /// The Unix time the tests' clock starts at: rate-limit resets are given relative to it.
    static let clockStart: Double = 1_700_000_000
    /// `clockStart` as an HTTP date, and seven seconds later.
    static let clockStartDate = "Tue, 14 Nov 2023 22:13:20 GMT"
    static let sevenSecondsLaterDate = "Tue, 14 Nov 2023 22:13:27 GMT"

    static func router(log: FaultLog) -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(FaultLogMiddleware(log: log))
        CompressionRoutes.add(to: router, log: log)

        router.get("pages") { request, _ in json(page(number(request))) }

        // The status in the path, the first time each URL is asked for; then the page.
        router.get("fail-once/:status") { request, context in
            let status = Int(context.parameters.get("status") ?? "") ?? 500
            if log.count(request.uri.description) == 1 {
                return json(#"{"message": "try again later"}"#, status: .init(code: status))
            }
            return json(page(number(request)))
        }
        // The status in the path, always.
        router.get("fail-always/:status") { _, context in
            let status = Int(context.parameters.get("status") ?? "") ?? 500
            return json(#"{"message": "it is not you, it is us"}"#, status: .init(code: status))
        }
        // Page 1 works; page 2 fails with a 503 every time.
        router.get("second-fails") { request, _ in
            let page = number(request)
            if page == 2 { return json(#"{"message": "maintenance"}"#, status: .serviceUnavailable) }
            return json(FaultRoutes.page(page))
        }
        // Page 2 fails with a 503 the first time it is asked for; every other answer is its page.
        router.get("second-fails-once") { request, _ in
            let page = number(request)
            if page == 2, log.count(request.uri.description) == 1 { return json(#"{"message": "maintenance"}"#, status: .serviceUnavailable) }
            return json(FaultRoutes.page(page))
        }
        // The first request for each URL is rate limited in the style named by `style`.
        router.get("rate-limited/:style") { request, context in
            guard log.count(request.uri.description) == 1 else { return json(page(number(request))) }
            return rateLimited(style: context.parameters.get("style") ?? "")
        }
        // Every answer says the quota is nearly used up: 3 of 100 left, reset 40 s after clockStart.
        router.get("quota-low") { request, _ in
            var response = json(page(number(request)))
            response.headers[.init("X-RateLimit-Limit")!] = "100"
            response.headers[.init("X-RateLimit-Remaining")!] = "3"
            response.headers[.init("X-RateLimit-Reset")!] = String(Int(clockStart) + 40)
            return response
        }
        // Rate-limit numbers far beyond any integer (`X-RateLimit-*`, or `style=structured` for
        // `RateLimit: limit=…`): they once crashed the pacer.
        router.get("quota-huge") { request, _ in
            var response = json(page(number(request)))
            let (limit, remaining, reset) = ("1000000000000000000000", "10000000000000000000", "10000000000000000000000")
            if request.uri.queryParameters["style"] == "structured" {
                response.headers[.init("RateLimit")!] = "limit=\(limit), remaining=\(remaining), reset=\(reset)"
            } else {
                response.headers[.init("X-RateLimit-Limit")!] = limit
                response.headers[.init("X-RateLimit-Remaining")!] = remaining
                response.headers[.init("X-RateLimit-Reset")!] = reset
            }
            return response
        }

        // The first request never gets an answer; later ones do.
        router.get("hang-once") { request, _ in
            if log.count(request.uri.description) == 1 {
                try await Task.sleep(for: .seconds(60))
            }
            return json(page(number(request)))
        }
        // The first answer stops halfway through its body; later ones are whole.
        router.get("stall-once") { request, _ in
            let text = page(number(request))
            guard log.count(request.uri.description) == 1 else { return json(text) }
            let half = String(text.prefix(text.count / 2))
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .contentLength: String(text.utf8.count)],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: half))
                    try await Task.sleep(for: .seconds(60))
                    try await writer.write(ByteBuffer(string: String(text.dropFirst(half.count))))
                    try await writer.finish(nil)
                }
            )
        }
        // A body that arrives one byte every 50 ms: never silent long enough for a read timeout.
        router.get("drip") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "["))
                while true {
                    try await Task.sleep(for: .milliseconds(50))
                    try await writer.write(ByteBuffer(string: " "))
                }
            })
        }
        // JSON that never ends, as fast as the client reads it.
        router.get("endless") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: #"{"items": ["#))
                let chunk = ByteBuffer(string: String(repeating: #"{"title": "again and again"},"#, count: 200))
                while true { try await writer.write(chunk) }
            })
        }
        // Items arriving slowly forever; records "closed" when the client goes away.
        router.get("slow-stream") { _, _ in
            log.event("started")
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                do {
                    try await writer.write(ByteBuffer(string: "["))
                    var index = 0
                    while true {
                        try await writer.write(ByteBuffer(string: #"{"id": \#(index)},"#))
                        index += 1
                        try await Task.sleep(for: .milliseconds(20))
                    }
                } catch {
                    log.event("closed")
                    throw error
                }
            })
        }
        // Page 1 is JSON; page 2 is an HTML error page with status 200.
        router.get("html-second") { request, _ in
            let page = number(request)
            guard page == 2 else { return json(FaultRoutes.page(page)) }
            return Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body><h1>502 Bad Gateway</h1>\u{1b}]2;pwned\u{07}</body></html>"))
            )
        }
        router.get("truncated") { _, _ in json(#"{"items": [{"id": 1, "title": "one"}, {"id": 2, "ti"#) }
        router.get("invalid-utf8") { _, _ in
            var bytes = Array(#"{"items": [{"title": "caf"#.utf8)
            bytes += [0xFF, 0xFE]
            bytes += Array(#""}]}"#.utf8)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        router.get("deep") { _, _ in json(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)) }
        router.get("json-as-html") { request, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: page(number(request))))
            )
        }
        router.get("slack") { _, _ in json(#"{"ok": false, "error": "invalid_auth"}"#) }

        // Redirects to `to` (any URL, any scheme) with a 302.
        router.get("redirect") { request, _ in
            Response(status: .found, headers: [.location: request.uri.queryParameters["to"].map(String.init) ?? "/pages?page=1"])
        }
        // Redirects to itself, forever.
        router.get("loop") { _, _ in Response(status: .found, headers: [.location: "/loop"]) }
        // One page of items whose Link header points at `next`.
        router.get("linked") { request, _ in
            var response = json(page(1))
            if let next = request.uri.queryParameters["next"] {
                response.headers[.init("Link")!] = "<\(next)>; rel=\"next\""
            }
            return response
        }
        // One page of items whose body's `next` field is `next`.
        router.get("next-in-body") { request, _ in
            let next = request.uri.queryParameters["next"].map(String.init) ?? ""
            return json(#"{"items": [\#(items(page: 1).joined(separator: ", "))], "next": "\#(next)"}"#)
        }
        // A gzip-compressed body (the start of one is enough) that nobody asked for.
        router.get("gzip") { _, _ in
            var headers: HTTPFields = [.contentType: "application/json"]
            headers[.contentEncoding] = "gzip"
            let bytes: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xAB, 0x56, 0xCA, 0x2C, 0x49, 0xCD]
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        // Page 1 has items; page 2 is an empty answer: 204 No Content (`no-content`) or a 200
        // with no body at all (`empty-body`).
        router.get("no-content") { request, _ in
            number(request) == 1 ? json(page(1)) : Response(status: .noContent)
        }
        router.get("empty-body") { request, _ in
            number(request) == 1 ? json(page(1)) : Response(status: .ok, headers: [.contentType: "application/json"])
        }
        // One item that says which Authorization header arrived ("none" without one).
        router.get("whoami") { request, _ in
            let authorization = request.headers[.authorization] ?? "none"
            return json(#"{"items": [{"id": 99, "title": "authorization: \#(authorization)"}]}"#)
        }
        return router
    }

    static func number(_ request: Request) -> Int {
        request.uri.queryParameters["page"].flatMap { Int($0) } ?? 1
    }

    static func items(page: Int) -> [String] {
        guard (1...pageCount).contains(page) else { return [] }
        let first = (page - 1) * itemsPerPage + 1
        return (first..<first + itemsPerPage).map { #"{"id": \#($0), "title": "Item \#($0)"}"# }
    }

    static func page(_ page: Int) -> String {
        #"{"items": [\#(items(page: page).joined(separator: ", "))]}"#
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A rate-limited answer: `retry-after-seconds` (429, `Retry-After: 3`), `retry-after-decimal`
    /// (503, `1.5`), `retry-after-long` (429, 120 s), `retry-after-date` (429, a date 7 s after
    /// `clockStart`), `github` (403, remaining 0, reset at clockStart + 42), `github-hour` (the
    /// same, an hour away), `reddit` (429, remaining `0.0`, reset in 42 seconds), `forbidden` (a
    /// plain 403).
    static func rateLimited(style: String) -> Response {
        var response = json(#"{"message": "API rate limit exceeded"}"#, status: .tooManyRequests)
        func set(_ name: String, _ value: String) { response.headers[.init(name)!] = value }
        switch style {
        case "retry-after-seconds": set("Retry-After", "3")
        case "retry-after-long": set("Retry-After", "120")
        case "retry-after-decimal":
            response.status = .serviceUnavailable
            set("Retry-After", "1.5")
        case "retry-after-date": set("Retry-After", sevenSecondsLaterDate)
        case "github", "github-hour":
            response.status = .forbidden
            set("X-RateLimit-Limit", "60")
            set("X-RateLimit-Remaining", "0")
            set("X-RateLimit-Reset", String(Int(clockStart) + (style == "github" ? 42 : 3600)))
        case "reddit":
            set("X-Ratelimit-Used", "100")
            set("X-Ratelimit-Remaining", "0.0")
            set("X-Ratelimit-Reset", "42")
        default:
            response = json(#"{"message": "Resource not accessible by integration"}"#, status: .forbidden)
        }
        return response
    }
}

/// Records each request's path, query and Authorization header before it is routed.
struct FaultLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: FaultLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        log.record(FaultLog.Entry(uri: request.uri.description, authorization: request.headers[.authorization]))
        return try await next(request, context)
    }
}
