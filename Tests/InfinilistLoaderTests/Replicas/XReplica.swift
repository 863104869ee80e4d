import Hummingbird

/// X (Twitter) API v2 timelines: `data`, `meta.next_token`, continued with `pagination_token=`.
/// Its quirk: the last full page still carries a `next_token`, and the page it leads to has no
/// `data` array at all, only `{"meta": {"result_count": 0}}`.
enum XReplica {
    static let tweetCount = 30

    static func token(_ position: Int) -> String { "7140dibdnow9c7btw3w29grvxfcgv\(position)" }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("x/2/users/1/tweets") { request, _ in
            let query = Replica.query(request)
            let size = Replica.int(query, "max_results", default: 10)
            var start = 0
            if let given = query["pagination_token"] {
                guard let position = (0...tweetCount).first(where: { token($0) == given }) else {
                    return Replica.json(#"{"errors": [{"message": "invalid pagination_token"}], "title": "Invalid Request"}"#, status: .badRequest)
                }
                start = position
            }
            let range = Replica.window(start, size, total: tweetCount)
            guard !range.isEmpty else { return Replica.json(#"{"meta": {"result_count": 0}}"#) }
            let data = range.map { index in
                Replica.object([("id", Replica.quote("\(1_800_000 - index)")), ("text", Replica.quote("Tweet \(index + 1)")), ("edit_history_tweet_ids", "[]")])
            }
            // The token is given whenever the page was full, even when nothing follows.
            var meta: [(String, String)] = [
                ("result_count", "\(range.count)"), ("newest_id", Replica.quote("\(1_800_000 - range.lowerBound)")),
                ("oldest_id", Replica.quote("\(1_800_001 - range.upperBound)")),
            ]
            if range.count == size { meta.append(("next_token", Replica.quote(token(range.upperBound)))) }
            return Replica.json(Replica.object([("data", Replica.array(data)), ("meta", Replica.object(meta))]))
        }
    }
}
