import InfinilistCore

/// Recognises a page that has no item array because it has no items: X (Twitter) v2 answers the
/// last page with `{"meta": {"result_count": 0}}`, leaving `data` out. Without this the end of such
/// a list would be reported as "no list of items". Only a body that holds no array at its top
/// level and a count field of 0 qualifies, so a wrong `--items` is still reported.
enum EmptyPageDetection {
    static let zeroCountPaths: [JSONPath] = [
        FieldPaths.path("meta", "result_count"),
        FieldPaths.path("result_count"),
        FieldPaths.path("resultCount"),
        FieldPaths.path("count"),
        FieldPaths.path("total"),
        FieldPaths.path("total_count"),
        FieldPaths.path("totalResults"),
        FieldPaths.path("nbHits"),
    ]

    /// `(none: meta.result_count is 0)` for an empty page, nil when the body is something else.
    static func emptyPage(in body: JSONValue) -> ItemsFound? {
        guard let members = body.objectValue, !members.values.contains(where: { $0.arrayValue != nil }) else { return nil }
        for path in zeroCountPaths where body[path].flatMap(TotalCount.count(of:)) == 0 {
            return ItemsFound(items: [], path: "(none: \(path) is 0)")
        }
        return nil
    }
}
