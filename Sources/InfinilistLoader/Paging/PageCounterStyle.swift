import InfinilistCore

/// Page-number and offset APIs (`?page={page}`, `?offset={offset}&limit={limit}`): the next request
/// is computed from counters, so the end must be read from the response (`CounterStopRules`: an
/// empty page, `has_more`, `last`, page counts, totals, headers).
struct PageCounterStyle: PaginationStyle {
    let template: URLTemplate
    let firstPage: Int
    let pageSize: Int
    var bodyPlaceholders: [URLTemplate.Placeholder] = []

    var usesPageNumbers: Bool { placeholders.contains(.page) }

    var name: String {
        usesPageNumbers
            ? "page numbers from \(firstPage) ({page} \(location(of: .page)))"
            : "offsets ({offset} \(location(of: .offset)))"
    }

    var repeatReason: EndReason? { nil }
    var pagesMoveWhenItemsArrive: Bool { true }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        if let reason = CounterStopRules.end(after: key, response: response, position: position(of: key),
                                             lastIndex: lastPageIndex(after: key, response: response)) {
            return .end(reason)
        }
        let (next, missing) = key.successor(after: response, lastItemPaths: lastItemPaths)
        guard let next else { return .end(.missingLastField(missing)) }
        return .page(next)
    }

    /// Counters are known before the answer: the next page number, or the offset past a page as
    /// long as the last (a short page is usually the last one anyway). Not with `{last.PATH}`
    /// (only the answer has the last item) nor after a next link (`url`).
    func predictedKey(after key: PageKey, itemCount: Int) -> PageKey? {
        guard lastItemPaths.isEmpty, key.url == nil, itemCount > 0 else { return nil }
        return key.advanced(by: itemCount)
    }

    /// Only counters are predicted, so only they need the last page (`LastPage`).
    func lastPageIndex(after key: PageKey, response: PageResponse) -> Int? {
        LastPage.index(after: key, response: response, position: position(of: key),
                       pageParameter: usesPageNumbers ? template.pageQueryParameter : nil)
    }

    /// The page's 1-based position in the API's numbering: `{page}` counts from `firstPage`
    /// (0-based APIs say so with `--first-page 0`); offsets count pages received.
    func position(of key: PageKey) -> Int {
        usesPageNumbers ? key.page - (firstPage == 0 ? 0 : 1) + 1 : key.index + 1
    }
}
