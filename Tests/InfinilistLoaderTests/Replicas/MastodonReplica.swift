import Hummingbird

/// Mastodon timelines: a root array, newest first, `Link` (sent as lowercase `link`) with `next`
/// (`max_id=`) and `prev` (`min_id=`) on every non-empty page — including the last one, so the
/// walk ends with a normal final `[]` page that has no Link header.
enum MastodonReplica {
    static let statusCount = 25

    static func register(on router: Router<BasicRequestContext>) {
        router.get("mastodon/api/v1/timelines/public") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "limit", default: 20)
            // Status ids 1001...1025, newest (highest) first.
            let ids = Array((1001...1000 + statusCount).reversed())
            let start = query["max_id"].flatMap(Int.init).map { maxID in ids.firstIndex { $0 < maxID } ?? ids.count } ?? 0
            let page = Array(ids[Replica.window(start, limit, total: ids.count)])
            let statuses = page.map { id in
                Replica.object([("id", Replica.quote("\(id)")), ("content", Replica.quote("<p>Toot \(id)</p>")), ("visibility", "\"public\"")])
            }
            var headers: [String: String] = [:]
            if let oldest = page.last, let newest = page.first {
                let base = Replica.origin(request) + "/mastodon/api/v1/timelines/public?limit=\(limit)"
                headers["link"] = Replica.link([("\(base)&max_id=\(oldest)", "next"), ("\(base)&min_id=\(newest)", "prev")])
            }
            return Replica.json(Replica.array(statuses), headers: headers)
        }
    }
}
