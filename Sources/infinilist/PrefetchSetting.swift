import ArgumentParser
import InfinilistCore

/// `--prefetch auto` or `--prefetch N`, parsed into the core's policy.
enum PrefetchSetting: ExpressibleByArgument, Equatable {
    case auto
    case rows(Int)

    init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let rows = Int(argument) {
            // A negative number parses, so that the check names it (CommandOptions+Checks).
            self = .rows(rows)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .auto: return "auto"
        case .rows(let rows): return String(rows)
        }
    }

    var policy: PrefetchPolicy {
        switch self {
        case .auto: return .auto
        case .rows(let rows): return .fixed(rows)
        }
    }
}
