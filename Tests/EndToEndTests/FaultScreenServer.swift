import TestSupport
import Foundation
import Hummingbird
import Synchronization

/// A local HTTP server for the end-to-end fault tests: hostile item titles, a page that fails
/// once, a rate limit with a short `Retry-After`, and a page that always fails, on 127.0.0.1.
/// It also counts requests, so a test can check that a usage error sent none.
final class FaultScreenServer: Sendable {
    let base: String
    private let log: ScreenRequestLog

    private init(base: String, log: ScreenRequestLog) {
        self.base = base
        self.log = log
    }

    /// Every request's path and query, in order.
    var uris: [String] { log.all }

    /// The hostile titles, as the server sends them, each with the text infinilist must show.
    static let hostileTitles: [(raw: String, shown: String)] = [
        ("retitle \u{1b}]2;pwned-title\u{07} end", #"retitle \x1B]2;pwned-title\x07 end"#),
        ("clipboard \u{1b}]52;c;ZXZpbA==\u{07} end", #"clipboard \x1B]52;c;ZXZpbA==\x07 end"#),
        ("clear \u{1b}[2J\u{1b}[H end", #"clear \x1B[2J\x1B[H end"#),
        ("colour \u{1b}[31mred end", #"colour \x1B[31mred end"#),
        ("c1 csi \u{9b}31m end", #"c1 csi \x9B31m end"#),
        ("fake\r\n  Item 999 a fake row", #"fake\r\n  Item 999 a fake row"#),
        ("bidi \u{202e}gnp.exe\u{202c} end", #"bidi \u{202E}gnp.exe\u{202C} end"#),
        ("zero\u{200b}width bell\u{07} del\u{7f}", #"zero\u{200B}width bell\x07 del\x7F"#),
    ]

    /// Runs `body` with a server on 127.0.0.1 (ephemeral port).
    static func with<T: Sendable>(_ body: @Sendable (FaultScreenServer) async throws -> T) async throws -> T {
        let counter = ScreenRequestLog()
        let router = Router()
        router.middlewares.add(RequestCounter(log: counter))
        router.get("hostile") { request, _ in
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            guard page == 1 else { return json(#"{"items": []}"#) }
            // A moment for the test to switch tmux's clipboard capture on before the titles arrive.
            try await Task.sleep(for: .milliseconds(300))
            let items = hostileTitles.enumerated().map { index, title in
                #"{"id": \#(index + 1), "title": "\#(jsonEscaped(title.raw))"}"#
            }
            return json(#"{"items": [\#(items.joined(separator: ", "))]}"#)
        }
        router.get("fail-once") { request, _ in
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            if counter.count(request.uri.description) == 1 {
                return json(#"{"message": "try again later"}"#, status: .internalServerError)
            }
            return json(items(page: page))
        }
        router.get("rate-limited") { request, _ in
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            if counter.count(request.uri.description) == 1 {
                var response = json(#"{"message": "slow down"}"#, status: .tooManyRequests)
                response.headers[.init("Retry-After")!] = "2"
                return response
            }
            return json(items(page: page))
        }
        router.get("second-fails") { request, _ in
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            if page == 2 { return json(#"{"message": "maintenance"}"#, status: .serviceUnavailable) }
            return json(items(page: page))
        }
        // One page of items with a `Link` rel=next to `next` (any URL).
        router.get("linked") { request, _ in
            var response = json(items(page: 1))
            if let next = request.uri.queryParameters["next"] {
                response.headers[.init("Link")!] = "<\(next)>; rel=\"next\""
            }
            return response
        }
        // One repository, as GitHub's /repos/OWNER/NAME answers: an object, not a list.
        router.get("repo") { _, _ in
            json(#"{"id": 44838949, "node_id": "MDEwOlJlcG9zaXRvcnk0NDgzODk0OQ==", "name": "swift", "full_name": "apple/swift", "private": false, "owner": {"login": "apple", "id": 10639145}, "html_url": "https://github.com/apple/swift", "description": "The Swift Programming Language", "fork": false, "created_at": "2015-10-23T21:15:07Z", "stargazers_count": 67000, "forks_count": 10000, "open_issues_count": 7000, "has_issues": true}"#)
        }
        // One item that says which Authorization header arrived ("none" without one).
        router.get("whoami") { request, _ in
            json(#"{"items": [{"id": 1, "title": "authorization: \#(request.headers[.authorization] ?? "none")"}]}"#)
        }
        return try await withLocalServer(router: router) { port in
            try await body(FaultScreenServer(base: "http://127.0.0.1:\(port)", log: counter))
        }
    }

    /// Pages 1 and 2 hold 5 items each (`Item 1` …); later pages are empty.
    static func items(page: Int) -> String {
        guard (1...2).contains(page) else { return #"{"items": []}"# }
        let first = (page - 1) * 5 + 1
        let items = (first..<first + 5).map { #"{"id": \#($0), "title": "Item \#($0)"}"# }
        return #"{"items": [\#(items.joined(separator: ", "))]}"#
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A JSON string body: quotes, backslashes and every control character (C0, DEL, C1) escaped.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F...0x9F: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The requests a `FaultScreenServer` received, in order.
final class ScreenRequestLog: Sendable {
    private let requests = Mutex<[String]>([])

    var all: [String] { requests.withLock { $0 } }
    func record(_ uri: String) { requests.withLock { $0.append(uri) } }
    func count(_ uri: String) -> Int { requests.withLock { $0.filter { $0 == uri }.count } }
}

/// Records every request before it is routed.
private struct RequestCounter: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: ScreenRequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        log.record(request.uri.description)
        return try await next(request, context)
    }
}
