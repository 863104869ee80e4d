import Hummingbird

/// Elasticsearch `_search` over GET: `hits.hits[]` with `_id`, `_source` and `sort` values,
/// `hits.total` as `{value, relation}`. `from` + `size` beyond `index.max_result_window` is a 400
/// (replica window: 30, real default 10,000). Real `search_after` needs a POST body; this replica
/// also accepts it as a JSON array in the query string, as a search proxy would, to show the GET
/// form `search_after={last.sort}` — and there, like with `track_total_hits`, the total is only a
/// lower bound (`relation: "gte"`), so the walk ends on the first empty page.
enum ElasticsearchReplica {
    static let documentCount = 25
    static let maxResultWindow = 30

    static func sortValues(_ index: Int) -> (Int, String) { (1_700_000_000_000 + (documentCount - index) * 1000, "log-\(index + 1)") }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("es/logs/_search") { request, _ in
            let query = Replica.query(request)
            let size = Replica.int(query, "size", default: 10)
            let from = Replica.int(query, "from", default: 0)
            guard from + size <= maxResultWindow else {
                return Replica.json(
                    #"{"error": {"root_cause": [{"type": "illegal_argument_exception", "reason": "Result window is too large"}], "type": "search_phase_execution_exception", "reason": "all shards failed"}, "status": 400}"#,
                    status: .badRequest
                )
            }
            var start = from
            var relation = "eq"
            var reported = documentCount
            if let after = query["search_after"] {
                guard let found = (0..<documentCount).first(where: { index in
                    let (time, id) = sortValues(index)
                    return after == "[\(time),\"\(id)\"]"
                }) else {
                    return Replica.json(#"{"error": {"type": "parsing_exception", "reason": "bad search_after"}, "status": 400}"#, status: .badRequest)
                }
                start = found + 1
            }
            if query["track_total_hits"] != nil {
                relation = "gte"
                reported = 20
            }
            let hits = Replica.window(start, size, total: documentCount).map { index in
                let (time, id) = sortValues(index)
                return Replica.object([
                    ("_index", "\"logs\""), ("_id", Replica.quote(id)), ("_score", "null"),
                    ("_source", Replica.object([("message", Replica.quote("Log line \(index + 1)")), ("@timestamp", "\(time)")])),
                    ("sort", "[\(time), \(Replica.quote(id))]"),
                ])
            }
            return Replica.json(Replica.object([
                ("took", "3"), ("timed_out", "false"),
                ("hits", Replica.object([
                    ("total", Replica.object([("value", "\(reported)"), ("relation", Replica.quote(relation))])),
                    ("max_score", "null"), ("hits", Replica.array(hits)),
                ])),
            ]))
        }
    }
}
