import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// Words for a failure below HTTP, the one place where AsyncHTTPClient's, NIO's and TLS errors
/// are told apart by type. Their own descriptions ("stream ended at an unexpected time", "invalid
/// constant string", "I/O on closed channel") name parser states and syscalls; the footer row says
/// what happened and which limit was hit, in words a user can act on.
enum TransportFailure {
    /// Where in the exchange the error came: before the response head, or while its body arrived.
    enum Phase: Sendable {
        case beforeAnswer
        case readingBody
    }

    /// The time limits in force, to say which one was hit.
    struct Limits: Sendable {
        /// `--timeout`: the whole exchange, and the longest silence while reading.
        let timeout: Duration
        /// Connecting, TLS handshake included.
        let connectTimeout: Duration
        /// The proxy every connection goes to, if any: connection failures name it, not the origin.
        var proxy: ProxyServer? = nil
        /// `--max-page-bytes`, which the client's decompression limit enforces on gzip and deflate.
        var maxPageBytes = 0
    }

    /// The `PageLoadError` for `error`, or `CancellationError` when the request was cancelled.
    /// `label` names the page ("page 2") where the message is about its body.
    static func pageError(for error: any Error, origin: WebOrigin, phase: Phase, limits: Limits, label: String = "the answer") -> any Error {
        if error is CancellationError { return CancellationError() }
        if let error = error as? PageLoadError { return error }
        if let failure = decompressionFailure(error, label: label, host: origin.displayHost, limits: limits) { return failure }
        guard let (kind, text) = describe(error, origin: origin, phase: phase, limits: limits) else { return CancellationError() }
        var failure = PageLoadError(kind, text)
        failure.beforeAnswer = phase == .beforeAnswer && (kind == .connection || isConnectTimeout(error))
        return failure
    }

    /// Whether `error` is the connection limit running out: no connection was made, so nothing
    /// was sent.
    private static func isConnectTimeout(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError:
            return [.connectTimeout, .getConnectionFromPoolTimeout, .tlsHandshakeTimeout].contains(error)
        case let error as ChannelError:
            if case .connectTimeout = error { return true }
            return false
        case let error as NIOConnectionError:
            return error.connectionErrors.first.map { isConnectTimeout($0.error) } ?? false
        default:
            return false
        }
    }

    /// What happened, or nil for a cancellation.
    static func describe(_ error: any Error, origin: WebOrigin, phase: Phase, limits: Limits) -> (PageLoadError.Kind, String)? {
        if let proxy = limits.proxy {
            if let failure = ProxyFailure.describe(error, proxy: proxy, origin: origin, limits: limits) { return failure }
            // The origin's failure, behind a tunnel that opened: said as without a proxy, and
            // which proxy the request went through (`-v`'s note comes only with a loaded page).
            var direct = limits
            direct.proxy = nil
            return describe(error, origin: origin, phase: phase, limits: direct).map { ($0.0, $0.1 + " (via the proxy \(proxy.shown))") }
        }
        let host = origin.displayHost
        let timeout = HTTPFetcher.seconds(limits.timeout)
        // AsyncHTTPClient times a waiting request out with the connection limit too, usually just
        // before its TLS handshake timer fires, so on https a stalled handshake reads as this.
        let connectTimedOut = "could not connect to \(host) within the connection limit of \(HTTPFetcher.seconds(limits.connectTimeout))"
            + (origin.scheme == "https" ? " (TCP connection and TLS handshake)" : "")
        let closed = phase == .beforeAnswer
            ? "\(host) closed the connection before answering"
            : "\(host) closed the connection in the middle of its answer"
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .cancelled: return nil
            case .deadlineExceeded: return (.timeout, "no complete answer from \(host) within the --timeout of \(timeout)")
            case .readTimeout: return (.timeout, "\(host) went silent for the --timeout of \(timeout)")
            case .writeTimeout: return (.timeout, "could not send the request to \(host) within the --timeout of \(timeout)")
            case .connectTimeout, .getConnectionFromPoolTimeout: return (.timeout, connectTimedOut)
            case .tlsHandshakeTimeout:
                return (.timeout, "the TLS handshake with \(host) timed out (the connection limit is \(HTTPFetcher.seconds(limits.connectTimeout)))")
            case .remoteConnectionClosed: return (.connection, closed)
            case .bodyLengthMismatch: return (.connection, "the answer from \(host) did not match its Content-Length")
            case .invalidURL, .emptyHost, .emptyScheme: return (.invalidURL, "the HTTP library cannot request this URL on \(host)")
            default: return (.connection, "the request to \(host) failed: \(OneLine.clean(String(describing: error), maxCharacters: 100))")
            }
        case let error as HTTPParserError:
            switch error {
            case .invalidEOFState: return (.connection, closed)
            case .headerOverflow: return (.connection, "\(host) sent more headers than can be read")
            default: return (.connection, "the answer from \(host) was not valid HTTP")
            }
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return (.timeout, connectTimedOut)
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed: return (.connection, closed)
            default: return (.connection, "the connection to \(host) failed: \(OneLine.clean(String(describing: error), maxCharacters: 100))")
            }
        case let error as IOError:
            return describe(errno: error.errnoCode, host: host, closed: closed, phase: phase)
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first {
                return describe(first.error, origin: origin, phase: phase, limits: limits)
            }
            return (.connection, "cannot find the host \(host) (its name did not resolve to an address)")
        case is SocketAddressError:
            return (.connection, "cannot find the host \(host) (its name did not resolve to an address)")
        case let error as NIOSSLError:
            switch error {
            case .uncleanShutdown: return (.connection, closed)
            case .handshakeFailed:
                return (.connection, "the TLS handshake with \(host) failed (it may not speak TLS on this port, or its certificate is not trusted)")
            default: return (.connection, "the TLS connection to \(host) failed: \(OneLine.clean(String(describing: error), maxCharacters: 100))")
            }
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return (.certificate, "the TLS certificate of \(host) is for another host name; use a host name it names, or -k skips checking (unsafe)")
        default:
            return (.connection, "cannot reach \(host): \(OneLine.clean(String(describing: error), maxCharacters: 120))")
        }
    }

    /// A failed system call, by its errno.
    /// A reset says when it came, as a close does: a reset in the middle of an answer (a server
    /// closing with the request's body unread sends one) must not read as one before it, which a
    /// POST may be retried after.
    private static func describe(errno code: CInt, host: String, closed: String, phase: Phase) -> (PageLoadError.Kind, String) {
        switch code {
        case ECONNRESET:
            return (.connection, "the connection was reset by \(host)" + (phase == .beforeAnswer ? " before it answered" : " in the middle of its answer"))
        case ECONNREFUSED: return (.connection, "\(host) refused the connection (nothing listening on that port?)")
        case EPIPE: return (.connection, closed)
        case ETIMEDOUT: return (.timeout, "the connection to \(host) timed out")
        case ENETUNREACH: return (.connection, "cannot reach \(host): the network is unreachable")
        case EHOSTUNREACH: return (.connection, "cannot reach \(host): no route to the host")
        default: return (.connection, "the connection to \(host) failed: \(OneLine.clean(String(cString: strerror(code)), maxCharacters: 80))")
        }
    }
}

// Decompression: gzip and deflate bodies are inflated by the client (swift-nio-extras) as they
// stream in, and its limit is `--max-page-bytes`.
extension TransportFailure {
    /// `--max-page-bytes` exceeded: `page 2 from HOST is larger than 1 MiB after decompression
    /// (--max-page-bytes); stopped reading`. Not retried: the same answer would be as large.
    static func tooLarge(label: String, host: String, limit: Int, decompressed: Bool) -> PageLoadError {
        PageLoadError(
            .tooLarge(limit: limit),
            "\(label) from \(host) is larger than \(ByteCount.text(limit))\(decompressed ? " after decompression" : "") (--max-page-bytes); stopped reading"
        )
    }

    /// The error for a body `BodyInflater` could not inflate.
    static func inflationFailure(_ failure: BodyInflater.Failure, label: String, host: String) -> PageLoadError {
        let broken = "\(label) from \(host) could not be decompressed"
        switch failure {
        case .invalid: return PageLoadError(.notJSON, "\(broken): its data is not valid gzip or deflate (Content-Encoding says otherwise)")
        case .truncated: return PageLoadError(.notJSON, "\(broken): its compressed data ends too early")
        case .trailingData: return PageLoadError(.notJSON, "\(broken): bytes follow the end of its compressed data")
        }
    }

    /// Whether `error` is the client's decompression limit (the body inflated past it).
    static func isDecompressionLimit(_ error: any Error) -> Bool {
        (error as? NIOHTTPDecompression.DecompressionError) == .limit
    }

    /// The error for a body that could not be decompressed; nil for any other error.
    static func decompressionFailure(_ error: any Error, label: String, host: String, limits: Limits) -> PageLoadError? {
        if isDecompressionLimit(error) {
            return tooLarge(label: label, host: host, limit: limits.maxPageBytes, decompressed: true)
        }
        let broken = "\(label) from \(host) could not be decompressed"
        switch error {
        case let error as NIOHTTPDecompression.DecompressionError:
            switch error {
            case .inflationError, .initializationError:
                return PageLoadError(.notJSON, "\(broken): its data is not valid gzip or deflate (Content-Encoding says otherwise)")
            case .limit:
                return nil
            }
        case let error as NIOHTTPDecompression.ExtraDecompressionError:
            if error == .truncatedData { return PageLoadError(.notJSON, "\(broken): its compressed data ends too early") }
            return PageLoadError(.notJSON, "\(broken): bytes follow the end of its compressed data")
        default:
            return nil
        }
    }
}
