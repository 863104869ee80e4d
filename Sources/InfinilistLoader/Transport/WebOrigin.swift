import Foundation

/// Scheme, host and port of a URL: credentials given with `-H` are only sent to the starting URL's
/// origin, and the host is what error messages name.
struct WebOrigin: Sendable, Hashable {
    let scheme: String
    let host: String
    let port: Int

    init?(_ urlString: String) {
        guard let components = URLComponents(string: urlString),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `example.com`, or `127.0.0.1:8080` when the port is not the scheme's default.
    var displayHost: String {
        port == (scheme == "https" ? 443 : 80) ? host : "\(host):\(port)"
    }
}
