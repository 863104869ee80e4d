import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import JQ
import Testing

/// `--dump --parallel N` against the real test server, whose pages each take 100 ms: items come
/// out whole and in order, up to N requests overlap, at most N − 1 go past the end (none with a
/// total), a 429 drops to one at a time, and the default never overlaps requests.
@Suite struct ParallelDumpTests {
    private struct Run {
        let lines: [String]
        let notes: [String]
        let status: Int32
    }

    private static func dump(_ url: String, depth: Int? = nil, maxItems: Int? = nil, jq: String? = nil) async throws -> Run {
        var options = SourceOptions()
        options.pageSize = 10
        let source = try HTTPSource(url: url, options: options)
        let output = LineCollector()
        let errors = LineCollector()
        let readAhead = depth.map { ReadAhead(depth: $0, itemBudget: maxItems) }
        var dumper = Dumper(maxItems: maxItems, verbose: true, readAhead: readAhead)
        if let jq { dumper.query = JQItemQuery(program: try JQProgram(jq)) }
        let status = await dumper.run(source: source, output: output, errors: errors)
        await source.close()
        return Run(lines: output.lines, notes: errors.lines, status: status)
    }

    private static func ids(_ lines: [String]) -> [Int] {
        lines.compactMap { line in
            guard case .object(let fields)? = try? JSONParser.parse(line), let id = fields.first(where: { $0.key == "id" })?.value,
                  case .number(let text) = id else { return nil }
            return Int(text)
        }
    }

    private static func requests(_ log: RequestLog, _ route: String) -> Int {
        log.count { $0.hasPrefix("/parallel/\(route)?") }
    }

    @Test func pageNumbersFourAtATimeComeOutInOrderWithAtMostThreePastTheEnd() async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base + "/parallel/pages4?page={page}&per_page={limit}", depth: 4)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            // At least two at once (one at a time never overlaps: see the serial test); how many
            // more depends on how soon a busy machine launches them within the 100 ms.
            #expect(ParallelRoutes.gauge("pages4").most >= 2, "requests did not overlap: \(run.notes)")
            #expect(ParallelRoutes.gauge("pages4").most <= 4)
            // 10 pages, the empty 11th that ends the list, and at most 3 fetched past it.
            let requests = Self.requests(log, "pages4")
            #expect((11...14).contains(requests), "\(requests) requests")
            #expect(run.notes.contains("page 5: fetched ahead"), "\(run.notes)")
        }
    }

    /// `--jq` with `--parallel`: the outputs are made where the items are written, so they come
    /// out in the list's order however the pages arrived, the same lines as one at a time.
    @Test func aJqProgramsOutputsKeepTheListsOrder() async throws {
        try await withTestServer { base, _ in
            let program = "select(.id % 3 == 0) | {id, twice: (.id * 2)}"
            let parallel = try await Self.dump(base + "/parallel/jq4?page={page}&per_page={limit}", depth: 4, jq: program)
            let serial = try await Self.dump(base + "/parallel/jqserial?page={page}&per_page={limit}", jq: program)
            #expect(parallel.status == 0, "\(parallel.notes)")
            #expect(Self.ids(parallel.lines) == Array(stride(from: 3, through: 99, by: 3)))
            #expect(parallel.lines.first == #"{"id":3,"twice":6}"#)
            #expect(parallel.lines == serial.lines)
            #expect(ParallelRoutes.gauge("jq4").most >= 2, "requests did not overlap: \(parallel.notes)")
        }
    }

    @Test func offsetsFourAtATimeComeOutInOrder() async throws {
        try await withTestServer { base, _ in
            let run = try await Self.dump(base + "/parallel/offsets?offset={offset}&limit={limit}", depth: 4)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(ParallelRoutes.gauge("offsets").most >= 2, "requests did not overlap: \(run.notes)")
        }
    }

    /// With the total known from the first answer, nothing past it is requested.
    @Test func aKnownTotalMeansNoRequestPastTheEnd() async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base + "/parallel/total?page={page}&per_page={limit}&total=1", depth: 4)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(Self.requests(log, "total") == 10, "\(log.all)")
        }
    }

    /// A page count (`nbPages`) or a `rel="last"` link known from the first answer: nothing past
    /// the last page is requested (it once asked for 3 pages past Algolia's `nbPages` and 7
    /// past GitHub's `rel="last"` with `--parallel 8`).
    @Test(arguments: ["pagecount", "link"]) func aKnownLastPageMeansNoRequestPastIt(_ route: String) async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base + "/parallel/\(route)?page={page}&per_page={limit}&\(route)=1", depth: 8)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(Self.requests(log, route) == 10, "\(log.all)")
        }
    }

    /// A `Link` header with a `rel="last"` naming page 10 but no `rel="next"` does not end the list
    /// at page 1 ("no rel=next" once wrote 1 page of 4): it ends at the last page, serial or not.
    @Test(arguments: [1, 8]) func aLinkWithOnlyTheLastPageReadsToIt(depth: Int) async throws {
        try await withTestServer { base, log in
            let route = "lastonly\(depth)"
            let run = try await Self.dump(base + "/parallel/\(route)?page={page}&per_page={limit}&link=1&lastonly=1", depth: depth)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(Self.requests(log, route) == 10, "\(log.all)")
        }
    }

    /// A `rel="last"` that names no page number says there is a last page, not which: the list
    /// goes on to the first empty page instead of ending at page 1.
    @Test func aLinkWithAnUnreadableLastPageGoesOnToTheEmptyPage() async throws {
        try await withTestServer { base, log in
            let route = "lastbroken"
            let run = try await Self.dump(base + "/parallel/\(route)?page={page}&per_page={limit}&link=1&lastonly=1&lastbroken=1")
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(Self.requests(log, route) == 11, "\(log.all)")
        }
    }

    /// The default (`--dump` without `--parallel`) asks for the next page as soon as its key is
    /// known, but never has two requests out at once.
    @Test func theDefaultIsOneRequestAtATime() async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base + "/parallel/serial?page={page}&per_page={limit}")
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(ParallelRoutes.gauge("serial").most == 1)
            #expect(Self.requests(log, "serial") == 11)
        }
    }

    /// A 429 says the server wants fewer requests: the rest of the dump goes one at a time.
    @Test func aRateLimitDropsToOneRequestAtATime() async throws {
        try await withTestServer { base, _ in
            let run = try await Self.dump(base + "/parallel/limited?page={page}&per_page={limit}", depth: 4)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(run.notes.contains("a request had to wait: fetching one page at a time from now on"), "\(run.notes)")
        }
        // Without --parallel one page at a time is all there was: nothing to say (it once said it).
        try await withTestServer { base, _ in
            let run = try await Self.dump(base + "/parallel/limited?page={page}&per_page={limit}")
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...100))
            #expect(!run.notes.contains { $0.contains("one page at a time") }, "\(run.notes)")
        }
    }

    /// `--max-items` reached: no page is fetched ahead of a dump that is about to stop.
    @Test func maxItemsStopsTheReadAhead() async throws {
        try await withTestServer { base, log in
            let run = try await Self.dump(base + "/parallel/budget?page={page}&per_page={limit}", depth: 4, maxItems: 15)
            #expect(run.status == 0, "\(run.notes)")
            #expect(Self.ids(run.lines) == Array(1...15))
            // Page 2 is predicted (it starts at item 10), page 3 would start past the 15 wanted.
            #expect(Self.requests(log, "budget") == 2, "\(log.all)")
        }
    }
}
