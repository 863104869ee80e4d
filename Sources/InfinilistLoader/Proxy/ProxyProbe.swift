import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Finds out whether a connection that broke before any answer broke at the proxy. Through a
/// proxy, AsyncHTTPClient reports a proxy that closes at once, or answers the tunnel request
/// with bytes that are not HTTP, exactly as it reports the origin doing so behind an open
/// tunnel, so the message blamed the origin, which was never reached. After such a failure this
/// asks the proxy once more for the tunnel, by hand, and reads only the head of its answer: no
/// answer, not HTTP, or a refusal is the proxy's failure; a 2xx means the tunnel opens and the
/// failure was the origin's (nil). A tunnel the client saw refused (`invalidProxyResponse`,
/// which keeps no status) is asked for again too, so the message names the proxy's status.
enum ProxyProbe {
    /// What the proxy did with a request for a tunnel.
    enum Answer: Equatable {
        /// It answered with this status (2xx: the tunnel opened).
        case status(Int)
        /// It closed the connection before a complete head.
        case closed
        /// Its first bytes are not an HTTP status line.
        case notHTTP
        /// No head within the limit, or no connection at all (said by the original error).
        case unknown
    }

    /// The `PageLoadError` naming the proxy, or nil when `error` is not a connection that broke
    /// before an answer, or the proxy opens the tunnel (or cannot be asked): then `error` stands.
    static func diagnose(_ error: any Error, proxy: ProxyServer, origin: WebOrigin, limit: Duration) async -> PageLoadError? {
        guard brokeBeforeAnswer(error) else { return nil }
        let name = "the proxy \(proxy.shown) (\(proxy.source))"
        let target = "a tunnel to \(origin.displayHost)"
        switch await ask(proxy: proxy, origin: origin, limit: limit) {
        case .unknown:
            return nil
        case .status(let status) where (200...299).contains(status):
            return nil
        case .status(407):
            return ProxyFailure.authenticationRequired(proxy: proxy)
        case .status(let status):
            return ProxyFailure.tunnelRefused(status: status, proxy: proxy, origin: origin)
        case .closed:
            var failure = PageLoadError(.connection, "\(name) closed the connection before answering the request for \(target)")
            failure.beforeAnswer = true
            return failure
        case .notHTTP:
            return PageLoadError(.connection, "\(name) answered the request for \(target) with something that is not HTTP (is it an HTTP proxy?)")
        }
    }

    /// The errors that read "closed the connection before answering", "was not valid HTTP" or
    /// "reset": the ones the proxy may have caused without the client saying so.
    private static func brokeBeforeAnswer(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError: return error == .remoteConnectionClosed || error == .invalidProxyResponse
        case is HTTPParserError: return true
        case let error as ChannelError:
            switch error {
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed: return true
            default: return false
            }
        case let error as IOError: return [ECONNRESET, EPIPE].contains(error.errnoCode)
        default: return isPrivateToTheClient(error)
        }
    }

    /// An error of a type AsyncHTTPClient keeps to itself: its proxy handler fails the tunnel
    /// with a private `NoResult` when it is removed before it saw the proxy close (a race: the
    /// same closing proxy is reported as `remoteConnectionClosed` on other runs). Nothing else
    /// tells it apart, so the module of its type does; the probe then asks the proxy itself.
    private static func isPrivateToTheClient(_ error: any Error) -> Bool {
        String(reflecting: type(of: error)).hasPrefix("AsyncHTTPClient.")
    }

    /// Sends `CONNECT host:port` (with the proxy's credentials, as the client does) and reads
    /// the answer's head, at most 8 KiB, within `limit`.
    static func ask(proxy: ProxyServer, origin: WebOrigin, limit: Duration) async -> Answer {
        let bare = origin.host.hasPrefix("[") ? String(origin.host.dropFirst().dropLast()) : origin.host
        let authority = (bare.contains(":") ? "[\(bare)]" : bare) + ":\(origin.port)"
        var request = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let credentials = proxy.credentials { request += "Proxy-Authorization: \(credentials.basicAuthorization)\r\n" }
        request += "\r\n"
        let received = HeadCollector()
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(limit))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(received) }
                }
                .connect(host: proxy.host, port: proxy.port)
                .get()
            // A write the proxy has already closed against fails; what it sent first is still read.
            channel.writeAndFlush(ByteBuffer(string: request), promise: nil)
            let timer = channel.eventLoop.scheduleTask(in: TimeAmount(limit)) {
                received.markTimedOut()
                channel.close(promise: nil)
            }
            try? await channel.closeFuture.get()
            timer.cancel()
        } catch {
            return .unknown
        }
        return received.answer
    }

    /// Reads bytes until the end of a head (then closes the channel), a close, or 8 KiB.
    private final class HeadCollector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        private let state = Mutex<(bytes: [UInt8], complete: Bool, timedOut: Bool)>(([], false, false))

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            let done = state.withLock { state in
                state.bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
                state.complete = state.bytes.count >= 8192 || state.bytes.firstRange(of: Array("\r\n\r\n".utf8)) != nil
                return state.complete || !Self.startsLikeHTTP(state.bytes)
            }
            if done { context.close(promise: nil) }
        }

        func markTimedOut() { state.withLock { $0.timedOut = true } }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }

        var answer: Answer {
            state.withLock { state in
                if !Self.startsLikeHTTP(state.bytes) { return .notHTTP }
                guard state.complete else { return state.timedOut ? .unknown : .closed }
                // `HTTP/1.1 407 Reason`: the three digits after the first space.
                let line = state.bytes.prefix { $0 != UInt8(ascii: "\r") }
                let words = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
                guard words.count >= 2, words[1].count == 3, let status = Int(String(decoding: words[1], as: UTF8.self)) else { return .notHTTP }
                return .status(status)
            }
        }

        /// Whether `bytes` can be the start of `HTTP/1.x `.
        private static func startsLikeHTTP(_ bytes: [UInt8]) -> Bool {
            let prefix = Array("HTTP/1.".utf8)
            let count = min(bytes.count, prefix.count)
            return Array(bytes.prefix(count)) == Array(prefix.prefix(count))
        }
    }
}
