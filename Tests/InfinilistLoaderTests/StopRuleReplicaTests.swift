import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// The stop rules every style shares, against servers that would otherwise keep a pager busy
/// forever: a returning cursor, a cycle of next links, endless empty pages, no end at all.
@Suite struct StopRuleReplicaTests {
    @Test func aCursorThatComesBackStops() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/cursor-cycle?cursor={cursor}",
            ids: (1...9).map(String.init),
            requests: ["/bad/cursor-cycle", "/bad/cursor-cycle?cursor=c1", "/bad/cursor-cycle?cursor=c2"],
            end: "cursor repeated an earlier one"
        ))
    }

    @Test func nextLinksThatCycleStop() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/link-a",
            ids: ["1", "2"],
            requests: ["/bad/link-a", "/bad/link-b"],
            end: "next link repeated an earlier one"
        ))
    }

    @Test func aLongRunOfEmptyPagesStops() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/empty-forever?cursor={cursor}",
            ids: ["1"],
            requests: ["/bad/empty-forever"] + (1...10).map { "/bad/empty-forever?cursor=\($0)" },
            end: "10 empty pages in a row"
        ))
    }

    @Test func anAPIThatIgnoresThePageParameterStopsOnTheSecondPage() async throws {
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/ignores-page?p={page}",
            ids: ["1", "2"],
            requests: ["/bad/ignores-page?p=1", "/bad/ignores-page?p=2"],
            end: "page 2 repeats page 1: the API may ignore the paging parameter"
        ))
    }

    @Test func maxPagesCapsAnEndlessList() async throws {
        var options = SourceOptions()
        options.maxPages = 3
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/endless?page={page}",
            options: options,
            ids: (1...6).map(String.init),
            requests: (1...3).map { "/bad/endless?page=\($0)" },
            end: "--max-pages 3 reached"
        ))
    }

    @Test func aPageCycleComingBackAfterManyPagesStops() async throws {
        // Every id is remembered, not only a recent window: page 34 repeats page 1, and ten
        // pages of nothing new end the list instead of requesting forever.
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/page-cycle?page={page}",
            ids: (1...66).map(String.init),
            requests: (1...43).map { "/bad/page-cycle?page=\($0)" },
            end: "10 pages in a row brought nothing new",
            keep: 1000
        ))
    }

    @Test func aCursorAPIRepeatingItsItemsWithFreshCursorsStops() async throws {
        var options = SourceOptions()
        options.idPath = "id"
        try await ReplicaCheck.run(ReplicaCase(
            path: "/bad/same-items?cursor={cursor}",
            options: options,
            ids: ["1", "2", "3"],
            requests: ["/bad/same-items"] + (1...10).map { "/bad/same-items?cursor=\($0)" },
            end: "10 pages in a row brought nothing new"
        ))
    }

    @Test func withoutAnIdRepeatedItemsStillEndTheWalk() async throws {
        // Without an id an item's JSON identifies it: the items that come back on later pages are
        // dropped (equal items on one page are kept: they may both be real), and the pages that
        // bring nothing new end the walk. They were all written, 33 lines, before.
        try await withTestServer { base, log in
            let source = try HTTPSource(url: base + "/bad/same-items?cursor={cursor}", options: SourceOptions())
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 0)
            #expect(output.lines.count == 3)
            #expect(log.all.count == 11)
            #expect(errors.lines.last == "end: 10 pages in a row brought nothing new (3 items)")
        }
    }
}
