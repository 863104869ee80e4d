/// How far ahead of the cursor the next page is requested.
///
/// A fixed distance is either too short for a fast scroller on a slow network (the spinner is
/// seen) or wasteful for a slow reader. `auto` asks for the next page early enough that it
/// arrives before the cursor gets there: the distance covers the rows the user will scroll while
/// a page loads, with a safety factor for jitter, and never less than the fixed floor.
public enum PrefetchPolicy: Sendable, Equatable, CustomStringConvertible {
    /// Exactly this many rows (`--prefetch N`).
    case fixed(Int)
    /// At least one screen, more when scrolling fast on a slow network (`--prefetch auto`).
    case auto

    /// Headroom over the expected travel while a page loads: latency varies, and key repeat
    /// can speed up.
    static let safetyFactor = 2.0
    /// The most rows ahead `auto` will ever ask for, so a wild estimate cannot fetch a hundred
    /// pages the user never sees.
    static let maximumRows = 5_000

    /// Reads `--prefetch`'s value: `auto`, or a number of rows (0 or more); nil for anything else.
    public init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let rows = Int(argument) {
            // A negative number parses, so that the command's check names it rather than
            // the parser saying only that the value is not valid.
            self = .fixed(rows)
        } else {
            return nil
        }
    }

    /// As `--prefetch` takes it: `auto` or the number of rows.
    public var description: String {
        switch self {
        case .fixed(let rows): return String(rows)
        case .auto: return "auto"
        }
    }

    /// The distance in rows for the given screen height, speed and latency.
    public func distance(screenRows: Int, rowsPerSecond: Double, latency: Double?) -> Int {
        switch self {
        case .fixed(let rows):
            return rows
        case .auto:
            let floor = max(1, screenRows)
            guard let latency, rowsPerSecond > 0 else { return floor }
            let travel = rowsPerSecond * latency * Self.safetyFactor
            guard travel.isFinite else { return Self.maximumRows }
            return min(Self.maximumRows, max(floor, Int(travel.rounded(.up))))
        }
    }
}
