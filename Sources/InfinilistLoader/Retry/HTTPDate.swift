/// Reads the date formats HTTP allows in `Retry-After` (RFC 9110 §5.6.7): the preferred
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete RFC 850
/// `Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994` that recipients must
/// still accept. Hand-written and pure (no locale, no `DateFormatter`), so it behaves the same
/// everywhere and can be fuzzed; anything it does not recognise is nil, never a guess.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// Seconds since 1970-01-01 00:00 UTC, or nil when `text` is not an HTTP date.
    static func secondsSince1970(_ text: String) -> Int64? {
        guard text.utf8.count <= 64 else { return nil }
        var tokens = text.lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "\t" })
            .map(String.init)
        guard let first = tokens.first else { return nil }
        if weekdays.contains(first) { tokens.removeFirst() }
        if tokens.last == "gmt" || tokens.last == "utc" { tokens.removeLast() }
        guard tokens.count == 4 else { return nil }

        let day: Int, month: Int, year: Int, time: String
        if let asctimeMonth = months.firstIndex(of: tokens[0]) {
            // asctime: month day time year
            guard let d = number(tokens[1], digits: 1...2), let y = number(tokens[3], digits: 4...4) else { return nil }
            (day, month, year, time) = (d, asctimeMonth + 1, y, tokens[2])
        } else {
            // IMF-fixdate (4-digit year) or RFC 850 (2-digit year): day month year time
            guard let d = number(tokens[0], digits: 1...2), let m = months.firstIndex(of: tokens[1]),
                  let y = number(tokens[2], digits: 2...4), tokens[2].count != 3
            else { return nil }
            // RFC 850's two-digit years: 70-99 are 19xx, 00-69 are 20xx.
            let fullYear = tokens[2].count == 2 ? (y >= 70 ? 1900 + y : 2000 + y) : y
            (day, month, year, time) = (d, m + 1, fullYear, tokens[3])
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3,
              let hour = number(String(clock[0]), digits: 2...2), hour < 24,
              let minute = number(String(clock[1]), digits: 2...2), minute < 60,
              let second = number(String(clock[2]), digits: 2...2), second <= 60,
              year >= 1, day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// A decimal number of exactly `digits` ASCII digits.
    private static func number(_ text: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
