import InfinilistCore

/// The total number of items an API reports (`total_count`, `totalElements`, `nbHits`, `total`,
/// `X-Total-Count`, Elasticsearch's `hits.total.value`, ...): shown in the status line ("row 40 of
/// 1,234") and, for page and offset APIs, a stop rule (everything announced has arrived).
enum TotalCount {
    /// A reported total and where it was read, for `-v` and end reasons.
    struct Found: Equatable {
        let value: Int
        let source: String
    }

    static let bodyPaths: [JSONPath] = [
        FieldPaths.path("total_count"),
        FieldPaths.path("totalCount"),
        FieldPaths.path("totalElements"),
        FieldPaths.path("nbHits"),
        FieldPaths.path("total"),
        FieldPaths.path("total_results"),
        FieldPaths.path("totalResults"),
        FieldPaths.path("totalItems"),
        FieldPaths.path("hits", "total", "value"),
        FieldPaths.path("hits", "total"),
        FieldPaths.path("page", "totalElements"),
        FieldPaths.path("meta", "total"),
        FieldPaths.path("meta", "total_count"),
        FieldPaths.path("meta", "totalCount"),
        FieldPaths.path("meta", "pagination", "total"),
        FieldPaths.path("pagination", "total"),
        FieldPaths.path("pagination", "total_count"),
    ]

    static let headerNames = ["X-Total-Count", "X-Total"]

    static let esValuePath = FieldPaths.path("hits", "total", "value")
    static let esRelationPath = FieldPaths.path("hits", "total", "relation")

    /// `count` is a total in DRF and PokeAPI but the size of the page in other APIs, so it is only
    /// believed when it exceeds the number of items on the page.
    static let ambiguousPath = FieldPaths.path("count")

    /// The total a user can reach: Algolia's `nbHits` counts every hit, but only `nbPages` pages
    /// of `hitsPerPage` can be fetched (Hacker News: 1,000 of 34 million).
    static func find(in response: PageResponse) -> Found? {
        guard let found = announced(in: response) else { return nil }
        guard let pages = response.body[FieldPaths.path("nbPages")].flatMap(count(of:)),
              let perPage = response.body[FieldPaths.path("hitsPerPage")].flatMap(count(of:)),
              pages <= LastPage.largestCount, perPage <= LastPage.largestCount,
              pages * perPage < found.value else { return found }
        return Found(value: pages * perPage, source: "nbPages × hitsPerPage, of \(Counted.text(found.value, "hit", grouped: true)) in \(found.source)")
    }

    private static func announced(in response: PageResponse) -> Found? {
        for path in bodyPaths {
            if let value = response.body[path].flatMap(count(of:)) {
                // Elasticsearch counts only up to track_total_hits and says "gte": a lower bound.
                if path == esValuePath, response.body[esRelationPath]?.stringValue == "gte" { continue }
                return Found(value: value, source: path.description)
            }
        }
        for name in headerNames {
            if let value = response.headers.first(named: name).flatMap(Int.init(trimming:)), value >= 0 {
                return Found(value: value, source: name)
            }
        }
        if let value = response.body[ambiguousPath].flatMap(count(of:)), value > response.items.count {
            return Found(value: value, source: ambiguousPath.description)
        }
        return nil
    }

    /// A non-negative whole number, written as a JSON number or as a string of digits.
    static func count(of value: JSONValue) -> Int? {
        let text: String
        switch value {
        case .number(let literal): text = literal
        case .string(let string): text = string
        default: return nil
        }
        guard let number = Int(trimming: text), number >= 0 else { return nil }
        return number
    }
}

extension Int {
    /// An integer from text with surrounding whitespace (header values, numbers in strings).
    init?(trimming text: String) {
        self.init(PagingText.trimmed(text))
    }
}
