import InfinilistCore

/// Finds the next-page URL in a response body: the field given with `--next PATH`, or the first
/// of the places common APIs use (DRF `next`, JSON:API `links.next` as a string or `{href}`, HAL
/// `_links.next.href`, Laravel `next_page_url`, Facebook `paging.next`, OData `@odata.nextLink`,
/// ...). Detection happens on the first page; later pages read the field that was found then.
enum NextLinkDetection {
    /// Where next links live, in the order they are tried.
    static let candidates: [JSONPath] = [
        FieldPaths.path("next"),
        FieldPaths.path("links", "next"),
        FieldPaths.path("_links", "next"),
        FieldPaths.path("next_page_url"),
        FieldPaths.path("nextPageUrl"),
        FieldPaths.path("paging", "next"),
        FieldPaths.path("pagination", "next"),
        FieldPaths.path("pagination", "next_url"),
        FieldPaths.path("pagination", "next_link"),
        FieldPaths.path("meta", "next"),
        FieldPaths.path("meta", "pagination", "links", "next"),
        FieldPaths.path("info", "next"),
        FieldPaths.path("@odata.nextLink"),
        FieldPaths.path("nextLink"),
        FieldPaths.path("next_link"),
        FieldPaths.path("next_url"),
        FieldPaths.path("nextUrl"),
        FieldPaths.path("next_href"),
    ]

    /// What a body says at one path.
    enum Reading: Equatable {
        /// A link (as written; resolve it against the response URL).
        case link(String)
        /// The field is there but holds no link: `null`, `""`, `false`, or something else.
        case noLink(String)
        /// The field is not there at all.
        case missing
    }

    /// The link at `path`: a string, or an object's `href` (JSON:API link objects, HAL). With
    /// `strict`, a string must also look like a link (auto-detection must not take a cursor for
    /// a URL).
    static func read(_ path: JSONPath, in body: JSONValue, strict: Bool = false) -> Reading {
        guard let value = body[path] else { return .missing }
        let text: String?
        switch value {
        case .string(let string): text = string
        case .object(let members): text = members["href"]?.stringValue
        case .null, .bool, .number, .array: text = nil
        }
        guard let text, !PagingText.trimmed(text).isEmpty else {
            if case .object = value { return .noLink("an object without href") }
            return .noLink(value.briefDescription)
        }
        if strict, !NextURL.looksLikeLink(text) { return .noLink("\(value.briefDescription), not a link") }
        return .link(text)
    }

    /// The first candidate that holds a link on this page, if any.
    static func detect(in body: JSONValue) -> (path: JSONPath, link: String)? {
        for path in candidates {
            if case .link(let link) = read(path, in: body, strict: true) { return (path, link) }
        }
        return nil
    }

    /// The first candidate that is present without a link (`"next": null` on a one-page list), to
    /// explain a stop; nil when none is there.
    static func emptyCandidate(in body: JSONValue) -> (path: JSONPath, said: String)? {
        for path in candidates {
            if case .noLink(let said) = read(path, in: body, strict: true) { return (path, said) }
        }
        return nil
    }
}
