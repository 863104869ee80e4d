/// Turns a next link as a server wrote it into an absolute URL to request: relative references
/// resolve against the URL that returned them (HAL's `_links.next.href` is often `/orders?page=2`),
/// and RFC 6570 template expressions left in an href (Spring Data REST's `…&size=20{&sort}`,
/// `…/orders{?page,size}`) are removed, since infinilist has no values for them. The result is
/// checked as a `RequestURL`: a next link with a port above 65535, no host or a space ends the
/// walk with a reason instead of reaching the HTTP client.
enum NextURL {
    /// The absolute URL to request for `href` (as `RequestURL` normalises it: no user name or
    /// password, no fragment), or why there is none.
    static func check(_ href: String, against base: String) -> Result<String, URLProblem> {
        URLReference.resolve(strippingTemplates(from: href), against: base).map(\.text)
    }

    /// `check`'s URL, or nil.
    static func resolve(_ href: String, against base: String) -> String? {
        try? check(href, against: base).get()
    }

    /// The end reason for a next link that cannot be followed:
    /// "the next link 'http://…:70000/x' (Link rel=next) has port 70000; ports go up to 65535".
    static func refusal(_ href: String, from place: String, problem: URLProblem) -> String {
        "the next link \(PagingText.quoted(URLText.masked(href), max: 120)) (\(place)) \(problem.reason)"
    }

    /// `href` without `{…}` expressions. An unclosed `{` is kept as written (it is then just text
    /// that the URL parser will encode or reject).
    static func strippingTemplates(from href: String) -> String {
        var out = ""
        var rest = Substring(href)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Whether a string found in a body looks like a link rather than an opaque cursor: an
    /// http(s) URL, or a reference starting with `/`, `?`, `./` or `../`. Used by auto-detection
    /// only; a field named with `--next` is always taken as a link.
    static func looksLikeLink(_ text: String) -> Bool {
        let value = PagingText.trimmed(text).lowercased()
        return value.hasPrefix("http://") || value.hasPrefix("https://") || value.hasPrefix("/")
            || value.hasPrefix("?") || value.hasPrefix("./") || value.hasPrefix("../")
    }
}
