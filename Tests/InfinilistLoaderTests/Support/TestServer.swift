import Hummingbird
import TestSupport

/// Runs a real Hummingbird server on 127.0.0.1 with an ephemeral port for the duration of `body`,
/// which receives the base URL (`http://127.0.0.1:PORT`) and the server's request log.
func withTestServer<T: Sendable>(
    _ body: @Sendable (_ baseURL: String, _ log: RequestLog) async throws -> T
) async throws -> T {
    let log = RequestLog()
    return try await withLocalServer(router: TestRoutes.router(log: log)) { port in
        try await body("http://127.0.0.1:\(port)", log)
    }
}
