import Hummingbird

/// GitHub REST: a root array, `Link` with `next`/`last`/`first`/`prev` and absolute URLs, and no
/// Link header at all when one page holds everything. GitHub search: `items` with `total_count`,
/// at most 1000 results reachable (the last reachable page has no `rel="next"`), 422 past them.
enum GitHubReplica {
    static let issueCount = 47
    static let searchTotal = 1234
    static let searchCap = 1000

    static func register(on router: Router<BasicRequestContext>) {
        router.get("gh/repos/o/r/issues") { request, _ in
            let query = Replica.query(request)
            let perPage = Replica.int(query, "per_page", default: 30)
            let page = max(1, Replica.int(query, "page", default: 1))
            let pages = (issueCount + perPage - 1) / perPage
            let issues = Replica.window((page - 1) * perPage, perPage, total: issueCount).map { index in
                let number = issueCount - index
                return Replica.object([
                    ("id", "\(1000 + number)"), ("number", "\(number)"), ("title", Replica.quote("Issue \(number)")),
                    ("user", Replica.object([("login", Replica.quote("user\(number % 7)"))])),
                ])
            }
            let url = { (page: Int) in Replica.origin(request) + "/gh/repos/o/r/issues?per_page=\(perPage)&page=\(page)" }
            var headers: [String: String] = [:]
            if pages > 1 {
                var links: [(String, String)] = []
                if page > 1 { links.append((url(page - 1), "prev")) }
                if page < pages { links.append((url(page + 1), "next")) }
                links.append((url(pages), "last"))
                if page > 1 { links.append((url(1), "first")) }
                headers["Link"] = Replica.link(links)
            }
            return Replica.json(Replica.array(issues), headers: headers)
        }

        router.get("gh/search/issues") { request, _ in
            let query = Replica.query(request)
            let perPage = min(100, Replica.int(query, "per_page", default: 30))
            let page = max(1, Replica.int(query, "page", default: 1))
            guard (page - 1) * perPage < searchCap else {
                return Replica.json(
                    #"{"message": "Only the first 1000 search results are available", "documentation_url": "https://docs.github.com/v3/search/"}"#,
                    status: .unprocessableContent
                )
            }
            let reachable = min(searchTotal, searchCap)
            let pages = (reachable + perPage - 1) / perPage
            let items = Replica.window((page - 1) * perPage, perPage, total: reachable).map { index in
                Replica.object([("id", "\(index + 1)"), ("title", Replica.quote("Result \(index + 1)")), ("score", "1.0")])
            }
            let q = Replica.encoded(query["q"] ?? "")
            let url = { (page: Int) in Replica.origin(request) + "/gh/search/issues?q=\(q)&per_page=\(perPage)&page=\(page)" }
            var links: [(String, String)] = []
            if page > 1 { links.append((url(page - 1), "prev")) }
            if page < pages { links.append((url(page + 1), "next")) }
            links.append((url(pages), "last"))
            if page > 1 { links.append((url(1), "first")) }
            let body = Replica.object([
                ("total_count", "\(searchTotal)"), ("incomplete_results", "false"), ("items", Replica.array(items)),
            ])
            return Replica.json(body, headers: ["Link": Replica.link(links)])
        }
    }
}
