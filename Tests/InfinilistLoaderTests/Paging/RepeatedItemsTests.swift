import Hummingbird
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing
import TestSupport

/// An API that answers items it already sent: each item is written by `--dump` and shown on the
/// screen once, whatever the paging style, with or without an id field. (A cursor API answering
/// the same 5 items with a fresh cursor each time was dumped as 55 lines; a page-numbered API whose
/// page 2 repeats page 1 wrote and showed both.)
@Suite struct RepeatedItemsTests {
    /// `/loop?cursor=C`: always the same five items, with a new cursor each time. `/swapi?page=N`:
    /// page 2 is page 1 again (SWAPI-like: a `next` field, items without ids), page 3 is empty.
    /// `ids=1` gives the items an `id`.
    private static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("loop") { request, _ in
            let query = request.uri.queryParameters
            let turn = Int(query["cursor"].map(String.init) ?? "0") ?? 0
            return Replica.json(#"{"items": [\#(items(withIDs: query["ids"] == "1"))], "next_cursor": "\#(turn + 1)"}"#)
        }
        router.get("swapi") { request, _ in
            let query = request.uri.queryParameters
            let page = Int(query["page"].map(String.init) ?? "1") ?? 1
            let results = page <= 2 ? items(withIDs: query["ids"] == "1") : ""
            return Replica.json(#"{"count": 5, "results": [\#(results)]}"#)
        }
        return router
    }

    private static func items(withIDs: Bool) -> String {
        ["Luke", "Leia", "Han", "Chewbacca", "R2-D2"].enumerated().map { index, name in
            withIDs ? #"{"id": \#(index + 1), "name": "\#(name)"}"# : #"{"name": "\#(name)", "height": \#(170 + index)}"#
        }.joined(separator: ", ")
    }

    static let cases: [(path: String, options: SourceOptions)] = {
        var cursor = SourceOptions()
        cursor.cursorPath = "next_cursor"
        return [
            ("/loop?cursor={cursor}", cursor), ("/loop?cursor={cursor}&ids=1", cursor),
            ("/swapi?page={page}", SourceOptions()), ("/swapi?page={page}&ids=1", SourceOptions()),
        ]
    }()

    @Test(arguments: 0..<cases.count) func aDumpWritesEachItemOnce(_ index: Int) async throws {
        let (path, options) = Self.cases[index]
        try await withLocalServer(router: Self.router()) { port in
            let source = try HTTPSource(url: "http://127.0.0.1:\(port)" + path, options: options)
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 0, "\(errors.lines)")
            let names = output.lines.compactMap { try? JSONParser.parse($0).objectValue?["name"]?.scalarText }
            #expect(names == ["Luke", "Leia", "Han", "Chewbacca", "R2-D2"], "\(path): \(errors.lines)")
            #expect(errors.lines.contains { $0.hasPrefix("skipped 5 items already seen") }, "\(errors.lines)")
        }
    }

    @Test(arguments: 0..<cases.count) func theScreenShowsEachItemOnce(_ index: Int) async throws {
        let (path, options) = Self.cases[index]
        try await withLocalServer(router: Self.router()) { port in
            let source = try HTTPSource(url: "http://127.0.0.1:\(port)" + path, options: options)
            let run = await ScreenModel.browse(source: source)
            await source.close()
            let names = run.items.map { $0.flatMap { try? JSONParser.parse($0.json).objectValue?["name"]?.scalarText } ?? "?" }
            #expect(names == ["Luke", "Leia", "Han", "Chewbacca", "R2-D2"], "\(path): \(run.footer)")
        }
    }
}
