import Hummingbird

/// JSON:API: `?page[number]=&page[size]=` (brackets, percent-encoded on the wire), resources in
/// `data` with `attributes`, and `links.next` written as a string on some pages and as a link
/// object `{href, meta}` on others; on the last page `links` has no `next` at all.
enum JSONAPIReplica {
    static let articleCount = 23

    static func register(on router: Router<BasicRequestContext>) {
        router.get("jsonapi/articles") { request, _ in
            let query = Replica.query(request)
            let number = Replica.int(query, "page[number]", default: 1)
            let size = Replica.int(query, "page[size]", default: 10)
            let pages = (articleCount + size - 1) / size
            let data = Replica.window((number - 1) * size, size, total: articleCount).map { index in
                Replica.object([
                    ("type", "\"articles\""), ("id", Replica.quote("\(index + 1)")),
                    ("attributes", Replica.object([("title", Replica.quote("Article \(index + 1)"))])),
                ])
            }
            let url = { (page: Int) in
                Replica.origin(request) + "/jsonapi/articles?page%5Bnumber%5D=\(page)&page%5Bsize%5D=\(size)"
            }
            var links: [(String, String)] = [("self", Replica.quote(url(number)))]
            if number < pages {
                let next = number % 2 == 1
                    ? Replica.quote(url(number + 1))
                    : Replica.object([("href", Replica.quote(url(number + 1))), ("meta", Replica.object([("page", "\(number + 1)")]))])
                links.append(("next", next))
            }
            links.append(("last", Replica.quote(url(pages))))
            return Replica.json(Replica.object([
                ("data", Replica.array(data)), ("links", Replica.object(links)),
                ("meta", Replica.object([("total", "\(articleCount)")])),
            ]))
        }
    }
}
