import InfinilistCore

/// A URL without placeholders: one request, one page. (Issue 3 replaces this with following the
/// `Link` header or a next link in the body.)
struct SingleRequestStyle: PaginationStyle {
    let template: URLTemplate

    var name: String { "a single request (no placeholder in the URL)" }

    func firstKey() -> PageKey { PageKey(page: 1, offset: 0) }

    func url(for key: PageKey) -> String { key.url ?? template.text }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        .end(EndReason("end of list (single request: the URL has no {page} placeholder)"))
    }
}
