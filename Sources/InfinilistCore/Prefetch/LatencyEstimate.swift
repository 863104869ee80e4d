/// A moving average of page latency, so the prefetch distance follows the network as it is now
/// rather than one lucky or unlucky page.
public struct LatencyEstimate: Sendable, Equatable {
    /// Seconds; nil until the first page has arrived.
    public private(set) var seconds: Double?
    /// Weight of the newest sample: 0.3 follows a change within three or four pages.
    let weight: Double

    public init(weight: Double = 0.3) {
        self.weight = weight
    }

    public mutating func record(_ latency: Double) {
        guard latency.isFinite, latency >= 0 else { return }
        if let current = seconds {
            seconds = current + weight * (latency - current)
        } else {
            seconds = latency
        }
    }
}
