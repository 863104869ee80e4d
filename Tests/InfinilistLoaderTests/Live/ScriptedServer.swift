import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A TCP server on 127.0.0.1 whose n-th connection (from 1) gets `answer(n)`, written at once,
/// and is then closed: exact bytes, such as a chunked body cut off in the middle of a value, which
/// Hummingbird cannot be made to send reliably (it may close before the last chunk is out).
func withScriptedServer<T: Sendable>(
    _ answer: @escaping @Sendable (Int) -> String,
    _ body: @Sendable (_ port: Int, _ connections: @Sendable () -> Int) async throws -> T
) async throws -> T {
    try await withScriptedServer(bytes: { Array(answer($0).utf8) }, body)
}

/// The same, with answers given as bytes (a compressed body).
func withScriptedServer<T: Sendable>(
    bytes answer: @escaping @Sendable (Int) -> [UInt8],
    _ body: @Sendable (_ port: Int, _ connections: @Sendable () -> Int) async throws -> T
) async throws -> T {
    let count = ConnectionCount()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ScriptedHandler(answer: answer(count.next())))
            }
        }
        .bind(host: "127.0.0.1", port: 0)
        .get()
    let port = channel.localAddress?.port ?? 0
    do {
        let result = try await body(port, { count.value })
        try await channel.close()
        return result
    } catch {
        try? await channel.close()
        throw error
    }
}

private final class ConnectionCount: Sendable {
    private let count = Mutex(0)
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
    var value: Int { count.withLock { $0 } }
}

private final class ScriptedHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let answer: [UInt8]

    init(answer: [UInt8]) { self.answer = answer }

    /// The request is small: its first bytes are enough to answer.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let channel = context.channel
        context.writeAndFlush(NIOAny(ByteBuffer(bytes: answer))).whenComplete { _ in channel.close(promise: nil) }
    }
}
