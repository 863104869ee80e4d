import Hummingbird

/// Google APIs (YouTube Data here): `items`, `nextPageToken` (absent at the end), `pageToken=`
/// to continue, `pageInfo.totalResults`, and — documented — pages that are empty while a token
/// says more follow. Tokens contain `+`, `/` and `=`.
enum GoogleReplica {
    static let plan = [8, 0, 8, 5]
    static var videoCount: Int { plan.reduce(0, +) }

    static func token(_ step: Int) -> String { "CA\(step)QAA+/=" }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("google/youtube/v3/playlistItems") { request, _ in
            var step = 0
            if let given = Replica.query(request)["pageToken"] {
                guard let found = plan.indices.first(where: { token($0) == given }) else {
                    return Replica.json(
                        #"{"error": {"code": 400, "message": "The request specifies an invalid page token.", "errors": [{"reason": "invalidPageToken"}]}}"#,
                        status: .badRequest
                    )
                }
                step = found
            }
            let start = plan.prefix(step).reduce(0, +)
            let items = (start..<start + plan[step]).map { index in
                Replica.object([
                    ("kind", "\"youtube#playlistItem\""), ("id", Replica.quote("PLI\(index + 1)")),
                    ("snippet", Replica.object([("title", Replica.quote("Video \(index + 1)")), ("position", "\(index)")])),
                ])
            }
            var members: [(String, String)] = [("kind", "\"youtube#playlistItemListResponse\""), ("etag", "\"abc\"")]
            if step + 1 < plan.count { members.append(("nextPageToken", Replica.quote(token(step + 1)))) }
            if step > 0 { members.append(("prevPageToken", Replica.quote("P" + token(step - 1)))) }
            members.append(("pageInfo", Replica.object([("totalResults", "\(videoCount)"), ("resultsPerPage", "8")])))
            members.append(("items", Replica.array(items)))
            return Replica.json(Replica.object(members))
        }
    }
}
