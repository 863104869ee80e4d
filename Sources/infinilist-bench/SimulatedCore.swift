import InfinilistCore

/// How the simulated core picks its prefetch distance: a fixed number of rows (`--prefetch N`)
/// or adaptive (`--prefetch auto`, from latency and scroll speed).
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

/// The one place that knows how to set up the real core for a prefetch setting and how to tell it
/// the time. When the core gains `--prefetch auto`, only this file changes: return a state for
/// `.adaptive`, and pass the virtual time with the key if the core's velocity estimate takes it
/// from the message (the simulation is deterministic only if the core never reads a clock).
enum SimulatedCore {
    /// A fresh core for the setting; nil when the core cannot do it yet (printed as "n/a").
    static func makeState(_ setting: PrefetchSetting, size: Size) -> AppState? {
        switch setting {
        case .fixed(let rows):
            return AppState(config: AppConfig(sourceName: "simulation", prefetch: rows), size: size)
        case .adaptive:
            // Not in the core yet (AppConfig has a fixed distance only).
            return nil
        }
    }

    /// The message for one ↓ press at `seconds` of virtual time.
    static func down(at seconds: Double) -> Message {
        .key(.down)
    }
}
