/// Scheme, host and port of a URL: credentials given with `-H` are only sent to the starting URL's
/// origin, and the host is what error messages name.
struct WebOrigin: Sendable, Hashable {
    let scheme: String
    /// Lowercased; an IPv6 address keeps its brackets (`[::1]`).
    let host: String
    let port: Int

    init(scheme: String, host: String, port: Int) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// The origin of a URL that `RequestURL` accepts; nil for any other.
    init?(_ urlString: String) {
        guard case .success(let url) = RequestURL.parse(urlString) else { return nil }
        self = url.origin
    }

    /// `example.com`, or `127.0.0.1:8080` when the port is not the scheme's default.
    var displayHost: String {
        port == (scheme == "https" ? 443 : 80) ? host : "\(host):\(port)"
    }
}
