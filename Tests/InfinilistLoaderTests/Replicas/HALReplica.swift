import Hummingbird

/// HAL and Spring Data REST. HAL: items in `_embedded.orders`, `_links.next.href` relative
/// (`/hal/orders?page=2`). Spring Data REST: `_embedded.people`, absolute links that are URI
/// templates (`…?page=1&size=10{&sort}`, `templated: true`), a `page` object with totals, and no
/// `next` on the last page; the items carry no id, only `_links.self.href`.
enum HALReplica {
    static let orderCount = 25
    static let peopleCount = 27

    static func register(on router: Router<BasicRequestContext>) {
        router.get("hal/orders") { request, _ in
            let page = Replica.int(Replica.query(request), "page", default: 1)
            let size = 10
            let pages = (orderCount + size - 1) / size
            let orders = Replica.window((page - 1) * size, size, total: orderCount).map { index in
                Replica.object([
                    ("id", "\(index + 1)"), ("total", "\(10 + index).5"), ("currency", "\"EUR\""), ("status", "\"shipped\""),
                    ("_links", Replica.object([("self", Replica.object([("href", Replica.quote("/hal/orders/\(index + 1)"))]))])),
                ])
            }
            var links: [(String, String)] = [("self", Replica.object([("href", Replica.quote("/hal/orders?page=\(page)"))]))]
            if page < pages { links.append(("next", Replica.object([("href", Replica.quote("/hal/orders?page=\(page + 1)"))]))) }
            links.append(("find", Replica.object([("href", "\"/hal/orders{?id}\""), ("templated", "true")])))
            return Replica.json(Replica.object([
                ("_links", Replica.object(links)),
                ("currentlyProcessing", "14"), ("shippedToday", "20"),
                ("_embedded", Replica.object([("orders", Replica.array(orders))])),
            ]), headers: ["Content-Type": "application/hal+json"])
        }

        router.get("sdr/people") { request, _ in
            let query = Replica.query(request)
            let page = Replica.int(query, "page", default: 0)
            let size = Replica.int(query, "size", default: 20)
            let pages = (peopleCount + size - 1) / size
            let base = Replica.origin(request) + "/sdr/people"
            let people = Replica.window(page * size, size, total: peopleCount).map { index in
                Replica.object([
                    ("firstName", Replica.quote("First\(index + 1)")), ("lastName", Replica.quote("Last\(index + 1)")),
                    ("_links", Replica.object([
                        ("self", Replica.object([("href", Replica.quote("\(base)/\(index + 1)"))])),
                        ("person", Replica.object([("href", Replica.quote("\(base)/\(index + 1)"))])),
                    ])),
                ])
            }
            let href = { (page: Int) in Replica.object([("href", Replica.quote("\(base)?page=\(page)&size=\(size){&sort}")), ("templated", "true")]) }
            var links: [(String, String)] = [("first", href(0))]
            if page > 0 { links.append(("prev", href(page - 1))) }
            links.append(("self", Replica.object([("href", Replica.quote("\(base){?page,size,sort}")), ("templated", "true")])))
            if page + 1 < pages { links.append(("next", href(page + 1))) }
            links.append(("last", href(pages - 1)))
            links.append(("profile", Replica.object([("href", Replica.quote(Replica.origin(request) + "/sdr/profile/people"))])))
            return Replica.json(Replica.object([
                ("_embedded", Replica.object([("people", Replica.array(people))])),
                ("_links", Replica.object(links)),
                ("page", Replica.object([("size", "\(size)"), ("totalElements", "\(peopleCount)"), ("totalPages", "\(pages)"), ("number", "\(page)")])),
            ]), headers: ["Content-Type": "application/hal+json"])
        }
    }
}
