import Foundation

/// An HTTP proxy from `--proxy` or the environment (`https_proxy`, `http_proxy`, `all_proxy`…),
/// checked once: `http://[user:password@]host[:port]`. AsyncHTTPClient opens a tunnel through it
/// with CONNECT for every request, http and https alike; the user name and password go only to
/// the proxy, as Basic `Proxy-Authorization`, never to the origin.
public struct ProxyServer: Sendable, Hashable {
    /// As AsyncHTTPClient connects to it: an IPv6 address without its brackets.
    let host: String
    let port: Int
    /// The proxy's own user name and password; nil without them.
    let credentials: URLCredentials?
    /// Where it came from, for messages: `--proxy` or the environment variable's name.
    public let source: String

    /// `proxy.example.com:3128`, `[::1]:3128`: what messages and `-v` name; never a password.
    public var shown: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The port a proxy URL without one gets, as curl does.
    static let defaultPort = 1080

    /// Parses `text` (a URL, or `host:port` meaning http), naming `source` and never the password
    /// in the error.
    static func parse(_ text: String, source: String) throws(SourceOptionError) -> ProxyServer {
        let withScheme = text.contains("://") ? text : "http://" + text
        // Masked with the scheme it is read with: `user:password@host` has one too, implied.
        let masked = text.contains("://") ? URLText.masked(text) : String(URLText.masked(withScheme).dropFirst("http://".count))
        let shownText = OneLine.clean(masked, maxCharacters: 120)
        func problem(_ reason: String) -> SourceOptionError {
            SourceOptionError("the proxy URL \(shownText) in \(source) \(reason)")
        }
        let url: RequestURL
        switch RequestURL.parse(withScheme) {
        case .success(let parsed): url = parsed
        case .failure(let error): throw problem(error.reason)
        }
        guard url.origin.scheme == "http" else {
            throw problem("is https://; only http:// proxies are supported (the tunnel to an https site is still encrypted end to end)")
        }
        let afterAuthority = url.text.dropFirst("http://".count).drop(while: { $0 != "/" && $0 != "?" })
        guard afterAuthority.isEmpty || afterAuthority == "/" else {
            throw problem("has a path or query; a proxy URL is http://[user:password@]host[:port]")
        }
        let bare = url.origin.host.hasPrefix("[") ? String(url.origin.host.dropFirst().dropLast()) : url.origin.host
        let explicitPort = URLComponents(string: url.text)?.port
        return ProxyServer(host: bare, port: explicitPort ?? defaultPort, credentials: url.credentials, source: source)
    }
}
