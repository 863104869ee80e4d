/// Dates and times (RFC 3339 as TOML 1.0 takes it): `1979-05-27T07:32:00Z`,
/// `1979-05-27 00:32:00.999999-07:00`, `1979-05-27T07:32:00`, `1979-05-27`, `07:32:00`. Every
/// field has its fixed number of digits, seconds are required, and each part is checked against
/// the calendar and the clock.
extension TOMLParser {
    static let dateForms = "write a date as 1979-05-27, a time as 07:32:00, a date-time as 1979-05-27T07:32:00Z, 1979-05-27 07:32:00-07:00 or 1979-05-27T07:32:00 (a \"string\" if it is text)"

    /// At a digit: whether a date (`1979-`) or a time (`07:`) starts here.
    var startsDateOrTime: Bool {
        (isDigit(at: 0) && isDigit(at: 1) && peek(at: 2) == UInt8(ascii: ":"))
            || ((0..<4).allSatisfy(isDigit(at:)) && peek(at: 4) == UInt8(ascii: "-"))
    }

    /// At the first digit of a date or time (`startsDateOrTime`).
    mutating func dateTime() throws(TOMLSyntaxError) -> TOMLDateTime {
        let start = index
        var date: TOMLDateTime.Date?
        var time: TOMLDateTime.Time?
        var offset: Int?
        if peek(at: 2) == UInt8(ascii: ":") {
            time = try timeOfDay(start)
        } else {
            date = try fullDate(start)
            let delimiter = peek
            // A space joins a time only when a time follows (`1979-05-27 07:32:00`); else it is a blank.
            if delimiter == UInt8(ascii: "T") || delimiter == UInt8(ascii: "t")
                || (delimiter == UInt8(ascii: " ") && isDigit(at: 1) && isDigit(at: 2) && peek(at: 3) == UInt8(ascii: ":")) {
                index += 1
                time = try timeOfDay(start)
                offset = try timeOffset(start)
            }
        }
        if let byte = peek, !Self.endsToken(byte) { throw notADate(start) }
        return TOMLDateTime(text: String(decoding: bytes[start..<index], as: UTF8.self), date: date, time: time, offsetMinutes: offset)
    }

    /// `YYYY-MM-DD`, a day that exists in its month.
    private mutating func fullDate(_ start: Int) throws(TOMLSyntaxError) -> TOMLDateTime.Date {
        let year = try digits(4, start)
        try separator("-", start)
        let month = try digits(2, start)
        try separator("-", start)
        let day = try digits(2, start)
        guard (1...12).contains(month) else { throw outOfRange("the month must be 01 to 12", start) }
        let days = TOMLDateTime.days(inMonth: month, year: year)
        guard (1...days).contains(day) else {
            let month = month < 10 ? "0\(month)" : "\(month)"
            throw outOfRange("the day must be 01 to \(days) in month \(month) of \(year)", start)
        }
        return TOMLDateTime.Date(year: year, month: month, day: day)
    }

    /// `HH:MM:SS` with an optional fraction; the second may be 60 (a leap second).
    private mutating func timeOfDay(_ start: Int) throws(TOMLSyntaxError) -> TOMLDateTime.Time {
        let hour = try digits(2, start)
        try separator(":", start)
        let minute = try digits(2, start)
        try separator(":", start)
        let second = try digits(2, start)
        var nanosecond = 0
        if peek == UInt8(ascii: ".") {
            index += 1
            guard isDigit(at: 0) else { throw notADate(start) }
            var count = 0
            while let byte = peek, Self.isDigit(byte) {
                // Digits past the ninth are cut (TOML: truncated, not rounded).
                if count < 9 { nanosecond = nanosecond * 10 + Int(byte - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            for _ in min(count, 9)..<9 { nanosecond *= 10 }
        }
        guard hour < 24 else { throw outOfRange("the hour must be 00 to 23", start) }
        guard minute < 60 else { throw outOfRange("the minute must be 00 to 59", start) }
        guard second <= 60 else { throw outOfRange("the second must be 00 to 60", start) }
        return TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }

    /// `Z`, `+HH:MM` or `-HH:MM`, in minutes east of UTC; nil when none is written (a local
    /// date-time).
    private mutating func timeOffset(_ start: Int) throws(TOMLSyntaxError) -> Int? {
        switch peek {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
            return 0
        case let sign? where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            index += 1
            let hours = try digits(2, start)
            try separator(":", start)
            let minutes = try digits(2, start)
            guard hours < 24, minutes < 60 else {
                throw outOfRange("an offset's hours must be 00 to 23 and its minutes 00 to 59", start)
            }
            let offset = hours * 60 + minutes
            return sign == UInt8(ascii: "-") ? -offset : offset
        default:
            return nil
        }
    }

    /// Exactly `count` digits.
    private mutating func digits(_ count: Int, _ start: Int) throws(TOMLSyntaxError) -> Int {
        var value = 0
        for _ in 0..<count {
            guard let byte = peek, Self.isDigit(byte) else { throw notADate(start) }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    private mutating func separator(_ character: Unicode.Scalar, _ start: Int) throws(TOMLSyntaxError) {
        guard peek == UInt8(ascii: character) else { throw notADate(start) }
        index += 1
    }

    private func isDigit(at offset: Int) -> Bool {
        peek(at: offset).map(Self.isDigit) ?? false
    }

    /// The date or time from `start` to the end of its token, for messages, at most 40 characters.
    private func written(from start: Int) -> String {
        var end = min(max(index, start), start + 40)
        while end < bytes.count, end < start + 40, !Self.endsToken(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func notADate(_ start: Int) -> TOMLSyntaxError {
        failure("'\(written(from: start))' is not a date or a time; \(Self.dateForms)")
    }

    private func outOfRange(_ rule: String, _ start: Int) -> TOMLSyntaxError {
        failure("'\(written(from: start))' is not a valid date or time: \(rule)")
    }
}
