import Foundation
import Hummingbird

/// Elasticsearch's `search_after` (`POST /logs/_search` with a JSON body): the same 25 log lines
/// as `ElasticsearchReplica`, sorted by `@timestamp` descending then `_id`; each hit carries its
/// `sort` values, and the next request's `search_after` must be the last hit's array exactly.
/// `"search_after": null` is a parsing error, as in Elasticsearch, so the first request must leave
/// the member out. `hits.total` is exact (`relation: "eq"`), so the walk ends when every hit has
/// arrived, without a request past the end.
enum ElasticsearchSearchAfterReplica {
    static func register(on router: Router<BasicRequestContext>) {
        router.post("es/logs/_search") { request, _ in try await search(request, pointInTime: false) }
        // A point in time (`POST /_search`, no index in the path): the body's `pit.id` must be
        // the most recent `pit_id` answered ("pit-open" from opening it, then "pit-N").
        router.post("es/_search") { request, _ in try await search(request, pointInTime: true) }
    }

    private static func search(_ request: Request, pointInTime: Bool) async throws -> Response {
        var request = request
        let buffer = try await request.collectBody(upTo: 1 << 20)
        guard request.headers[.contentType]?.hasPrefix("application/json") == true,
              let body = try? JSONSerialization.jsonObject(with: Data(String(buffer: buffer).utf8)) as? [String: Any]
        else { return failure("parse_exception", "request body or source parameter is required", status: .badRequest) }
        let size = body["size"] as? Int ?? 10
        var start = 0
        if let after = body["search_after"] {
            guard let values = after as? [Any], values.count == 2, let time = values[0] as? Int, let id = values[1] as? String else {
                return failure("parsing_exception", "[search_after] must be an array of the sort values", status: .badRequest)
            }
            guard let found = (0..<ElasticsearchReplica.documentCount).first(where: { ElasticsearchReplica.sortValues($0) == (time, id) }) else {
                return failure("illegal_argument_exception", "search_after does not match a hit", status: .badRequest)
            }
            start = found + 1
        }
        let pit = (body["pit"] as? [String: Any])?["id"] as? String
        if pointInTime, pit != (start == 0 ? "pit-open" : "pit-\(start)") {
            return failure("search_context_missing_exception", "No search context found for id [\(pit ?? "null")]", status: .notFound)
        }
        let hits = Replica.window(start, size, total: ElasticsearchReplica.documentCount).map { index in
            let (time, id) = ElasticsearchReplica.sortValues(index)
            return Replica.object([
                ("_index", "\"logs\""), ("_id", Replica.quote(id)), ("_score", "null"),
                ("_source", Replica.object([("message", Replica.quote("Log line \(index + 1)")), ("@timestamp", "\(time)")])),
                ("sort", "[\(time), \(Replica.quote(id))]"),
            ])
        }
        let end = min(ElasticsearchReplica.documentCount, start + size)
        return Replica.json(Replica.object((pointInTime ? [("pit_id", Replica.quote("pit-\(end)"))] : []) + [
            ("took", "2"), ("timed_out", "false"),
            ("hits", Replica.object([
                ("total", Replica.object([("value", "\(ElasticsearchReplica.documentCount)"), ("relation", "\"eq\"")])),
                ("max_score", "null"), ("hits", Replica.array(hits)),
            ])),
        ]))
    }

    private static func failure(_ type: String, _ reason: String, status: HTTPResponse.Status) -> Response {
        Replica.json(#"{"error": {"type": "\#(type)", "reason": "\#(reason)"}, "status": \#(status.code)}"#, status: status)
    }
}
