import Foundation

/// Which redirects `HTTPFetcher` follows: at most `maxRedirects` per request, only to http and
/// https URLs, and never from https down to http unless `--allow-insecure-redirect` says so
/// (a downgrade would expose the request, and any trusted credentials, to the network).
struct RedirectPolicy: Sendable {
    let maxRedirects: Int
    let allowInsecure: Bool

    /// The absolute URL to follow for a `Location` header received from `current`, or the reason
    /// it is refused.
    func target(_ location: String, from current: String, label: String) throws(PageLoadError) -> String {
        let origin = WebOrigin(current)
        let host = origin?.displayHost ?? "the server"
        let shown = OneLine.clean(location, maxCharacters: 120)
        guard let base = URL(string: current), let resolved = URL(string: location, relativeTo: base)?.absoluteURL else {
            throw PageLoadError(.redirect, "\(label): \(host) redirected to an unusable location \(shown)")
        }
        let scheme = resolved.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw PageLoadError(.redirect, "\(label): refused redirect from \(host) to a \(OneLine.clean(scheme, maxCharacters: 20)): URL (only http and https)")
        }
        let target = resolved.absoluteString
        guard WebOrigin(target) != nil else {
            throw PageLoadError(.redirect, "\(label): \(host) redirected to an unusable location \(shown)")
        }
        if origin?.scheme == "https", scheme == "http", !allowInsecure {
            throw PageLoadError(
                .redirect,
                "\(label): refused redirect from https to http (\(OneLine.clean(target, maxCharacters: 120))); --allow-insecure-redirect permits it"
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
