import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// Words for what goes wrong between infinilist and its proxy. With a proxy, every connection
/// is made to the proxy, so a refused or timed-out connection names the proxy, not the origin;
/// a proxy that will not open the tunnel (407, 403, 502 to CONNECT) names the proxy and the
/// origin it was asked for, and is not retried.
enum ProxyFailure {
    /// What happened, or nil when `error` is not about the proxy (the origin's own answer).
    static func describe(
        _ error: any Error,
        proxy: ProxyServer,
        origin: WebOrigin,
        limits: TransportFailure.Limits
    ) -> (PageLoadError.Kind, String)? {
        let name = "the proxy \(proxy.shown) (\(proxy.source))"
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .proxyAuthenticationRequired:
                let failure = authenticationRequired(proxy: proxy)
                return (failure.kind, failure.message)
            case .invalidProxyResponse:
                // Some proxies (tinyproxy) answer a wrong password with 401, not 407.
                if let credentials = proxy.credentials {
                    return (.proxy, "\(name) refused to open a tunnel to \(origin.displayHost) (its answer to CONNECT was not 2xx: the user name or password for \(credentials.shown) may be wrong, or it forbids that host and port (403) or cannot reach it (502))")
                }
                // Plain http is tunnelled too (AsyncHTTPClient has no absolute-form requests),
                // and many proxies open tunnels to port 443 only.
                let plainHTTP = origin.scheme == "http" ? "; http URLs are tunnelled too, which proxies that allow CONNECT only to port 443 refuse: --noproxy \(origin.host) goes straight to it" : ""
                return (.proxy, "\(name) refused to open a tunnel to \(origin.displayHost) (its answer to CONNECT was not 2xx, e.g. 403 Forbidden or 502 Bad Gateway)\(plainHTTP)")
            case .httpProxyHandshakeTimeout:
                return (.timeout, "\(name) did not open a tunnel to \(origin.displayHost) within the connection limit of \(HTTPFetcher.seconds(limits.connectTimeout))")
            case .connectTimeout, .getConnectionFromPoolTimeout:
                return (.timeout, "could not connect to \(name) within the connection limit of \(HTTPFetcher.seconds(limits.connectTimeout))")
            default:
                return nil
            }
        case let error as ChannelError:
            guard case .connectTimeout = error else { return nil }
            return (.timeout, "could not connect to \(name) within the connection limit of \(HTTPFetcher.seconds(limits.connectTimeout))")
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first {
                return connectFailure(first.error, name: name, limits: limits)
                    ?? (.connection, "cannot connect to \(name): \(OneLine.clean(String(describing: first.error), maxCharacters: 100))")
            }
            return (.connection, "cannot find \(name) (its name did not resolve to an address)")
        case is SocketAddressError:
            return (.connection, "cannot find \(name) (its name did not resolve to an address)")
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return connectFailure(error, name: name, limits: limits)
        default:
            return nil
        }
    }

    /// A status other than 2xx or 407 to CONNECT, with what it most likely means.
    static func tunnelRefused(status: Int, proxy: ProxyServer, origin: WebOrigin) -> PageLoadError {
        let name = "the proxy \(proxy.shown) (\(proxy.source))"
        let why: String
        switch status {
        case 401 where proxy.credentials != nil:
            // tinyproxy answers a wrong password with 401, not 407.
            why = ": the user name or password for \(proxy.credentials?.shown ?? "") may be wrong"
        case 401: why = ": it asks for a user name and password; give them in the proxy URL: http://user:password@\(proxy.shown)"
        case 403 where origin.scheme == "http":
            why = ": it forbids that host and port; http URLs are tunnelled too, which proxies that allow CONNECT only to port 443 refuse: --noproxy \(origin.host) goes straight to it"
        case 403: why = ": it forbids that host and port"
        case 502, 503, 504: why = ": it could not reach \(origin.displayHost)"
        default: why = ""
        }
        return PageLoadError(.proxy, "\(name) refused to open a tunnel to \(origin.displayHost) (HTTP \(status) to CONNECT\(why))")
    }

    /// A 407 to CONNECT: the proxy refused the credentials it was given (the user shown, never
    /// the password), or wants some. Not retried: the same credentials get the same answer.
    static func authenticationRequired(proxy: ProxyServer) -> PageLoadError {
        let name = "the proxy \(proxy.shown) (\(proxy.source))"
        if let credentials = proxy.credentials {
            return PageLoadError(.proxy, "\(name) refused the user name and password for \(credentials.shown) (HTTP 407 Proxy Authentication Required)")
        }
        return PageLoadError(.proxy, "\(name) asks for a user name and password (HTTP 407 Proxy Authentication Required); give them in the proxy URL: http://user:password@\(proxy.shown)")
    }

    /// A failure to connect to the proxy itself.
    private static func connectFailure(_ error: any Error, name: String, limits: TransportFailure.Limits) -> (PageLoadError.Kind, String)? {
        if let error = error as? ChannelError, case .connectTimeout = error {
            return (.timeout, "could not connect to \(name) within the connection limit of \(HTTPFetcher.seconds(limits.connectTimeout))")
        }
        guard let error = error as? IOError else { return nil }
        switch error.errnoCode {
        case ECONNREFUSED: return (.connection, "\(name) refused the connection (is the proxy running on that port?)")
        case ETIMEDOUT: return (.timeout, "the connection to \(name) timed out")
        case ENETUNREACH, EHOSTUNREACH: return (.connection, "cannot reach \(name): no route to it")
        default: return (.connection, "cannot connect to \(name): \(OneLine.clean(String(cString: strerror(error.errnoCode)), maxCharacters: 80))")
        }
    }
}
