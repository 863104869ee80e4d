import Foundation
import Hummingbird
import TestSupport

/// A local server for the live-list tests in tmux: an endless JSON-lines stream, one item every
/// `interval` milliseconds (150 by default) until the client goes, and the Wikimedia and
/// Kubernetes replicas, on 127.0.0.1.
enum LiveScreenServer {
    static func with<T: Sendable>(_ body: @Sendable (_ base: String) async throws -> T) async throws -> T {
        let router = Router()
        WikimediaStreamReplica.register(on: router)
        KubernetesWatchReplica.register(on: router)
        router.get("ticks") { request, _ in
            let interval = request.uri.queryParameters["interval"].flatMap { Int($0) } ?? 150
            return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: ResponseBody { writer in
                var index = 1
                while true {
                    try await writer.write(ByteBuffer(string: "{\"id\": \(index), \"title\": \"tick \(index)\"}\n"))
                    index += 1
                    try await Task.sleep(for: .milliseconds(interval))
                }
            })
        }
        // Two items, then silence for ten minutes (or until the client goes).
        router.get("quiet-after") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "{\"id\": 1}\n{\"id\": 2}\n"))
                try await Task.sleep(for: .seconds(600))
                try await writer.finish(nil)
            })
        }
        return try await withLocalServer(router: router) { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }
}
