import TestSupport
import Foundation
import Hummingbird
import Synchronization

/// A local HTTP server for the feature tests on 127.0.0.1: `/named`, one page of items whose
/// second item shows the Authorization header the request came with (so a test sees that a
/// config file's `${VAR}` header reached the server); `/gated`, two pages of a list of 9 that
/// reports its total, each answered only once the test opens its gate (so a test sees the load
/// state without depending on how fast anything runs).
enum FeatureServer {
    /// Runs `body` with the server's base URL (`http://127.0.0.1:PORT`) and the gates of `/gated`.
    static func with<T: Sendable>(_ body: @Sendable (String, PageGates) async throws -> T) async throws -> T {
        let gates = PageGates()
        let router = Router()
        router.get("gated") { request, _ in
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            while !gates.isOpen(page) { try await Task.sleep(for: .milliseconds(20)) }
            let items = (page == 1 ? 1...5 : page == 2 ? 6...9 : 1...0).map { #"{"id": \#($0), "title": "Gated item \#($0)"}"# }
            return json(#"{"total_count": 9, "items": [\#(items.joined(separator: ", "))]}"#)
        }
        router.get("named") { request, _ in
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            guard page == 1 else { return json(#"{"items": []}"#) }
            let authorization = request.headers[.authorization] ?? "none"
            return json(#"{"items": [{"id": 1, "name": "Named source item"}, {"id": 2, "name": "auth: \#(authorization)"}]}"#)
        }
        return try await withLocalServer(router: router) { port in
            try await body("http://127.0.0.1:\(port)", gates)
        }
    }

    private static func json(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Which pages of `/gated` may be answered; a request for a closed page waits (cancellably).
final class PageGates: Sendable {
    private let open = Mutex<Set<Int>>([])

    func open(_ page: Int) { open.withLock { _ = $0.insert(page) } }
    func isOpen(_ page: Int) -> Bool { open.withLock { $0.contains(page) } }
}
