import Hummingbird

/// Hacker News search (Algolia): 0-based `page`, `hits` with `objectID`, `nbHits`, `nbPages`,
/// `hitsPerPage`; pages past `nbPages` answer `hits: []`; at most 1000 hits are reachable. New
/// stories arrive at the top while one pages: after the first request two more exist, so page 1
/// starts with two stories page 0 already had (the duplicates `objectID` must remove).
enum AlgoliaReplica {
    static let storyCount = 57
    static let arriving = 2

    static func register(on router: Router<BasicRequestContext>, log: RequestLog) {
        router.get("hn/api/v1/search_by_date") { request, _ in
            let query = Replica.query(request)
            let perPage = Replica.int(query, "hitsPerPage", default: 20)
            let page = Replica.int(query, "page", default: 0)
            let shifted = log.count { $0.hasPrefix("/hn/") } > 1
            // Newest first: story numbers storyCount...1, with the new ones (58, 59) above them.
            var stories = Array((1...storyCount).reversed())
            if shifted { stories.insert(contentsOf: (storyCount + 1...storyCount + arriving).reversed(), at: 0) }
            let reachable = min(stories.count, 1000)
            let pages = min((stories.count + perPage - 1) / perPage, 1000 / perPage)
            let hits: [String] = page < pages ? Replica.window(page * perPage, perPage, total: reachable).map { index in
                let story = stories[index]
                return Replica.object([
                    ("created_at_i", "\(1_700_000_000 + story)"), ("title", Replica.quote("Story \(story)")),
                    ("points", "\(story * 2)"), ("objectID", Replica.quote("s\(story)")),
                ])
            } : []
            return Replica.json(Replica.object([
                ("hits", Replica.array(hits)), ("nbHits", "\(stories.count)"), ("page", "\(page)"),
                ("nbPages", "\(pages)"), ("hitsPerPage", "\(perPage)"), ("query", "\"\""),
            ]))
        }
    }
}
