/// Everything one `make bench` run measured, before it is formatted.
struct BenchResults {
    /// infinilist, then the peers that ran (fzf, less), in table order.
    var keys: [KeyFigures]
    var arrivalToPaint: [Int64]
    var startupDemo: [Int64]
    var startupHTTP: [Int64]
    /// infinilist on the HTTP source, settled: its NIO threads and connection pool included.
    var idleHTTP: IdleWatch.Figures?
    var memory: TracedBenchmarks.MemoryFigures
    var simulation: [SimulationRow]
    /// Pipes and files; nil with `--no-streams`.
    var streams: StreamBenchmarks.Figures?

    struct SimulationRow {
        let latencyMs: Int
        let rowsPerSecond: Int
        let fixedRows: Int
        let fixed: PrefetchSimulation.Outcome?
        let adaptive: PrefetchSimulation.Outcome?
    }

    func figures(_ name: String) -> KeyFigures? { keys.first { $0.name == name } }
}

/// The summary figures the goals compare.
extension KeyFigures {
    var meanBytesPerDown: Double { Percentiles(down.map { Double($0.bytes) }).mean ?? 0 }
    /// ↓ presses that only move the cursor on screen: the first 25 (fzf's reversed list has 28
    /// rows, infinilist's 29; less scrolls on every ↓).
    var downInScreen: ArraySlice<KeySample> { down.prefix(25) }
    /// ↓ presses that scroll the list: from the 31st on, past every program's first screen.
    var downScrolling: ArraySlice<KeySample> { down.dropFirst(30) }
    static func meanBytes(_ samples: ArraySlice<KeySample>) -> Double {
        Percentiles(samples.map { Double($0.bytes) }).mean ?? .nan
    }
    var meanBytesPerPageDown: Double { Percentiles(pageDown.map { Double($0.bytes) }).mean ?? 0 }
    var downSettle: Percentiles { Percentiles(down.compactMap(\.settle).map(milliseconds)) }
    var pageDownSettle: Percentiles { Percentiles(pageDown.compactMap(\.settle).map(milliseconds)) }
}
