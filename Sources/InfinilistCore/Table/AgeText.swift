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

    /// `Mar 4` when within a year of `now` (or with no clock), else the year.
    private static func calendar(_ date: Double, utcOffset: Int, now: WallClock?) -> String {
        let local = (date + Double(utcOffset)) / 86_400
        guard local.isFinite, abs(local) < 10_000_000 else { return "?" }
        let (year, month, day) = DateValue.civil(daysSinceEpoch: Int(local.rounded(.down)))
        if let now, abs(now.seconds - date) >= 365 * 86_400 { return String(year) }
        return "\(months[month - 1]) \(day)"
    }
}
