import Hummingbird

/// The classic offset API of the infinite-scroll literature: `?idx_last_element=&block_size_paging=`
/// (the index of the first element wanted and the block size), items in `objects`, and
/// `total_pages`/`current_page` (1-based) alongside; an empty block past the end.
enum ClassicOffsetReplica {
    static let objectCount = 23

    static func register(on router: Router<BasicRequestContext>) {
        router.get("classic/objects") { request, _ in
            let query = Replica.query(request)
            let first = Replica.int(query, "idx_last_element", default: 0)
            let block = max(1, Replica.int(query, "block_size_paging", default: 20))
            let pages = (objectCount + block - 1) / block
            let objects = Replica.window(first, block, total: objectCount).map { index in
                Replica.object([("id", "\(index + 1)"), ("name", Replica.quote("Object \(index + 1)"))])
            }
            return Replica.json(Replica.object([
                ("objects", Replica.array(objects)), ("total_pages", "\(pages)"),
                ("current_page", "\(first / block + 1)"), ("block_size", "\(block)"),
            ]))
        }
    }
}
