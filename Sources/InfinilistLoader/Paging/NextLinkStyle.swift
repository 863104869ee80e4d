import InfinilistCore

/// URLs without paging placeholders: the server says where the next page is. In this order: an
/// RFC 8288 `Link` header with `rel="next"` (GitHub, GitLab, Mastodon, Shopify), a next link in
/// the body (`--next PATH`, or `NextLinkDetection`: DRF, JSON:API, HAL, Spring Data REST, PokeAPI),
/// else the URL is a single page. What the first response used is kept in the key, so later pages
/// are read the same way and the end reason names it ("no rel=next", "no next link (next is null)").
///
/// The link is the authority: empty pages with a link are followed (Mastodon ends with `[]`), a
/// link that comes back is caught by `Pager`'s loop guard. Next links may be relative, carry URI
/// templates (`{&sort}`), or point at another path or host.
struct NextLinkStyle: PaginationStyle {
    let template: URLTemplate
    let pageSize: Int
    /// Next-link APIs number nothing themselves; `{page}` would count from 1.
    var firstPage: Int { 1 }
    /// `--next PATH`; nil detects.
    let nextPath: JSONPath?
    var bodyPlaceholders: [URLTemplate.Placeholder] = []

    var name: String {
        if let nextPath { return "next links at --next \(nextPath)" }
        return "next links (no paging placeholder in the URL: Link rel=next, else a next link in the body)"
    }

    var repeatReason: EndReason? { EndReason("next link repeated an earlier one") }
    var pinnedPaths: [JSONPath] { nextPath.map { [$0] } ?? [] }
    var pagesMoveWhenItemsArrive: Bool { true }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        if let reason = MoreFlags.end(in: response.body) { return .end(reason) }
        let via: PageKey.Via
        var notes: [String] = []
        if let pinned = key.via {
            via = pinned
        } else if let nextPath {
            via = .field(nextPath.description)
        } else if LinkHeader.next(in: response.headers) != nil {
            via = .linkHeader
            notes.append("following Link rel=next")
        } else if let found = NextLinkDetection.detect(in: response.body) {
            via = .field(found.path.description)
            notes.append("following the next link at \(found.path) (auto-detected; --next PATH to choose another field)")
        } else {
            return .end(EndReason(singlePageReason(response)), notes: singlePageHints(response))
        }
        let href: String
        switch via {
        case .linkHeader:
            guard let target = LinkHeader.next(in: response.headers) else { return .end(EndReason("no rel=next"), notes: notes) }
            href = target
        case .field(let text):
            guard let path = FieldPaths.parse(text) else { return .end(EndReason("cannot read the field \(text)"), notes: notes) }
            switch NextLinkDetection.read(path, in: response.body) {
            case .link(let link): href = link
            case .noLink(let said): return .end(EndReason("no next link (\(path) is \(said))"), notes: notes)
            case .missing: return .end(EndReason("no next link (\(path) is missing)"), notes: notes)
            }
        }
        let url: String
        switch NextURL.check(href, against: response.url) {
        case .success(let checked): url = checked
        case .failure(let problem): return .end(EndReason(stoppedShort: NextURL.refusal(href, from: via.description, problem: problem)), notes: notes)
        }
        var next = key.advanced(by: response.items.count)
        next.url = url
        next.via = via
        return .page(next, notes: notes)
    }

    private func singlePageReason(_ response: PageResponse) -> String {
        if let (path, said) = NextLinkDetection.emptyCandidate(in: response.body) {
            return "no next link (\(path) is \(said))"
        }
        if let hint = Self.pageNumberHint(response) { return "single page, but \(hint)" }
        return "single page: no Link rel=next and no next link in the body"
    }

    /// A page-numbered API given without `{page}` (Algolia answers `page` and `nbPages`): what to
    /// put in the URL, said where the list ends, not only under -v.
    static func pageNumberHint(_ response: PageResponse) -> String? {
        guard let (pages, source) = PageCount.totalPages(in: response), pages > 1 else { return nil }
        let zeroBased = response.body[FieldPaths.path("page")].flatMap(TotalCount.count(of:)) == 0
        return "the answer says there are \(Counted.text(pages, "page", grouped: true)) (\(source)): put {page} in the URL (e.g. &page={page})"
            + (zeroBased ? " with --first-page 0 (its pages count from 0)" : "") + " to read them all"
    }

    /// When a single page has a cursor, the user probably wants `{cursor}` in the URL.
    private func singlePageHints(_ response: PageResponse) -> [String] {
        guard let (path, reading) = CursorDetection.detect(in: response.body), case .cursor = reading else { return [] }
        return ["the response has a cursor at \(path): put it in the URL with {cursor} (e.g. &cursor={cursor}) to page through it"]
    }
}
