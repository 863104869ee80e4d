import Hummingbird

/// JSONPlaceholder (json-server): `?_page=&_limit=`, a root array, `X-Total-Count`, a `Link`
/// header with `first`/`prev`/`next`/`last` (no `next` on the last page), and `[]` out of range.
enum JSONPlaceholderReplica {
    static let postCount = 35

    static func register(on router: Router<BasicRequestContext>) {
        router.get("jsonplaceholder/posts") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "_limit", default: 10)
            let page = max(1, Replica.int(query, "_page", default: 1))
            let pages = (postCount + limit - 1) / limit
            let posts = Replica.window((page - 1) * limit, limit, total: postCount).map { index in
                Replica.object([("userId", "\(index / 10 + 1)"), ("id", "\(index + 1)"), ("title", Replica.quote("post \(index + 1)"))])
            }
            var headers = ["X-Total-Count": "\(postCount)"]
            if page <= pages {
                let url = { (page: Int) in Replica.origin(request) + "/jsonplaceholder/posts?_page=\(page)&_limit=\(limit)" }
                var links = [(url(1), "first")]
                if page > 1 { links.append((url(page - 1), "prev")) }
                if page < pages { links.append((url(page + 1), "next")) }
                links.append((url(pages), "last"))
                headers["Link"] = Replica.link(links)
            }
            return Replica.json(Replica.array(posts), headers: headers)
        }
    }
}
