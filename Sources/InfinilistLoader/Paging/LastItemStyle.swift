import InfinilistCore

/// "Starting after the last item" APIs (Stripe's `?starting_after={last.id}`, a search proxy's
/// `search_after={last.sort}`): the next request carries fields of the previous page's last item.
/// The first request leaves those parameters out. An empty page cannot be continued from, so it
/// ends the list, as do the page/offset rules (`has_more: false`, totals, ...).
struct LastItemStyle: PaginationStyle {
    let template: URLTemplate
    let firstPage: Int
    let pageSize: Int
    var bodyPlaceholders: [URLTemplate.Placeholder] = []

    var name: String {
        let fields = lastItemPaths.map { "{last.\($0)}" }.joined(separator: ", ")
        let place = lastItemPaths.first.map { location(of: .last(path: $0)) } ?? "in the URL"
        return "fields of the last item received (\(fields) \(place))"
    }

    var repeatReason: EndReason? {
        EndReason("\(lastItemPaths.map { "last.\($0)" }.joined(separator: ", ")) repeated an earlier one")
    }

    var pagesMoveWhenItemsArrive: Bool { false }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        if let reason = CounterStopRules.end(after: key, response: response, position: key.index + 1) {
            return .end(reason)
        }
        let (next, missing) = key.successor(after: response, lastItemPaths: lastItemPaths)
        guard let next else { return .end(.missingLastField(missing)) }
        return .page(next)
    }
}
