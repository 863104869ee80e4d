import InfinilistCore
@testable import InfinilistLoader

/// A response as a style sees it, from JSON text: the items are found as `HTTPSource` finds them.
func response(
    _ json: String,
    url: String = "https://api.example.com/v1/things?page=1",
    headers: [(String, String)] = []
) -> PageResponse {
    let body = (try? JSONParser.parse(json)) ?? .null
    let items = ItemLocator.items(in: body, at: nil)?.items ?? []
    return PageResponse(url: url, status: 200, headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: body, items: items)
}

/// `n` items `{"id": first…}` as JSON array text.
func itemsJSON(_ count: Int, from first: Int = 1) -> String {
    "[" + (0..<count).map { #"{"id": \#(first + $0)}"# }.joined(separator: ",") + "]"
}

func template(_ text: String) -> URLTemplate {
    (try? URLTemplate(parsing: text)) ?? URLTemplate.fallback
}

extension URLTemplate {
    static var fallback: URLTemplate {
        guard let template = try? URLTemplate(parsing: "https://invalid.example/") else { preconditionFailure("constant template") }
        return template
    }
}

extension NextPage {
    var key: PageKey? {
        if case .page(let key, _) = self { return key }
        return nil
    }

    var reason: String? {
        if case .end(let reason, _) = self { return reason.text }
        return nil
    }

    var notes: [String] {
        switch self {
        case .page(_, let notes), .end(_, let notes): return notes
        }
    }
}

/// A pager with the walk the loader keeps for it, for tests that read page after page: each
/// answer goes through the pure paging function and the walk it returns is kept for the next.
final class PagerRun {
    let pager: Pager
    private(set) var walk: Walk

    init(_ pager: Pager) {
        self.pager = pager
        self.walk = pager.startWalk()
    }

    var style: any PaginationStyle { pager.style }

    func firstKey() -> PageKey { pager.style.firstKey() }

    /// The page for `response` to `key`; `.next` unless said otherwise (a page at or below the
    /// tail is read again without moving the walk, as the loader does).
    func page(for key: PageKey, response: PageResponse, kind: RequestKind = .next) -> FetchedPage {
        pager.page(from: response, key: key, kind: kind, walk: &walk)
    }

    /// A refresh: the walk starts over.
    func restart() { walk = pager.startWalk() }
}
