import Foundation
import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that plays a proxy gone wrong, for what tinyproxy cannot do: it
/// answers the request for a tunnel (CONNECT) with 407 and closes, closes without a word, or
/// sends bytes that are not HTTP. Written on raw NIO channels, like `RawServer`; it counts the
/// connections it was given, so a test sees whether a request was sent again.
enum BrokenProxyBehaviour: Sendable, CaseIterable {
    /// Reads the CONNECT, answers 407 Proxy Authentication Required, closes.
    case answer407ThenClose
    /// Answers a bare 407 (no Content-Length: its body runs to the close) as soon as a
    /// connection is accepted, before the CONNECT arrives, and closes.
    case answer407AtOnce
    /// Closes each connection as soon as it is accepted.
    case closeAtOnce
    /// Reads the CONNECT, writes bytes that are not HTTP, closes.
    case garbage
}

/// Runs `body` with a broken proxy; `body` gets its port and its connection counter.
func withBrokenProxy<T: Sendable>(
    _ behaviour: BrokenProxyBehaviour,
    _ body: @Sendable (_ port: Int, _ connections: LockedList<String>) async throws -> T
) async throws -> T {
    let connections = LockedList<String>()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(BrokenProxyHandler(behaviour: behaviour, connections: connections))
            }
        }
        .bind(host: "127.0.0.1", port: 0)
        .get()
    let port = channel.localAddress?.port ?? 0
    do {
        let result = try await body(port, connections)
        try await channel.close()
        return result
    } catch {
        try? await channel.close()
        throw error
    }
}

private final class BrokenProxyHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let behaviour: BrokenProxyBehaviour
    let connections: LockedList<String>

    init(behaviour: BrokenProxyBehaviour, connections: LockedList<String>) {
        self.behaviour = behaviour
        self.connections = connections
    }

    func channelActive(context: ChannelHandlerContext) {
        connections.append("accepted")
        switch behaviour {
        case .closeAtOnce: context.close(promise: nil)
        case .answer407AtOnce:
            context.writeAndFlush(NIOAny(ByteBuffer(string: "HTTP/1.1 407 Proxy Authentication Required\r\n\r\n")), promise: nil)
            context.close(promise: nil)
        case .answer407ThenClose, .garbage: break
        }
    }

    private func answer407(context: ChannelHandlerContext) {
        let answer = "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        context.writeAndFlush(NIOAny(ByteBuffer(string: answer)), promise: nil)
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch behaviour {
        case .closeAtOnce, .answer407AtOnce:
            context.close(promise: nil)
        case .answer407ThenClose:
            answer407(context: context)
        case .garbage:
            context.writeAndFlush(NIOAny(ByteBuffer(string: "SPDY/9 banana\r\nnot: http at all\r\n\r\n")), promise: nil)
            context.close(promise: nil)
        }
    }
}
