import Foundation
import Hummingbird
import Synchronization
import TestSupport

/// A local search API paged by a cursor in a JSON POST body (`{"after": "cN", "size": n}`), as
/// Notion's and Elasticsearch's are: 9 items, `next_cursor` until the end. It keeps every body it
/// received, in order, and refuses a body that is not JSON sent as `application/json`.
final class PostServer: Sendable {
    let base: String
    private let received = Mutex<[String]>([])

    static let itemCount = 9

    private init(base: String) { self.base = base }

    /// Every request body, in order.
    var bodies: [String] { received.withLock { $0 } }

    static func with<T: Sendable>(_ body: @Sendable (PostServer) async throws -> T) async throws -> T {
        let router = Router()
        let holder = Mutex<PostServer?>(nil)
        router.post("search") { request, _ in
            var request = request
            let text = String(buffer: try await request.collectBody(upTo: 1 << 20))
            holder.withLock { $0 }?.received.withLock { $0.append(text) }
            guard request.headers[.contentType] == "application/json",
                  let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            else { return response(#"{"error": "expected a JSON body"}"#, status: .badRequest) }
            let size = json["size"] as? Int ?? 3
            let start = (json["after"] as? String).flatMap { Int($0.dropFirst()) } ?? 0
            let range = start..<min(itemCount, start + size)
            let items = range.map { #"{"id": \#($0 + 1), "title": "Result \#($0 + 1)"}"# }
            let next = range.upperBound < itemCount ? "\"c\(range.upperBound)\"" : "null"
            return response(#"{"results": [\#(items.joined(separator: ", "))], "next_cursor": \#(next)}"#)
        }
        return try await withLocalServer(router: router) { port in
            let server = PostServer(base: "http://127.0.0.1:\(port)")
            holder.withLock { $0 = server }
            return try await body(server)
        }
    }

    private static func response(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
