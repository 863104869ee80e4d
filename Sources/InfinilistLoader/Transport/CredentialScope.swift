/// Which servers receive the user's `-H` headers (tokens, cookies).
///
/// By default only the origin (scheme, host, port) of the starting URL: a next link or redirect to
/// another host gets no credentials, so a compromised or careless API cannot make infinilist hand
/// a token to a third party. `--trust-hosts` widens this, as curl's `--location-trusted` does:
/// `api.example.com` (any port), `api.example.com:8443`, `*.example.com` (subdomains) or `*`
/// (every host). Credentials that started on https are never sent over plain http, trusted or not.
struct CredentialScope: Sendable {
    /// One `--trust-hosts` entry.
    struct Pattern: Sendable, Equatable {
        /// A host name, or `*.suffix` for subdomains, or `*` for every host; lowercased.
        let host: String
        let port: Int?

        func matches(_ origin: WebOrigin) -> Bool {
            if let port, port != origin.port { return false }
            if host == "*" { return true }
            if host.hasPrefix("*.") { return origin.host.hasSuffix(host.dropFirst(1)) }
            return origin.host == host
        }
    }

    let origin: WebOrigin
    let trusted: [Pattern]

    /// - Parameter trustedHosts: `--trust-hosts` entries, each already split at commas or not.
    init(origin: WebOrigin, trustedHosts: [String]) throws(SourceOptionError) {
        self.origin = origin
        var patterns: [Pattern] = []
        for list in trustedHosts {
            for entry in list.split(separator: ",") {
                patterns.append(try Self.pattern(String(entry).trimmingASCIISpaces()))
            }
            if list.split(separator: ",").isEmpty { throw SourceOptionError("--trust-hosts needs at least one host") }
        }
        self.trusted = patterns
    }

    /// Whether a request to `target` may carry the `-H` headers.
    func allows(_ target: WebOrigin) -> Bool {
        if target == origin { return true }
        if origin.scheme == "https" && target.scheme != "https" { return false }
        return trusted.contains { $0.matches(target) }
    }

    private static func pattern(_ entry: String) throws(SourceOptionError) -> Pattern {
        let shown = OneLine.clean(entry, maxCharacters: 80)
        guard !entry.isEmpty else { throw SourceOptionError("--trust-hosts has an empty entry") }
        var host = Substring(entry.lowercased())
        var port: Int?
        if let colon = host.lastIndex(of: ":") {
            let digits = host[host.index(after: colon)...]
            // Digits only, counted first: Int() alone would take "+80" and overflow on long runs.
            guard digits.count <= 5, digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits), (1...65535).contains(number) else {
                throw SourceOptionError("--trust-hosts: bad port in '\(shown)' (expected host or host:port)")
            }
            port = number
            host = host[..<colon]
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-_")
        let name = host.hasPrefix("*.") ? host.dropFirst(2) : host
        guard host == "*" || (!name.isEmpty && name.allSatisfy({ allowed.contains($0) }) && !name.hasPrefix(".") && !name.contains(".."))
        else {
            throw SourceOptionError("--trust-hosts: '\(shown)' is not a host name (expected e.g. api.example.com, *.example.com or host:8080)")
        }
        return Pattern(host: String(host), port: port)
    }
}
