import InfinilistCore

/// Formats a UTC timestamp as `2026-11-21T10:00:00Z` without Foundation's date machinery
/// (whose output depends on the locale and time zone of the machine).
enum ISO8601Text {
    static func utc(epochSeconds: Int64) -> String {
        let days = floorDiv(epochSeconds, 86_400)
        let secondsOfDay = epochSeconds - days * 86_400
        let (year, month, day) = DateValue.civil(daysSinceEpoch: Int(days))
        return "\(pad(Int64(year), 4))-\(pad(Int64(month), 2))-\(pad(Int64(day), 2))T"
            + "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
