import Hummingbird

/// APIs that would make a naive pager loop forever or stop too early, for the shared stop rules:
/// a cursor that comes back after three pages, next links that cycle A → B → A, a cursor API that
/// sends nothing but empty pages with fresh cursors, a page-number API that ignores the page
/// parameter, and an endless page-number API.
enum MisbehavingReplica {
    static func register(on router: Router<BasicRequestContext>) {
        // Cursors c1, c2, then c1 again.
        router.get("bad/cursor-cycle") { request, _ in
            let cursor = Replica.query(request)["cursor"] ?? ""
            let step = ["": 0, "c1": 1, "c2": 2][cursor] ?? 0
            let next = ["c1", "c2", "c1"][step]
            let items = (0..<3).map { Replica.object([("id", "\(step * 3 + $0 + 1)")]) }
            return Replica.json(Replica.object([("items", Replica.array(items)), ("next_cursor", Replica.quote(next))]))
        }
        // /bad/link-a → /bad/link-b → /bad/link-a (relative links).
        router.get("bad/link-a") { _, _ in
            Replica.json(Replica.object([("results", "[{\"id\": 1}]"), ("next", "\"/bad/link-b\"")]))
        }
        router.get("bad/link-b") { _, _ in
            Replica.json(Replica.object([("results", "[{\"id\": 2}]"), ("next", "\"/bad/link-a\"")]))
        }
        // Empty pages forever, each with a new cursor.
        router.get("bad/empty-forever") { request, _ in
            let step = Int(Replica.query(request)["cursor"] ?? "0") ?? 0
            let items = step == 0 ? "[{\"id\": 1}]" : "[]"
            return Replica.json(Replica.object([("members", items), ("next_cursor", Replica.quote("\(step + 1)"))]))
        }
        // Ignores its paging parameter: page 1, always (the user wrote ?p= where it wants ?page=).
        router.get("bad/ignores-page") { _, _ in
            Replica.json(Replica.array([Replica.object([("id", "1")]), Replica.object([("id", "2")])]))
        }
        // Pages of 2 items forever, no end signal.
        router.get("bad/endless") { request, _ in
            let page = Replica.int(Replica.query(request), "page", default: 1)
            return Replica.json(Replica.array([Replica.object([("id", "\(page * 2 - 1)")]), Replica.object([("id", "\(page * 2)")])]))
        }
        // Cycles through 33 pages of 2 ids: ids 1 and 2 come back on page 34, and so on.
        router.get("bad/page-cycle") { request, _ in
            let page = Replica.int(Replica.query(request), "page", default: 1)
            let first = ((page - 1) % 33) * 2
            return Replica.json(Replica.array((1...2).map { Replica.object([("id", "\(first + $0)")]) }))
        }
        // The same three items on every page, each with a fresh cursor.
        router.get("bad/same-items") { request, _ in
            let step = Int(Replica.query(request)["cursor"] ?? "0") ?? 0
            let items = (1...3).map { Replica.object([("id", "\($0)"), ("title", Replica.quote("item \($0)"))]) }
            return Replica.json(Replica.object([("items", Replica.array(items)), ("next_cursor", Replica.quote("\(step + 1)"))]))
        }
    }
}
