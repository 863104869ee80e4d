import Foundation
import Hummingbird

/// Slack Web API `users.list`: `{ok, members, response_metadata: {next_cursor}}`, the cursor
/// base64 with `=` padding (it must be percent-encoded), `next_cursor: ""` at the end, and pages
/// that come back short or even empty in the middle of the list (Slack documents this). Errors
/// are HTTP 200 with `ok: false`; an empty `cursor=` is one.
enum SlackReplica {
    /// Members per request, in order: the second page is empty, the third short.
    static let plan = [10, 0, 4, 9]
    static var memberCount: Int { plan.reduce(0, +) }

    static func cursor(_ step: Int) -> String { Data("user:W\(step)0Z+/".utf8).base64EncodedString() }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("slack/api/users.list") { request, _ in
            var step = 0
            if let given = Replica.query(request)["cursor"] {
                guard let found = plan.indices.first(where: { cursor($0) == given }) else {
                    return Replica.json(#"{"ok": false, "error": "invalid_cursor"}"#)
                }
                step = found
            }
            let start = plan.prefix(step).reduce(0, +)
            let members = (start..<start + plan[step]).map { index in
                Replica.object([
                    ("id", Replica.quote("U\(100 + index)")), ("name", Replica.quote("member\(index + 1)")),
                    ("real_name", Replica.quote("Member \(index + 1)")), ("deleted", "false"),
                ])
            }
            let next = step + 1 < plan.count ? cursor(step + 1) : ""
            return Replica.json(Replica.object([
                ("ok", "true"), ("members", Replica.array(members)), ("cache_ts", "1700000000"),
                ("response_metadata", Replica.object([("next_cursor", Replica.quote(next))])),
            ]))
        }
    }
}
