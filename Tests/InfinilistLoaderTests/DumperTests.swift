import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

@Suite struct DumperTests {
    @Test func dumpsEveryItemOnceInOrderToTheEnd() async throws {
        try await withTestServer { base, log in
            let source = try HTTPSource(url: "\(base)/list?page={page}", options: SourceOptions())
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
            await source.close()

            #expect(status == 0)
            #expect(output.lines.count == 100)
            #expect(output.lines.first == #"{"id":1,"title":"Item 1","score":3}"#)
            let ids = try output.lines.map { line in try #require(JSONParser.parse(line).objectValue?["id"]?.scalarText) }
            #expect(ids == (1...100).map(String.init))
            #expect(log.all.filter { $0.hasPrefix("/list") } == (1...6).map { "/list?page=\($0)" })
            #expect(errors.lines.contains { $0.hasPrefix("page 3: 20 items in ") && $0.hasSuffix(" ms") })
            #expect(errors.lines.contains { $0.hasPrefix("paging by page numbers from 1") })
            #expect(errors.lines.last == "end: end of list (page 6 is empty) (100 items)")
        }
    }

    /// A dump drops what the list moved onto the next page, but remembers only its latest items
    /// (decision 78): remembering 10 (10 to 20 kept), it writes the items of page 1 again when
    /// they come back as page 12.
    @Test func dropsItemsSeenAmongItsLatestOnly() async throws {
        try await withTestServer { base, _ in
            let source = try HTTPSource(url: "\(base)/moving?page={page}", options: SourceOptions())
            let output = LineCollector()
            var dumper = Dumper()
            dumper.remembersItems = 10
            let status = await dumper.run(source: source, output: output, errors: LineCollector())
            await source.close()
            #expect(status == 0)
            let ids = try output.lines.map { line in try #require(JSONParser.parse(line).objectValue?["id"]?.scalarText) }
            #expect(ids == (1...34).map(String.init) + ["1", "2", "3", "4"])
        }
    }

    /// Items that come back page after page stay remembered however few are: an API serving
    /// the same three items with fresh cursors still ends after ten pages of nothing new, having
    /// written them once (it wrote all 33 before the repeats were dropped in every style).
    @Test func rememberingFewItemsStillEndsAnAPIThatRepeatsThem() async throws {
        try await withTestServer { base, log in
            let source = try HTTPSource(url: base + "/bad/same-items?cursor={cursor}", options: SourceOptions())
            let output = LineCollector()
            let errors = LineCollector()
            var dumper = Dumper(verbose: true)
            dumper.remembersItems = 2
            let status = await dumper.run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 0)
            #expect(log.all.count == 11)
            #expect(output.lines.count == 3)
            #expect(errors.lines.last == "end: 10 pages in a row brought nothing new (3 items)")
        }
    }

    @Test func stopsAtMaxItems() async throws {
        try await withTestServer { base, log in
            let source = try HTTPSource(url: "\(base)/list?page={page}", options: SourceOptions())
            let output = LineCollector()
            let status = await Dumper(maxItems: 30).run(source: source, output: output, errors: LineCollector())
            await source.close()
            #expect(status == 0)
            #expect(output.lines.count == 30)
            #expect(output.lines.last == #"{"id":30,"title":"Item 30","score":90}"#)
            #expect(log.all.count == 2)
        }
    }

    @Test func writesWhatItLoadedThenFails() async throws {
        try await withTestServer { base, _ in
            var options = SourceOptions()
            options.firstPage = 3   // page 3 works, page 4 always fails
            options.retry.retries = 0   // retries are tested in Faults/RetryTests
            let source = try HTTPSource(url: "\(base)/flaky?page={page}", options: options)
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper().run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 1)
            #expect(output.lines.count == 20)
            #expect(output.flushes >= 1)
            let error = try #require(errors.lines.last)
            #expect(error.hasPrefix("infinilist: HTTP 500 Internal Server Error from 127.0.0.1:"))
            #expect(error.hasSuffix(": database is warming up (page 2; 20 items written)"))
        }
    }

    @Test func dumpsTheFiniteDemoFeed() async throws {
        let output = LineCollector()
        let errors = LineCollector()
        let status = await Dumper(verbose: true).run(
            source: DemoSource(items: 130, pageSize: 50, latency: .zero),
            output: output,
            errors: errors
        )
        #expect(status == 0)
        #expect(output.lines.count == 130)
        #expect(errors.lines.last == "end: end of demo feed (130 items)")
    }
}
