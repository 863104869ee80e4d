import InfinilistCore
import InfinilistLoader
import Testing

/// Every API of docs/pagination-apis.md, through its replica, with the command line that
/// docs/pagination.md gives for it: every item, in order, once; no request past the known end;
/// the end reason in `-v`, the footer row and `--dump -v`. Each case runs through `--dump` and
/// through the screen model.
@Suite struct ReplicaTests {
    private static func numbers(_ range: ClosedRange<Int>) -> [String] { range.map(String.init) }

    private static func options(_ change: (inout SourceOptions) -> Void) -> SourceOptions {
        var options = SourceOptions()
        change(&options)
        return options
    }

    private static let followingNext = "following the next link at next (auto-detected; --next PATH to choose another field)"

    @Test func gitHubFollowsTheLinkHeader() async throws {
        let base = "/gh/repos/o/r/issues?per_page=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base,
            ids: Self.numbers(1001...1047).reversed(),
            requests: [base] + (2...5).map { "\(base)&page=\($0)" },
            end: "no rel=next",
            notes: ["following Link rel=next"]
        ))
    }

    @Test func gitHubWithoutALinkHeaderIsOnePage() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/gh/repos/o/r/issues?per_page=100",
            ids: Self.numbers(1001...1047).reversed(),
            requests: ["/gh/repos/o/r/issues?per_page=100"],
            end: "single page: no Link rel=next and no next link in the body"
        ))
    }

    @Test func gitHubWithPageNumbersStopsWhereLinkHasNoNext() async throws {
        let base = "/gh/repos/o/r/issues?per_page=10&page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{page}",
            ids: Self.numbers(1001...1047).reversed(),
            requests: (1...5).map { "\(base)\($0)" },
            end: "no rel=next",
            notes: ["dropping items already seen, by id (auto-detected; --id PATH to choose another field)"]
        ))
    }

    @Test func gitHubSearchStopsAtTheThousandthResultWithoutA422() async throws {
        let base = "/gh/search/issues?q=is:issue&per_page=100"
        try await ReplicaCheck.run(ReplicaCase(
            path: base,
            ids: Self.numbers(1...1000),
            requests: [base] + (2...10).map { "\(base)&page=\($0)" },
            end: "no rel=next",
            total: 1234
        ))
    }

    @Test func hackerNewsCountsFromZeroStopsAtNbPagesAndDropsShiftedStories() async throws {
        let base = "/hn/api/v1/search_by_date?tags=story&hitsPerPage=20&page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{page}",
            options: Self.options { $0.firstPage = 0 },
            idPath: "objectID",
            ids: (1...57).reversed().map { "s\($0)" },
            requests: (0...2).map { "\(base)\($0)" },
            end: "page 3 of 3 (nbPages)",
            notes: [
                "dropping items already seen, by objectID (auto-detected; --id PATH to choose another field)",
                "skipped 2 items already seen (same objectID)",
            ]
        ))
    }

    @Test func redditLeavesOutTheFirstCursorAndEndsOnANullAfter() async throws {
        let base = "/reddit/r/swift/new.json?limit=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&after={cursor}",
            idPath: "data.name",
            ids: (1...33).map { "t3_p\($0)" },
            requests: [base] + [10, 20, 30].map { "\(base)&after=t3_p\($0)" },
            end: "no cursor (data.after is null)",
            notes: ["cursor at data.after (auto-detected; --cursor PATH to choose another field)"]
        ))
    }

    @Test func stripeStartsAfterTheLastIdUntilHasMoreIsFalse() async throws {
        let base = "/stripe/v1/customers?limit=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&starting_after={last.id}",
            ids: (1...25).map(StripeReplica.id),
            requests: [base, base + "&starting_after=cus_010", base + "&starting_after=cus_020"],
            end: "has_more=false"
        ))
    }

    @Test func djangoPageNumbersFollowNextAndNeverAskForThe404Page() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/drf/accounts/",
            ids: Self.numbers(1...45),
            requests: ["/drf/accounts/"] + (2...5).map { "/drf/accounts/?page=\($0)" },
            end: "no next link (next is null)",
            notes: [Self.followingNext],
            total: 45
        ))
    }

    @Test func djangoLimitOffsetFollowsNext() async throws {
        let base = "/drf/limit/items/?limit=20"
        try await ReplicaCheck.run(ReplicaCase(
            path: base,
            ids: Self.numbers(1...45),
            requests: [base, base + "&offset=20", base + "&offset=40"],
            end: "no next link (next is null)",
            notes: [Self.followingNext]
        ))
    }

    @Test func pokeAPIFollowsNext() async throws {
        let base = "/pokeapi/api/v2/pokemon"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "?limit=20",
            idPath: "name",
            ids: (1...51).map { "pokemon-\($0)" },
            requests: [base + "?limit=20", base + "?offset=20&limit=20", base + "?offset=40&limit=20"],
            end: "no next link (next is null)",
            total: 51
        ))
    }

    @Test func djangoCursorFollowsNextWithAnEncodedCursor() async throws {
        let base = "/drf/cursor/events/"
        try await ReplicaCheck.run(ReplicaCase(
            path: base,
            ids: Self.numbers(1...31),
            requests: [base] + [10, 20, 30].map { "\(base)?cursor=\(DjangoRESTReplica.cursor($0))" },
            end: "no next link (next is null)"
        ))
    }

    @Test func jsonAPIFollowsLinksNextAsStringOrObject() async throws {
        let page = { (number: Int) in "/jsonapi/articles?page[number]=\(number)&page[size]=10" }
        try await ReplicaCheck.run(ReplicaCase(
            path: page(1),
            ids: Self.numbers(1...23),
            requests: (1...3).map(page),
            end: "no next link (links.next is missing)",
            notes: ["following the next link at links.next (auto-detected; --next PATH to choose another field)"]
        ))
    }

    @Test func halFollowsRelativeLinksToEmbeddedItems() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/hal/orders",
            ids: Self.numbers(1...25),
            requests: ["/hal/orders", "/hal/orders?page=2", "/hal/orders?page=3"],
            end: "no next link (_links.next is missing)",
            notes: ["following the next link at _links.next (auto-detected; --next PATH to choose another field)"]
        ))
    }

    @Test func springDataRESTStripsTheURITemplateFromNextLinks() async throws {
        let page = { (number: Int) in "/sdr/people?page=\(number)&size=10" }
        try await ReplicaCheck.run(ReplicaCase(
            path: page(0),
            idPath: "lastName",
            ids: (1...27).map { "Last\($0)" },
            requests: (0...2).map(page),
            end: "no next link (_links.next is missing)"
        ))
    }

    @Test func springPageCountsFromZeroAndStopsOnLast() async throws {
        let base = "/spring/products?page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{page}&size={limit}",
            options: Self.options {
                $0.firstPage = 0
                $0.pageSize = 10
            },
            ids: Self.numbers(1...25),
            requests: (0...2).map { "\(base)\($0)&size=10" },
            end: "last=true",
            total: 25
        ))
    }

    @Test func slackGoesOnThroughEmptyAndShortPagesUntilTheCursorIsEmpty() async throws {
        let base = "/slack/api/users.list?limit=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&cursor={cursor}",
            ids: (0..<SlackReplica.memberCount).map { "U\(100 + $0)" },
            requests: [base] + (1...3).map { "\(base)&cursor=\(SlackReplica.cursor($0))" },
            end: #"no cursor (response_metadata.next_cursor is "")"#,
            notes: ["cursor at response_metadata.next_cursor (auto-detected; --cursor PATH to choose another field)"]
        ))
    }

    @Test func googleGoesOnThroughAnEmptyPageUntilNoNextPageToken() async throws {
        let base = "/google/youtube/v3/playlistItems?part=snippet&maxResults=8"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&pageToken={cursor}",
            ids: (1...GoogleReplica.videoCount).map { "PLI\($0)" },
            requests: [base] + (1...3).map { "\(base)&pageToken=\(GoogleReplica.token($0))" },
            end: "no cursor (nextPageToken is missing)",
            notes: ["cursor at nextPageToken (auto-detected; --cursor PATH to choose another field)"]
        ))
    }

    @Test func mastodonFollowsALowercaseLinkHeaderToTheFinalEmptyPage() async throws {
        let base = "/mastodon/api/v1/timelines/public?limit=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base,
            ids: Self.numbers(1001...1025).reversed(),
            requests: [base] + [1016, 1006, 1001].map { "\(base)&max_id=\($0)" },
            end: "no rel=next"
        ))
    }

    @Test func jsonPlaceholderWithPageNumbersReadsTheTotalAndTheLinkHeader() async throws {
        let base = "/jsonplaceholder/posts?_page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{page}&_limit={limit}",
            options: Self.options { $0.pageSize = 10 },
            ids: Self.numbers(1...35),
            requests: (1...4).map { "\(base)\($0)&_limit=10" },
            end: "no rel=next",
            total: 35
        ))
    }

    @Test func jsonPlaceholderWithoutPlaceholdersFollowsTheLinkHeader() async throws {
        let base = "/jsonplaceholder/posts?_page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "1&_limit=10",
            ids: Self.numbers(1...35),
            requests: (1...4).map { "\(base)\($0)&_limit=10" },
            end: "no rel=next"
        ))
    }

    @Test func gitLabFollowsTheLinkHeader() async throws {
        let base = "/gitlab/api/v4/projects/1/issues"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "?per_page=10",
            ids: Self.numbers(500...522),
            requests: [base + "?per_page=10", base + "?page=2&per_page=10", base + "?page=3&per_page=10"],
            end: "no rel=next"
        ))
    }

    @Test func gitLabWithPageNumbersStopsAtXTotalPages() async throws {
        let base = "/gitlab/api/v4/projects/1/issues?per_page=10&page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{page}",
            ids: Self.numbers(500...522),
            requests: (1...3).map { "\(base)\($0)" },
            end: "page 3 of 3 (x-total-pages)",
            total: 23
        ))
    }

    @Test func gitLabWithoutTotalsStopsOnAnEmptyXNextPage() async throws {
        let base = "/gitlab/api/v4/projects/2/issues?per_page=10&page="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{page}",
            ids: Self.numbers(500...522),
            requests: (1...3).map { "\(base)\($0)" },
            end: "x-next-page is empty"
        ))
    }

    @Test func notionPassesNextCursorAsStartCursorUntilHasMoreIsFalse() async throws {
        let base = "/notion/v1/users?page_size=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&start_cursor={cursor}",
            ids: (0..<27).map(NotionReplica.id),
            requests: [base, base + "&start_cursor=\(NotionReplica.id(10))", base + "&start_cursor=\(NotionReplica.id(20))"],
            end: "has_more=false"
        ))
    }

    @Test func xFollowsNextTokenToAPageWithoutData() async throws {
        let base = "/x/2/users/1/tweets?max_results=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&pagination_token={cursor}",
            ids: (0..<30).map { String(1_800_000 - $0) },
            requests: [base] + [10, 20, 30].map { "\(base)&pagination_token=\(XReplica.token($0))" },
            end: "no cursor (meta.next_token is missing)",
            notes: ["cursor at meta.next_token (auto-detected; --cursor PATH to choose another field)"]
        ))
    }

    @Test func shopifyFollowsLinkNextPastItsPreviousRelation() async throws {
        let base = "/shopify/admin/api/2024-01/products.json?limit=10"
        try await ReplicaCheck.run(ReplicaCase(
            path: base,
            ids: Self.numbers(632_910_392...632_910_415),
            requests: [base, "\(base)&page_info=\(ShopifyReplica.pageInfo(10))", "\(base)&page_info=\(ShopifyReplica.pageInfo(20))"],
            end: "no rel=next"
        ))
    }

    @Test func elasticsearchFromAndSizeStopAtHitsTotal() async throws {
        let base = "/es/logs/_search?size=10&from="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{offset}",
            idPath: "_id",
            ids: (1...25).map { "log-\($0)" },
            requests: [0, 10, 20].map { "\(base)\($0)" },
            end: "all 25 items received (hits.total.value)",
            total: 25
        ))
    }

    @Test func elasticsearchSearchAfterAsGETUsesTheLastSortValues() async throws {
        let base = "/es/logs/_search?size=10&track_total_hits=20"
        let after = { (index: Int) in
            let (time, id) = ElasticsearchReplica.sortValues(index)
            return "\(base)&search_after=[\(time),\"\(id)\"]"
        }
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&search_after={last.sort}",
            idPath: "_id",
            ids: (1...25).map { "log-\($0)" },
            requests: [base, after(9), after(19), after(24)],
            end: "end of list (page 4 is empty)"
        ))
    }

    @Test func classicOffsetAPIStopsAtTotalPages() async throws {
        let base = "/classic/objects?idx_last_element="
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "{offset}&block_size_paging={limit}",
            options: Self.options { $0.pageSize = 10 },
            ids: Self.numbers(1...23),
            requests: [0, 10, 20].map { "\(base)\($0)&block_size_paging=10" },
            end: "page 3 of 3 (total_pages)"
        ))
    }
}
