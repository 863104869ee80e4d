import Foundation
import Hummingbird

/// OpenAlex's cursor paging (`GET /works?per-page=25&cursor=*`): the first request must carry
/// `cursor=*` to start a cursor walk (without it OpenAlex pages by number and `meta.next_cursor`
/// is absent); each answer has `meta.next_cursor` (base64 with `=`), and the walk ends with an
/// empty `results` and `next_cursor: null`, one request after the last hit.
enum OpenAlexReplica {
    static let workCount = 57

    static func workID(_ index: Int) -> String { "https://openalex.org/W\(2_741_809_000 + index)" }

    /// The cursor of the page that starts at `index`.
    static func cursor(_ index: Int) -> String { Data("[\(index), '\(workID(index))']".utf8).base64EncodedString() }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("openalex/works") { request, _ in
            let query = Replica.query(request)
            let size = Replica.int(query, "per-page", default: 25)
            guard let cursor = query["cursor"] else {
                // Basic paging: no cursor in the answer.
                let page = Replica.int(query, "page", default: 1)
                return answer(Replica.window((page - 1) * size, size, total: workCount), size: size, next: nil, page: page)
            }
            var start = 0
            if cursor != "*" {
                guard let index = (0...workCount).first(where: { Self.cursor($0) == cursor }) else {
                    return Replica.json(#"{"error": "Invalid query parameters error.", "message": "cursor is not valid"}"#, status: .forbidden)
                }
                start = index
            }
            let range = Replica.window(start, size, total: workCount)
            let next = range.isEmpty ? nil : Self.cursor(range.upperBound)
            return answer(range, size: size, next: next, page: nil)
        }
    }

    private static func answer(_ range: Range<Int>, size: Int, next: String?, page: Int?) -> Response {
        let results = range.map { index in
            Replica.object([("id", Replica.quote(workID(index))), ("display_name", Replica.quote("Work \(index + 1)")), ("cited_by_count", "\(100 - index)")])
        }
        let meta = Replica.object([
            ("count", "\(workCount)"), ("db_response_time_ms", "14"), ("page", page.map(String.init) ?? "null"),
            ("per_page", "\(size)"), ("next_cursor", next.map(Replica.quote) ?? "null"), ("groups_count", "null"),
        ])
        return Replica.json(Replica.object([("meta", meta), ("results", Replica.array(results)), ("group_by", "[]")]))
    }
}
