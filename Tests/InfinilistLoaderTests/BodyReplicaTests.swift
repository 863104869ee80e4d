import Foundation
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// The APIs that page with a request body, or need a first cursor, through their replicas and the
/// flags docs/pagination.md gives: every item, in order, once; no request past the known end; and
/// the exact body of every request (the first one without the cursor member). Each case runs
/// through `--dump` and through the screen model.
@Suite struct BodyReplicaTests {
    private static func options(_ change: (inout SourceOptions) -> Void) -> SourceOptions {
        var options = SourceOptions()
        change(&options)
        return options
    }

    @Test func notionDatabaseQueryPostsStartCursorInTheBodyAndLeavesItOutFirst() async throws {
        let path = "/notion/v1/databases/8a3f/query"
        let filter = #""filter":{"property":"Done","checkbox":{"equals":false}}"#
        let body = { (cursor: String?) in
            "POST {\(filter)" + (cursor.map { #","start_cursor":"\#($0)""# } ?? "") + #","page_size":10}"#
        }
        try await ReplicaCheck.run(ReplicaCase(
            path: path,
            options: Self.options {
                $0.headers = ["Authorization: Bearer secret_abc", "Notion-Version: 2022-06-28"]
                $0.body = #"{"filter": {"property": "Done", "checkbox": {"equals": false}}, "start_cursor": "{cursor}", "page_size": {limit}}"#
                $0.pageSize = 10
            },
            ids: (0..<NotionDatabaseReplica.rowCount).map(NotionDatabaseReplica.id),
            requests: [path, path, path],
            bodies: [body(nil), body(NotionDatabaseReplica.id(10)), body(NotionDatabaseReplica.id(20))],
            end: "has_more=false",
            notes: [
                "paging by cursors ({cursor} in the body, from a cursor field found in the first response)",
                "cursor at next_cursor (auto-detected; --cursor PATH to choose another field)",
                "POST body of 73 bytes (its text is not shown: it may hold a secret)",
            ]
        ))
    }

    @Test func elasticsearchSearchAfterPostsTheLastHitsSortArray() async throws {
        let path = "/es/logs/_search"
        let head = #"{"size":10,"query":{"match":{"service":"api"}},"sort":[{"@timestamp":"desc"},{"_id":"asc"}]"#
        let after = { (index: Int) in
            let (time, id) = ElasticsearchReplica.sortValues(index)
            return "POST \(head),\"search_after\":[\(time),\"\(id)\"]}"
        }
        try await ReplicaCheck.run(ReplicaCase(
            path: path,
            options: Self.options {
                $0.body = """
                    {
                      "size": {limit},
                      "query": {"match": {"service": "api"}},
                      "sort": [{"@timestamp": "desc"}, {"_id": "asc"}],
                      "search_after": {last.sort}
                    }
                    """
                $0.pageSize = 10
            },
            idPath: "_id",
            ids: (1...25).map { "log-\($0)" },
            requests: [path, path, path],
            bodies: ["POST \(head)}", after(9), after(19)],
            end: "all 25 items received (hits.total.value)",
            notes: ["paging by fields of the last item received ({last.sort} in the body)"],
            total: 25
        ))
    }

    /// A point in time: its id opened beforehand is the first cursor, each answer's `pit_id` the
    /// next, and `search_after` the last hit's sort values. The walk ends on the first empty page:
    /// there is no hit to continue after.
    @Test func elasticsearchPointInTimeFollowsPitIdAndSearchAfterTogether() async throws {
        let path = "/es/_search"
        let body = { (pit: String, after: Int?) in
            let search = after.map { index in
                let (time, id) = ElasticsearchReplica.sortValues(index)
                return ",\"search_after\":[\(time),\"\(id)\"]"
            } ?? ""
            return #"POST {"size":10,"pit":{"id":"\#(pit)","keep_alive":"1m"},"sort":[{"@timestamp":"desc"},{"_shard_doc":"asc"}]"# + search + "}"
        }
        try await ReplicaCheck.run(ReplicaCase(
            path: path,
            options: Self.options {
                $0.body = #"{"size": {limit}, "pit": {"id": "{cursor}", "keep_alive": "1m"}, "sort": [{"@timestamp": "desc"}, {"_shard_doc": "asc"}], "search_after": {last.sort}}"#
                $0.firstCursor = "pit-open"
                $0.cursorPath = "pit_id"
                $0.pageSize = 10
            },
            idPath: "_id",
            ids: (1...25).map { "log-\($0)" },
            requests: [path, path, path, path],
            bodies: [body("pit-open", nil), body("pit-10", 9), body("pit-20", 19), body("pit-25", 24)],
            end: "end of list (page 4 is empty)"
        ))
    }

    @Test func openAlexStartsWithTheFirstCursorStar() async throws {
        let base = "/openalex/works?filter=publication_year:2024&per-page=25"
        try await ReplicaCheck.run(ReplicaCase(
            path: base + "&cursor={cursor}",
            options: Self.options { $0.firstCursor = "*" },
            ids: (0..<OpenAlexReplica.workCount).map(OpenAlexReplica.workID),
            requests: [base + "&cursor=*"] + [25, 50, 57].map { base + "&cursor=" + OpenAlexReplica.cursor($0) },
            end: "no cursor (meta.next_cursor is null)",
            notes: [
                "paging by cursors ({cursor} in the URL, from a cursor field found in the first response, the first one --first-cursor '*')",
                "cursor at meta.next_cursor (auto-detected; --cursor PATH to choose another field)",
            ]
        ))
    }

    /// Without `--first-cursor`, OpenAlex pages by number and sends no cursor: one page, and the
    /// reason says so. This is why the recipe needs the flag.
    @Test func openAlexWithoutTheFirstCursorGetsOnePage() async throws {
        try await withTestServer { base, log in
            let source = try HTTPSource(url: base + "/openalex/works?per-page=25&cursor={cursor}", options: SourceOptions())
            let output = LineCollector()
            let errors = LineCollector()
            _ = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
            await source.close()
            #expect(output.lines.count == 25)
            #expect(log.all == ["/openalex/works?per-page=25"])
            #expect(errors.lines.last == "end: no cursor (meta.next_cursor is null) (25 items)")
        }
    }
}
