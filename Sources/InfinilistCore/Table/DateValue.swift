/// Reads the dates APIs send, without Foundation's date machinery (whose behaviour depends on the
/// machine's locale): ISO-8601 / RFC 3339 strings, and Unix times in seconds or milliseconds.
public enum DateValue {
    /// Seconds since 1970 for an ISO-8601 date or date-time: `2024-03-04`,
    /// `2024-03-04T10:11:12Z`, with `t` or a space for `T`, optional seconds and fraction, and a
    /// zone `Z`, `±hh:mm`, `±hhmm` or `±hh` (none means UTC). Anything else, or a field out of
    /// range (month 13, minute 61), is nil: the whole string must be a date.
    public static func iso8601(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes.count <= 40 else { return nil }
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[i..<(i + digits)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            i += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        guard i < bytes.count else { return seconds }
        guard bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let hour = number(2), hour <= 23, expect(UInt8(ascii: ":")), let minute = number(2), minute <= 59 else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(UInt8(ascii: ":")) {
            guard let second = number(2), second <= 60 else { return nil }
            seconds += Double(second)
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                var scale = 0.1
                let start = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                    seconds += Double(bytes[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        }
        guard i < bytes.count else { return seconds }
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) { return i == bytes.count ? seconds : nil }
        let sign: Double
        if expect(UInt8(ascii: "+")) { sign = 1 } else if expect(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = number(2), offsetHours <= 23 else { return nil }
        var offsetMinutes = 0
        if i < bytes.count {
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2), minutes <= 59 else { return nil }
            offsetMinutes = minutes
        }
        guard i == bytes.count else { return nil }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }

    /// Seconds since 1970 for a Unix time: seconds between 2001 and 2100, or milliseconds in
    /// the same span. Smaller or larger numbers are not taken for dates (counts, ids, prices).
    public static func unixTime(_ number: String) -> Double? {
        guard let value = Double(number), value.isFinite else { return nil }
        if value >= 1_000_000_000, value < 4_102_444_800 { return value }
        if value >= 1_000_000_000_000, value < 4_102_444_800_000 { return value / 1000 }
        return nil
    }

    /// Whether a field's name says it holds a point in time (`created`, `created_at`,
    /// `createdAt`, `created_utc`, `created_at_i`, `timestamp`, `date`), so that a number in it
    /// may be read as a Unix time.
    public static func isDateName(_ key: String) -> Bool {
        let lower = key.lowercased()
        let names: Set<String> = [
            "created", "updated", "modified", "published", "deleted", "closed", "edited", "time",
            "timestamp", "date", "ts", "datetime", "expires",
        ]
        if names.contains(lower) { return true }
        for suffix in ["_at", "_at_i", "_utc", "_time", "_date", "_ts", "_on", "_timestamp"] where lower.hasSuffix(suffix) {
            return true
        }
        // camelCase: createdAt, publishedOn, lastModifiedTime, creationTimestamp.
        return key.hasSuffix("At") || key.hasSuffix("On") || key.hasSuffix("Time") || key.hasSuffix("Date") || key.hasSuffix("Timestamp")
    }

    /// Howard Hinnant's `days_from_civil`: days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse: the date of a day count since 1970-01-01.
    public static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
