import Hummingbird

/// Notion list endpoints (`GET /v1/users`): `{object: "list", results, next_cursor, has_more}`,
/// continued with `start_cursor=`; `has_more: false` and `next_cursor: null` at the end. An empty
/// `start_cursor` is a 400 validation error.
enum NotionReplica {
    static let userCount = 27

    static func id(_ index: Int) -> String { "d40e767c-d7af-4b18-a86d-55c61f1e39\(String(format: "%02d", index))" }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("notion/v1/users") { request, _ in
            let query = Replica.query(request)
            let size = Replica.int(query, "page_size", default: 100)
            var start = 0
            if let cursor = query["start_cursor"] {
                guard let index = (0..<userCount).first(where: { id($0) == cursor }) else {
                    return Replica.json(
                        #"{"object": "error", "status": 400, "code": "validation_error", "message": "start_cursor should be a valid uuid"}"#,
                        status: .badRequest
                    )
                }
                start = index
            }
            let range = Replica.window(start, size, total: userCount)
            let results = range.map { index in
                Replica.object([("object", "\"user\""), ("id", Replica.quote(id(index))), ("name", Replica.quote("User \(index + 1)")), ("type", "\"person\"")])
            }
            let more = range.upperBound < userCount
            return Replica.json(Replica.object([
                ("object", "\"list\""), ("results", Replica.array(results)),
                ("next_cursor", more ? Replica.quote(id(range.upperBound)) : "null"),
                ("has_more", more ? "true" : "false"), ("type", "\"user\""), ("user", "{}"),
            ]))
        }
    }
}
