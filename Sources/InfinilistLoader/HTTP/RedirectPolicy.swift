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
}
