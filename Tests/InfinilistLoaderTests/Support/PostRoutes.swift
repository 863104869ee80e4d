import Foundation
import Hummingbird

/// Routes that page with a request body, for the tests of POST requests: a cursor list whose
/// cursor travels in the JSON body, one whose cursor never moves, a POST that fails once with a
/// given status, redirects of a POST, and an echo of what arrived (method, body, Content-Type).
enum PostRoutes {
    static let itemCount = 12

    static func register(on router: Router<BasicRequestContext>, log: RequestLog) {
        // {"after": "cN", "size": n}: items N+1… (12 in all), next_cursor until the end.
        router.post("post/cursor") { request, _ in
            let body = try await json(request)
            let size = body["size"] as? Int ?? 4
            let start = (body["after"] as? String).flatMap { Int($0.dropFirst()) } ?? 0
            let range = start..<min(itemCount, start + size)
            let next = range.upperBound < itemCount ? "\"c\(range.upperBound)\"" : "null"
            return page(range, next: next)
        }
        // The next cursor is always "same": only the bodies tell the requests apart (the URL never
        // changes), so the loop guard must compare them. Items are new on every request.
        router.post("post/cursor-loop") { request, _ in
            _ = try await json(request)
            let served = log.count { $0 == "/post/cursor-loop" }
            return page((served * 2)..<(served * 2 + 2), next: "\"same\"")
        }
        // Fails with the status in the path the first time this URL is asked for.
        router.post("post/fail-once/:status") { request, context in
            let status = Int(context.parameters.get("status") ?? "") ?? 500
            if log.count(where: { $0 == request.uri.description }) == 1 {
                return Response(status: .init(code: status), headers: [.contentType: "application/json"],
                                body: .init(byteBuffer: ByteBuffer(string: #"{"message": "not now"}"#)))
            }
            return page(0..<3, next: "null")
        }
        router.post("post/redirect/:status") { _, context in
            let status = Int(context.parameters.get("status") ?? "") ?? 307
            return Response(status: .init(code: status), headers: [.location: "/post/echo"])
        }
        router.get("post/echo") { request, _ in try await echo(request) }
        router.post("post/echo") { request, _ in try await echo(request) }
    }

    private static func json(_ request: Request) async throws -> [String: Any] {
        var request = request
        let buffer = try await request.collectBody(upTo: 1 << 20)
        return (try? JSONSerialization.jsonObject(with: Data(String(buffer: buffer).utf8)) as? [String: Any]) ?? [:]
    }

    /// One item saying how the request arrived.
    private static func echo(_ request: Request) async throws -> Response {
        var request = request
        let body = String(buffer: try await request.collectBody(upTo: 1 << 20))
        let item = Replica.object([
            ("id", "1"), ("method", Replica.quote(request.method.rawValue)), ("body", Replica.quote(body)),
            ("contentType", Replica.quote(request.headers[.contentType] ?? "none")),
        ])
        return Replica.json(#"{"items": [\#(item)]}"#)
    }

    private static func page(_ range: Range<Int>, next: String) -> Response {
        let items = range.map { #"{"id": "i\#($0 + 1)", "title": "Item \#($0 + 1)"}"# }
        return Replica.json(#"{"items": [\#(items.joined(separator: ", "))], "next_cursor": \#(next)}"#)
    }
}
