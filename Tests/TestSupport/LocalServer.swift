import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle
import TestThreads

/// Runs a real Hummingbird server on `host` (a loopback address) with an ephemeral port for the
/// duration of `body`, which receives the port.
///
/// The server is stopped by a graceful shutdown, not by cancelling its task: cancelling while an
/// accepted connection is still queued traps inside NIO ("Deinited NIOAsyncWriter without calling
/// finish()", swift-nio issue 3481), which killed the whole test process. If a connection is
/// still open after a grace period (a route that hangs on purpose), the task is cancelled then;
/// by that time the listening socket is closed and nothing new can be queued.
///
/// The server's tasks (its connections and every route's handler) run on a thread of its own
/// (`ThreadExecutor`), not on Swift's cooperative pool, which the tests under way share: a test
/// that keeps the pool busy must not keep the other tests' servers from answering (issue 32.1).
public func withLocalServer<Builder: HTTPResponderBuilder, T: Sendable>(
    router: Builder,
    host: String = "127.0.0.1",
    server: HTTPServerBuilder = .http1(),
    _ body: @Sendable (_ port: Int) async throws -> T
) async throws -> T where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    var logger = Logger(label: "test-server")
    logger.logLevel = .critical
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname(host, port: 0)),
        onServerRunning: { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        },
        logger: logger
    )
    let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
    let thread = ThreadExecutor()
    defer { thread.stop() }
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask(executorPreference: thread) { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            group.cancelAll()
            throw LocalServerError.noPort(host)
        }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(port))
        } catch {
            outcome = .failure(error)
        }
        await services.triggerGracefulShutdown()
        group.addTask {
            try? await Task.sleep(for: .seconds(5))
            throw CancellationError()
        }
        // The first task to finish: the server, stopped gracefully, or the grace period.
        _ = try? await group.next()
        group.cancelAll()
        return try outcome.get()
    }
}

/// The server could not report the port it listens on.
public enum LocalServerError: Error, CustomStringConvertible {
    case noPort(String)

    public var description: String {
        switch self {
        case .noPort(let host): return "the test server on \(host) did not start"
        }
    }
}
