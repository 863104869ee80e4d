import Hummingbird

/// GitLab REST: `?per_page=&page=`, a root array, `Link` with next/prev/first/last, and the
/// `x-next-page` (empty on the last page), `x-page`, `x-per-page`, `x-total`, `x-total-pages`
/// headers. Project 2 stands for a large collection, where GitLab leaves out `x-total` and
/// `x-total-pages` (and `rel="last"`), so only `x-next-page` and the Link header tell the end.
enum GitLabReplica {
    static let issueCount = 23

    static func register(on router: Router<BasicRequestContext>) {
        router.get("gitlab/api/v4/projects/:project/issues") { request, context in
            let counted = context.parameters.get("project") != "2"
            let query = Replica.query(request)
            let perPage = Replica.int(query, "per_page", default: 20)
            let page = max(1, Replica.int(query, "page", default: 1))
            let pages = (issueCount + perPage - 1) / perPage
            let issues = Replica.window((page - 1) * perPage, perPage, total: issueCount).map { index in
                Replica.object([("id", "\(500 + index)"), ("iid", "\(index + 1)"), ("title", Replica.quote("GitLab issue \(index + 1)"))])
            }
            let path = request.uri.path
            let url = { (page: Int) in Replica.origin(request) + "\(path)?page=\(page)&per_page=\(perPage)" }
            var links: [(String, String)] = []
            if page > 1 { links.append((url(page - 1), "prev")) }
            if page < pages { links.append((url(page + 1), "next")) }
            links.append((url(1), "first"))
            if counted { links.append((url(pages), "last")) }
            var headers = [
                "Link": Replica.link(links),
                "X-Next-Page": page < pages ? "\(page + 1)" : "",
                "X-Page": "\(page)", "X-Per-Page": "\(perPage)",
                "X-Prev-Page": page > 1 ? "\(page - 1)" : "",
            ]
            if counted {
                headers["X-Total"] = "\(issueCount)"
                headers["X-Total-Pages"] = "\(pages)"
            }
            return Replica.json(Replica.array(issues), headers: headers)
        }
    }
}
