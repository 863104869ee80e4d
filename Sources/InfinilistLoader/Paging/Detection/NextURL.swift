import Foundation

/// Turns a next link as a server wrote it into an absolute URL to request: relative references
/// resolve against the URL that returned them (HAL's `_links.next.href` is often `/orders?page=2`),
/// and RFC 6570 template expressions left in an href (Spring Data REST's `…&size=20{&sort}`,
/// `…/orders{?page,size}`) are removed, since infinilist has no values for them.
enum NextURL {
    /// The absolute http(s) URL for `href`, or nil when it cannot be one (empty, unparsable,
    /// another scheme).
    static func resolve(_ href: String, against base: String) -> String? {
        let cleaned = PagingText.trimmed(strippingTemplates(from: href))
        guard !cleaned.isEmpty, let baseURL = URL(string: base),
              let resolved = URL(string: cleaned, relativeTo: baseURL)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https",
              resolved.host?.isEmpty == false
        else { return nil }
        return resolved.absoluteString
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
