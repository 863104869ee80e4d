import InfinilistCore

/// Page-number and offset APIs (`?page={page}`, `?offset={offset}&limit={limit}`): the next request
/// is computed from counters, and an empty page is the end (issue 2's rule; issue 3 adds `has_more`,
/// totals and the like).
struct PageCounterStyle: PaginationStyle {
    let template: URLTemplate
    let firstPage: Int
    let pageSize: Int

    var name: String {
        template.placeholders.contains(.page) ? "page numbers from \(firstPage)" : "offsets"
    }

    func firstKey() -> PageKey { PageKey(page: firstPage, offset: 0) }

    func url(for key: PageKey) -> String { key.url ?? template.url(for: key, limit: pageSize) }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        if response.items.isEmpty { return .end(EndReason("end of list (page \(key.page) is empty)")) }
        return .page(key.advanced(by: response.items.count))
    }
}
