import Hummingbird

/// A Spring MVC controller returning `Page<T>`: 0-based `?page=&size=`, items in `content`,
/// `last: true` on the last page (also `totalPages`, `totalElements`, `number`); past the end it
/// answers an empty `content` with `last: true`.
enum SpringPageReplica {
    static let productCount = 25

    static func register(on router: Router<BasicRequestContext>) {
        router.get("spring/products") { request, _ in
            let query = Replica.query(request)
            let page = Replica.int(query, "page", default: 0)
            let size = Replica.int(query, "size", default: 20)
            let pages = (productCount + size - 1) / size
            let content = Replica.window(page * size, size, total: productCount).map { index in
                Replica.object([("id", "\(index + 1)"), ("name", Replica.quote("Product \(index + 1)"))])
            }
            return Replica.json(Replica.object([
                ("content", Replica.array(content)),
                ("pageable", Replica.object([("pageNumber", "\(page)"), ("pageSize", "\(size)"), ("offset", "\(page * size)")])),
                ("last", page + 1 >= pages ? "true" : "false"), ("totalPages", "\(pages)"), ("totalElements", "\(productCount)"),
                ("first", page == 0 ? "true" : "false"), ("size", "\(size)"), ("number", "\(page)"),
                ("numberOfElements", "\(content.count)"), ("empty", content.isEmpty ? "true" : "false"),
            ]))
        }
    }
}
