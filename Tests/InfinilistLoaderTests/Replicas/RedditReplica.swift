import Hummingbird

/// Reddit listings: `data.children[]` of `{kind, data}`, the cursor in `data.after` (the last
/// post's `name`, `t3_…`), `null` at the end. Like several APIs it rejects an empty `after=`.
enum RedditReplica {
    static let postCount = 33

    static func name(_ post: Int) -> String { "t3_p\(post)" }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("reddit/r/swift/new.json") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "limit", default: 25)
            var start = 0
            if let after = query["after"] {
                guard let post = (1...postCount).first(where: { name($0) == after }) else {
                    return Replica.json(#"{"message": "Bad Request", "error": 400}"#, status: .badRequest)
                }
                start = post
            }
            let range = Replica.window(start, limit, total: postCount)
            let children = range.map { index in
                Replica.object([
                    ("kind", "\"t3\""),
                    ("data", Replica.object([
                        ("name", Replica.quote(name(index + 1))), ("id", Replica.quote("p\(index + 1)")),
                        ("title", Replica.quote("Post \(index + 1)")), ("score", "\(index)"),
                    ])),
                ])
            }
            let after = range.upperBound < postCount ? Replica.quote(name(range.upperBound)) : "null"
            return Replica.json(Replica.object([
                ("kind", "\"Listing\""),
                ("data", Replica.object([
                    ("after", after), ("dist", "\(range.count)"), ("modhash", "\"\""),
                    ("children", Replica.array(children)), ("before", "null"),
                ])),
            ]))
        }
    }
}
