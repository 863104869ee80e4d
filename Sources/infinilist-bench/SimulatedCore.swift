import InfinilistCore

/// The one place that knows how the simulation sets up the real core and tells it the time.
/// The core never reads a clock: the time of each message is an argument of `update(_:at:)`,
/// which is what keeps the simulation deterministic.
enum SimulatedCore {
    /// A fresh core with the given prefetch policy; nil when the core cannot do it (printed as
    /// "n/a").
    static func makeState(_ policy: PrefetchPolicy, size: Size) -> AppState? {
        AppState(config: AppConfig(sourceName: "simulation", prefetchPolicy: policy), size: size)
    }

    /// Applies `message` at `microseconds` of virtual time.
    static func update(_ state: inout AppState, _ message: Message, at microseconds: Int64) -> [Effect] {
        state.update(message, at: Double(microseconds) / 1e6)
    }
}
