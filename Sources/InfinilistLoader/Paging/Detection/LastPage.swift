import InfinilistCore

/// The walk's index of the list's last page, when an answer tells it: a page count (`nbPages`,
/// `total_pages`, `last_page`, `X-Total-Pages`, … as `PageCount` reads them) against the page's
/// position, or the page number of GitHub's `Link: <…&page=9>; rel="last"`. `--parallel` never
/// fetches ahead past it (README: no request past the end when the API gives its total); the
/// list's end itself is still decided by the stop rules when the last page is read.
enum LastPage {
    /// Page counts beyond this are not believed (a server's number must never overflow the
    /// arithmetic below): no list is read this far.
    static let largestCount = 1 << 40

    /// The index of the last page, from the answer to `key`; `position` is the page's 1-based
    /// position in the API's numbering when no field says it. `pageParameter` names the query
    /// parameter that carries `{page}`, for `rel="last"`.
    static func index(after key: PageKey, response: PageResponse, position computed: Int, pageParameter: String?) -> Int? {
        if let (count, _) = PageCount.totalPages(in: response), count <= largestCount {
            let position = PageCount.currentPage(in: response).map { min($0, largestCount) } ?? computed
            return max(key.index, key.index + (count - position))
        }
        if let pageParameter, let link = LinkHeader.links(in: response.headers).first(where: { $0.relations.contains("last") }),
           let number = queryValue(named: pageParameter, in: link.target).flatMap(Int.init(trimming:)),
           number >= 0, number <= largestCount, key.page <= largestCount {
            return max(key.index, key.index + (number - key.page))
        }
        return nil
    }

    /// The value of the first query parameter `name` in a URL or URI reference, as written
    /// (page numbers need no decoding).
    static func queryValue(named name: String, in url: String) -> String? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        let query = url[url.index(after: question)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]) }
        }
        return nil
    }
}
