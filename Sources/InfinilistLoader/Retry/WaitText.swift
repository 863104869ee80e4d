/// Waits as people read them in a footer row: `45 s`, `38 min`, `2 h 5 min`, `12 days`.
enum WaitText {
    /// Past this a server's figure is no wait anyone means (a Retry-After of 10^20 s was shown as
    /// "11574074 days"): it is said as out of range.
    static let longestShown: Double = 366 * 86_400

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "a very long time" }
        if seconds > longestShown { return "over a year (a figure out of range)" }
        let whole = Int(min(seconds, 1e12).rounded(.up))
        if whole < 60 { return "\(whole) s" }
        let minutes = (whole + 59) / 60
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours >= 48 { return "\(hours / 24) days" }
        return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min"
    }
}
