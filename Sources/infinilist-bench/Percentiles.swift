/// Nearest-rank percentiles: with 200 samples p99 is the second-largest, a real observed value
/// rather than an interpolation between two.
struct Percentiles {
    private let sorted: [Double]

    init(_ samples: [Double]) { sorted = samples.sorted() }

    var count: Int { sorted.count }
    var isEmpty: Bool { sorted.isEmpty }

    /// The value at percentile `p` (0...100); nil without samples.
    func at(_ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    var median: Double? { at(50) }
    var p99: Double? { at(99) }
    var maximum: Double? { sorted.last }
    var mean: Double? { sorted.isEmpty ? nil : sorted.reduce(0, +) / Double(sorted.count) }
}
