import Hummingbird

/// Runs a real Hummingbird server on 127.0.0.1 with an ephemeral port for the duration of `body`,
/// which receives the base URL (`http://127.0.0.1:PORT`) and the server's request log.
func withTestServer<T: Sendable>(
    _ body: @Sendable (_ baseURL: String, _ log: RequestLog) async throws -> T
) async throws -> T {
    let log = RequestLog()
    let router = TestRoutes.router(log: log)
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        }
    )
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw TestServerError.noPort }
        let result = try await body("http://127.0.0.1:\(port)", log)
        group.cancelAll()
        return result
    }
}

enum TestServerError: Error {
    case noPort
}
