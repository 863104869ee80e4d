import Foundation
import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that answers the way no HTTP server should: garbage, a connection
/// closed before or in the middle of an answer, a reset, or nothing at all. Hummingbird cannot
/// misbehave like this, so these answers are written by hand on raw NIO channels.
enum RawBehaviour: Sendable, CaseIterable {
    /// Reads the request, writes bytes that are not HTTP, closes.
    case garbage
    /// Reads the request and closes without a word.
    case closeBeforeAnswer
    /// Sends a head promising 100 bytes and half a body, then closes.
    case closeMidAnswer
    /// Reads the request and resets the connection (SO_LINGER 0, then close: an RST).
    case reset
    /// Accepts and never says anything (for a TLS handshake that never completes).
    case silent
}

/// Runs `body` with a raw server behaving as `behaviour`; `body` gets the port.
func withRawServer<T: Sendable>(_ behaviour: RawBehaviour, _ body: @Sendable (Int) async throws -> T) async throws -> T {
    let group = MultiThreadedEventLoopGroup.singleton
    let channel = try await ServerBootstrap(group: group)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(RawHandler(behaviour: behaviour))
            }
        }
        .bind(host: "127.0.0.1", port: 0)
        .get()
    let port = channel.localAddress?.port ?? 0
    do {
        let result = try await body(port)
        try await channel.close()
        return result
    } catch {
        try? await channel.close()
        throw error
    }
}

/// A free port with nothing listening on it: bound, then closed at once.
func closedPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
}

private final class RawHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let behaviour: RawBehaviour

    init(behaviour: RawBehaviour) { self.behaviour = behaviour }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch behaviour {
        case .silent:
            return
        case .garbage:
            write("SPDY/9 banana\r\nnot: http at all\r\n\r\n", context: context, thenClose: true)
        case .closeBeforeAnswer:
            context.close(promise: nil)
        case .closeMidAnswer:
            write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"items\": [{\"title\": \"half", context: context, thenClose: true)
        case .reset:
            // SO_LINGER with a zero timeout makes close() send an RST instead of a FIN.
            let channel = context.channel
            guard let provider = channel as? SocketOptionProvider else {
                channel.close(promise: nil)
                return
            }
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Small enough to be written at once, so the close that follows does not cut it off.
    private func write(_ text: String, context: ChannelHandlerContext, thenClose: Bool) {
        context.writeAndFlush(NIOAny(ByteBuffer(string: text)), promise: nil)
        if thenClose { context.close(promise: nil) }
    }
}
