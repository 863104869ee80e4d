import InfinilistCore

/// The ways page-number and offset APIs say "no more pages", checked in order after each page.
/// They are layered because APIs combine them: an empty page; `has_more: false`; Spring's
/// `last: true`; a page count (`nbPages`, `total_pages`, `totalPages`, `last_page`,
/// `X-Total-Pages`) reached; GitLab's empty `X-Next-Page`; a `Link` header without `rel="next"`;
/// a total item count reached. Each gives the short reason shown in the footer row and after
/// "stopped:" in `-v`.
enum CounterStopRules {
    /// Why the list ends after this page, or nil to go on. `position` is the page's 1-based
    /// position in the API's own numbering; `lastIndex` the last page's index when the answer
    /// tells it (`LastPage`): a `Link` header with a `rel="last"` past this page but no
    /// `rel="next"` does not end the list there (a hostile pass found 1 page of 4 written), nor
    /// does one whose page cannot be read: the list goes on to an empty page.
    static func end(after key: PageKey, response: PageResponse, position: Int, lastIndex: Int? = nil) -> EndReason? {
        if response.items.isEmpty { return EndReason("end of list (page \(key.index + 1) is empty)") }
        if let reason = MoreFlags.end(in: response.body) { return reason }
        if let reason = PageCount.end(in: response, position: position) { return reason }
        if let value = response.headers.first(named: "X-Next-Page"), PagingText.trimmed(value).isEmpty {
            return EndReason("x-next-page is empty")
        }
        if LinkHeader.isPresent(in: response.headers), LinkHeader.next(in: response.headers) == nil,
           lastIndex.map({ $0 <= key.index }) ?? !LinkHeader.hasLast(in: response.headers) {
            return EndReason("no rel=next")
        }
        if let total = TotalCount.find(in: response), key.offset + response.items.count >= total.value {
            return EndReason("all \(Counted.text(total.value, "item")) received (\(total.source))")
        }
        return nil
    }
}

/// Explicit "more?" flags: `has_more: false` (Stripe, Notion, Slack's conversations), `hasMore`,
/// `has_next`, GraphQL-style `pageInfo.hasNextPage`, and Spring's `last: true`. An explicit
/// statement that nothing follows ends every style, cursor and link styles included.
enum MoreFlags {
    static let morePaths: [JSONPath] = [
        FieldPaths.path("has_more"),
        FieldPaths.path("hasMore"),
        FieldPaths.path("has_next"),
        FieldPaths.path("hasNext"),
        FieldPaths.path("has_next_page"),
        FieldPaths.path("hasNextPage"),
        FieldPaths.path("more"),
        FieldPaths.path("meta", "has_more"),
        FieldPaths.path("meta", "hasMore"),
        FieldPaths.path("pagination", "has_more"),
        FieldPaths.path("pagination", "hasMore"),
        FieldPaths.path("pageInfo", "hasNextPage"),
        FieldPaths.path("page_info", "has_next_page"),
    ]

    static let lastPaths: [JSONPath] = [
        FieldPaths.path("last"),
        FieldPaths.path("is_last"),
        FieldPaths.path("isLast"),
    ]

    static func end(in body: JSONValue) -> EndReason? {
        for path in morePaths where body[path]?.boolValue == false {
            return EndReason("\(path)=false")
        }
        for path in lastPaths where body[path]?.boolValue == true {
            return EndReason("\(path)=true")
        }
        return nil
    }
}

/// "Page N of M": the page count an API reports, against the page just received.
enum PageCount {
    static let bodyPaths: [JSONPath] = [
        FieldPaths.path("nbPages"),
        FieldPaths.path("total_pages"),
        FieldPaths.path("totalPages"),
        FieldPaths.path("last_page"),
        FieldPaths.path("lastPage"),
        FieldPaths.path("num_pages"),
        FieldPaths.path("pageCount"),
        FieldPaths.path("page", "totalPages"),
        FieldPaths.path("meta", "total_pages"),
        FieldPaths.path("meta", "totalPages"),
        FieldPaths.path("meta", "last_page"),
        FieldPaths.path("meta", "pagination", "total_pages"),
        FieldPaths.path("pagination", "total_pages"),
        FieldPaths.path("pagination", "totalPages"),
        FieldPaths.path("pagination", "last_page"),
        FieldPaths.path("pagination", "pageCount"),
    ]

    static let headerNames = ["X-Total-Pages"]

    /// Fields that give the current page counted from 1 (Laravel, Kaminari, the classic offset
    /// API); when present they are believed over infinilist's own count.
    static let currentPagePaths: [JSONPath] = [
        FieldPaths.path("current_page"),
        FieldPaths.path("currentPage"),
        FieldPaths.path("meta", "current_page"),
        FieldPaths.path("meta", "pagination", "current_page"),
        FieldPaths.path("pagination", "current_page"),
    ]

    static func end(in response: PageResponse, position computed: Int) -> EndReason? {
        guard let (total, source) = totalPages(in: response) else { return nil }
        let position = currentPage(in: response) ?? computed
        guard position >= total else { return nil }
        return EndReason("page \(position) of \(total) (\(source))")
    }

    static func totalPages(in response: PageResponse) -> (Int, String)? {
        for path in bodyPaths {
            if let value = response.body[path].flatMap(TotalCount.count(of:)) { return (value, path.description) }
        }
        for name in headerNames {
            if let value = response.headers.first(named: name).flatMap(Int.init(trimming:)), value >= 0 {
                return (value, name.lowercased())
            }
        }
        return nil
    }

    static func currentPage(in response: PageResponse) -> Int? {
        for path in currentPagePaths {
            if let value = response.body[path].flatMap(TotalCount.count(of:)) { return value }
        }
        if let value = response.headers.first(named: "X-Page").flatMap(Int.init(trimming:)) { return value }
        return nil
    }
}
