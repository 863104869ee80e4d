import Hummingbird
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing
import TestSupport

/// The server says there is more, but gives nothing paging can follow: `--dump` writes what it
/// read, says why paging stopped, and exits 1, so a script can tell a partial export (it exited
/// 0 with a next link holding a space; hostile pass, session 18). A list that really ended exits 0.
@Suite struct StoppedShortTests {
    private static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("broken-next") { _, _ in Replica.json(#"{"items": [{"id": 1}], "next": "http://127.0.0.1:1/items?p=2&q=a b"}"#) }
        router.get("last") { _, _ in Replica.json(#"{"items": [{"id": 1}], "next": null}"#) }
        return router
    }

    @Test func aNextLinkThatCannotBeRequestedMakesTheDumpFail() async throws {
        try await withLocalServer(router: Self.router()) { port in
            for (path, status) in [("/broken-next", Int32(1)), ("/last", 0)] {
                let source = try HTTPSource(url: "http://127.0.0.1:\(port)\(path)", options: SourceOptions())
                let output = LineCollector()
                let errors = LineCollector()
                let code = await Dumper().run(source: source, output: output, errors: errors)
                await source.close()
                #expect(code == status, "\(path): \(errors.lines)")
                #expect(output.lines == [#"{"id":1}"#])
                if status == 1 {
                    #expect(errors.lines.contains { $0.hasPrefix("end: the next link") }, "\(errors.lines)")
                    #expect(errors.lines.last == "infinilist: 1 item written, but paging stopped short of the list's end (said above)")
                }
            }
        }
    }
}
