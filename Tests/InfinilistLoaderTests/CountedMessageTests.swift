import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// Counts in messages agree with their noun: "1 item", never "1 items".
@Suite struct CountedMessageTests {
    @Test func nounsFollowTheCount() {
        #expect(Counted.text(0, "item") == "0 items")
        #expect(Counted.text(1, "item") == "1 item")
        #expect(Counted.text(2, "retry", plural: "retries") == "2 retries")
        #expect(Counted.text(12_345, "item", grouped: true) == "12,345 items")
    }

    @Test func aDumpOfOneItemSaysOneItem() async throws {
        let output = LineCollector()
        let errors = LineCollector()
        let status = await Dumper(verbose: true).run(source: DemoSource(items: 1, pageSize: 50, latency: .zero), output: output, errors: errors)
        #expect(status == 0)
        #expect(errors.lines.contains { $0.hasPrefix("page 1: 1 item in ") }, "\(errors.lines)")
        #expect(errors.lines.last == "end: end of demo feed (1 item)")
    }
}
