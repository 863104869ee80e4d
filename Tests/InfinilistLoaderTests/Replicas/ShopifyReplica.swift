import Hummingbird

/// Shopify Admin REST: `products`, cursor pagination only through the `Link` header, whose
/// `page_info` is opaque and whose backwards relation is spelled `previous` (not `prev`); with
/// `page_info` only `limit` may be given.
enum ShopifyReplica {
    static let productCount = 24

    static func pageInfo(_ start: Int) -> String { "eyJsYXN0X2lkIjo\(start)" }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("shopify/admin/api/2024-01/products.json") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "limit", default: 50)
            var start = 0
            if let info = query["page_info"] {
                guard Set(query.keys).isSubset(of: ["page_info", "limit"]),
                      let found = stride(from: 0, to: productCount, by: limit).first(where: { pageInfo($0) == info })
                else {
                    return Replica.json(#"{"errors": {"page_info": "Invalid value."}}"#, status: .badRequest)
                }
                start = found
            }
            let range = Replica.window(start, limit, total: productCount)
            let products = range.map { index in
                Replica.object([("id", "\(632_910_392 + index)"), ("title", Replica.quote("Product \(index + 1)")), ("vendor", "\"Acme\"")])
            }
            let base = Replica.origin(request) + "/shopify/admin/api/2024-01/products.json?limit=\(limit)&page_info="
            var links: [(String, String)] = []
            if start > 0 { links.append((base + pageInfo(max(0, start - limit)), "previous")) }
            if range.upperBound < productCount { links.append((base + pageInfo(range.upperBound), "next")) }
            let headers = links.isEmpty ? [:] : ["Link": Replica.link(links)]
            return Replica.json(Replica.object([("products", Replica.array(products))]), headers: headers)
        }
    }
}
