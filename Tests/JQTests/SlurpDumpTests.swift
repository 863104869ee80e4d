import InfinilistCore
import JQ
import Testing

/// `--dump --slurp`: nothing is written until the list has ended whole; a walk that fails (or is
/// interrupted) writes nothing of the program's answer, which would be wrong for a part.
@Suite struct SlurpDumpTests {
    private func items(_ range: Range<Int>) -> [Item] {
        range.map { Item(json: #"{"n":\#($0)}"#, text: "", id: String($0)) }
    }

    private func dump() throws -> DumpModel {
        var model = DumpModel()
        model.query = JQItemQuery(program: try JQProgram("map(.n) | add"))
        model.slurp = Slurp(limit: 1 << 20)
        return model
    }

    private func lines(_ effects: [Effect]) -> [String] {
        effects.flatMap { effect -> [String] in if case .outputLines(let lines) = effect { lines } else { [] } }
    }

    @Test func theProgramRunsOnceWhenTheListEnds() throws {
        var model = try dump()
        guard case .load(let first)? = model.start().first else { Issue.record("no request"); return }
        let afterFirst = model.update(.pageLoaded(PageResult(request: first, items: items(0..<50))), at: 0)
        #expect(lines(afterFirst).isEmpty)
        guard case .load(let second)? = afterFirst.first(where: { if case .load = $0 { true } else { false } }) else {
            Issue.record("no second request: \(afterFirst)")
            return
        }
        let atEnd = model.update(.pageLoaded(PageResult(request: second, items: items(50..<100), end: EndReason("last page"))), at: 1)
        #expect(lines(atEnd) == ["4950"])
        #expect(atEnd.contains { if case .quit(0, _) = $0 { true } else { false } })
    }

    @Test func aWalkThatFailsWritesNothing() throws {
        var model = try dump()
        guard case .load(let first)? = model.start().first else { Issue.record("no request"); return }
        let afterFirst = model.update(.pageLoaded(PageResult(request: first, items: items(0..<50))), at: 0)
        guard case .load(let second)? = afterFirst.first(where: { if case .load = $0 { true } else { false } }) else { return }
        let failed = model.update(.pageFailed(PageFailure(request: second, message: "HTTP 503")), at: 1)
        #expect(lines(failed).isEmpty)
        #expect(failed.contains { if case .report(let text) = $0 { text.contains("--slurp: the list did not end whole; nothing written") } else { false } })
        #expect(failed.contains { if case .quit(1, _) = $0 { true } else { false } })
    }
}
