/// Whether the requests of a run go through a proxy, and which: decided once, for the starting
/// URL's origin, with curl's rules. `--proxy` wins over the environment; otherwise `https_proxy`
/// (then `HTTPS_PROXY`) for https, `http_proxy` for http (never upper-case `HTTP_PROXY`, which a
/// CGI program can receive from a request's `Proxy:` header), then `all_proxy`/`ALL_PROXY`. An
/// empty value is no proxy. `--noproxy` (else `no_proxy`/`NO_PROXY`) names hosts that bypass it;
/// `--noproxy ''` lets none bypass.
enum ProxyChoice {
    struct Decision: Sendable {
        let server: ProxyServer?
        /// For `-v`: which proxy and why, or why none; nil when no proxy is configured at all.
        let note: String?
    }

    static func decide(
        for origin: WebOrigin,
        proxyFlag: String?,
        noProxyFlag: String?,
        environment: [String: String]
    ) throws(SourceOptionError) -> Decision {
        let candidates: [(name: String, value: String?)]
        if let proxyFlag {
            candidates = [("--proxy", proxyFlag)]
        } else {
            let names = origin.scheme == "https"
                ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
                : ["http_proxy", "all_proxy", "ALL_PROXY"]
            candidates = names.map { ($0, environment[$0]) }
        }
        guard let (source, text) = candidates.first(where: { $0.value?.isEmpty == false }).map({ ($0.name, $0.value ?? "") }) else {
            return Decision(server: nil, note: nil)
        }
        let server = try ProxyServer.parse(text, source: source)
        let noProxySource = noProxyFlag != nil ? "--noproxy" : (environment["no_proxy"] != nil ? "no_proxy" : "NO_PROXY")
        let list = try NoProxyList(noProxyFlag ?? environment["no_proxy"] ?? environment["NO_PROXY"] ?? "", source: noProxySource)
        if list.bypasses(origin) {
            return Decision(server: nil, note: "not using the proxy \(server.shown) (\(source)) for \(origin.displayHost): \(noProxySource) lists it")
        }
        return Decision(server: server, note: "via proxy \(server.shown) (\(source))")
    }
}
