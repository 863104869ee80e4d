/// Which redirects `HTTPFetcher` follows: at most `maxRedirects` per request, only to http and
/// https URLs that `RequestURL` accepts, and never from https down to http unless
/// `--allow-insecure-redirect` says so (a downgrade would expose the request, and any trusted
/// credentials, to the network).
struct RedirectPolicy: Sendable {
    let maxRedirects: Int
    let allowInsecure: Bool

    /// The URL to follow for a `Location` header received from `current`, or the reason it is
    /// refused (not retried: the same server would send the same location).
    func target(_ location: String, from current: RequestURL, label: String) throws(PageLoadError) -> RequestURL {
        let host = current.origin.displayHost
        let target: RequestURL
        switch URLReference.resolve(location, against: current.text) {
        case .success(let resolved):
            target = resolved
        case .failure(let problem):
            if case .scheme(let scheme?) = problem.part {
                throw PageLoadError(.redirect, "\(label): refused redirect from \(host) to a \(OneLine.clean(scheme, maxCharacters: 20)): URL (only http and https)")
            }
            let shown = PagingText.quoted(URLText.masked(location), max: 120)
            throw PageLoadError(.redirect, "\(label): \(host) redirected to \(shown), which \(problem.reason)")
        }
        if current.origin.scheme == "https", target.origin.scheme == "http", !allowInsecure {
            throw PageLoadError(
                .redirect,
                "\(label): refused redirect from https to http (\(OneLine.clean(target.shown, maxCharacters: 120))); --allow-insecure-redirect permits it"
            )
        }
        return target
    }

    /// The request a redirect leads to: 307 and 308 repeat it (method and body) at the new URL;
    /// 301, 302 and 303 become a GET without a body, as browsers and curl do (a GET stays a GET).
    static func follow(_ request: SourceRequest, status: Int, to url: String) -> SourceRequest {
        var next = request
        next.url = url
        if status != 307, status != 308, request.method != "GET", request.method != "HEAD" {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { $0.name.lowercased() == "content-type" }
        }
        return next
    }
}
