import InfinilistCore
import Testing
@testable import JQ

/// Not a benchmark with a threshold: prints items per second for a typical filter, so a
/// regression is visible in the test log.
@Suite struct ThroughputTests {
    @Test func selectOverSmallObjects() throws {
        let items: [JSONValue] = (0..<100_000).map { i in
            .object(["a": .number(String(i % 10)), "b": .string("x\(i)")])
        }
        let program = try JQProgram(".a | select(. > 5)")
        var outputs = 0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for item in items { try program.run(item) { _ in outputs += 1 } }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("JQ throughput: `.a | select(. > 5)` over \(items.count) objects: \(Int(Double(items.count) / seconds)) items/s (\(outputs) outputs)")
        #expect(outputs == 40_000)
    }

    @Test func runsConcurrently() async throws {
        let program = try JQProgram("[.[] | . * 2] | add")
        try await withThrowingTaskGroup(of: [JSONValue].self) { group in
            for _ in 0..<4 { group.addTask { try program.outputs(.array([.number("1"), .number("2")])) } }
            for try await result in group { #expect(result == [.number("6")]) }
        }
    }
}
