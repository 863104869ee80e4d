/// A date as a short age, the way people scan lists of posts and issues: `now`, `12m`, `3h`,
/// `2d`, then the calendar date `Mar 4` within a year, and the year alone beyond. Never wider
/// than `AgeText.maxWidth`, so a date column's width holds every value a later page can bring.
public enum AgeText {
    /// The widest text this gives (`Mar 14`).
    public static let maxWidth = 6

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The age of `date` (seconds since 1970) at `now`. Without a clock, or for a date more than
    /// a minute in the future (a due date, a skewed server clock), the calendar date.
    public static func text(_ date: Double, now: WallClock?) -> String {
        guard let now else { return calendar(date, utcOffset: 0, now: nil) }
        let age = now.seconds - date
        if age < -60 { return calendar(date, utcOffset: now.utcOffset, now: now) }
        if age < 60 { return "now" }
        if age < 3600 { return "\(Int(age / 60))m" }
        if age < 86_400 { return "\(Int(age / 3600))h" }
        if age < 30 * 86_400 { return "\(Int(age / 86_400))d" }
        return calendar(date, utcOffset: now.utcOffset, now: now)
    }

    /// When `text(date, now:)` next reads differently: at the next minute, hour or day of the
    /// age; within a minute for calendar dates (a bound, not the exact change). Without a clock,
    /// at once (-∞): what was shown before the clock was known is shown anew once it is.
    public static func changesAt(_ date: Double, now: WallClock?) -> Double {
        guard let now else { return -.infinity }
        let age = now.seconds - date
        if age < -60 { return min(date - 60, now.seconds + 60) }
        if age < 60 { return date + 60 }
        if age < 3600 { return date + ((age / 60).rounded(.down) + 1) * 60 }
        if age < 86_400 { return date + ((age / 3600).rounded(.down) + 1) * 3600 }
        if age < 30 * 86_400 { return date + ((age / 86_400).rounded(.down) + 1) * 86_400 }
        return now.seconds + 60
    }

    /// `Mar 4` when within a year of `now` (or with no clock), else the year.
    private static func calendar(_ date: Double, utcOffset: Int, now: WallClock?) -> String {
        let local = (date + Double(utcOffset)) / 86_400
        guard local.isFinite, abs(local) < 10_000_000 else { return "?" }
        let (year, month, day) = DateValue.civil(daysSinceEpoch: Int(local.rounded(.down)))
        if let now, abs(now.seconds - date) >= 365 * 86_400 { return String(year) }
        return "\(months[month - 1]) \(day)"
    }
}
