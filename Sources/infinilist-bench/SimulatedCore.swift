import InfinilistCore

/// How the simulated core picks its prefetch distance: a fixed number of rows (`--prefetch N`)
/// or adaptive (`--prefetch auto`, from page latency and scroll speed).
enum PrefetchSetting: CustomStringConvertible {
    case fixed(Int)
    case adaptive

    var description: String {
        switch self {
        case .fixed(let rows): return "fixed \(rows)"
        case .adaptive: return "auto"
        }
    }
}

/// The one place that knows how the simulation sets up the real core and tells it the time.
/// The core never reads a clock: the time of each message is an argument of `update(_:at:)`,
/// which is what keeps the simulation deterministic.
enum SimulatedCore {
    /// A fresh core for the setting; nil when the core cannot do it (printed as "n/a").
    static func makeState(_ setting: PrefetchSetting, size: Size) -> AppState? {
        let policy: PrefetchPolicy
        switch setting {
        case .fixed(let rows): policy = .fixed(rows)
        case .adaptive: policy = .auto
        }
        return AppState(config: AppConfig(sourceName: "simulation", prefetchPolicy: policy), size: size)
    }

    /// Applies `message` at `microseconds` of virtual time.
    static func update(_ state: inout AppState, _ message: Message, at microseconds: Int64) -> [Effect] {
        state.update(message, at: Double(microseconds) / 1e6)
    }
}
