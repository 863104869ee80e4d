/// A TOML date, time or date-time (`1979-05-27T07:32:00Z`, `1979-05-27 07:32:00`, `1979-05-27`,
/// `07:32:00.999`), with the text as written (shown in messages, and kept so that nothing is
/// rounded away) and its parts, checked when parsed: a month of 1 to 12, a day that exists in
/// its month (29 February only in leap years), an hour under 24, a minute under 60, a second up
/// to 60 (a leap second), an offset of at most 23:59.
///
/// No setting takes a date today; the type exists so that a file using dates parses, and a date
/// given to a setting is named as "a date" or "a date-time" in the error.
public struct TOMLDateTime: Sendable, Equatable, CustomStringConvertible {
    public struct Date: Sendable, Equatable {
        public let year: Int
        public let month: Int
        public let day: Int

        public init(year: Int, month: Int, day: Int) {
            (self.year, self.month, self.day) = (year, month, day)
        }
    }

    public struct Time: Sendable, Equatable {
        public let hour: Int
        public let minute: Int
        public let second: Int
        /// The fraction of the second, in nanoseconds; digits past the ninth are cut, not
        /// rounded, as TOML asks.
        public let nanosecond: Int

        public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
            (self.hour, self.minute, self.second, self.nanosecond) = (hour, minute, second, nanosecond)
        }
    }

    public enum Kind: Sendable, Equatable {
        /// `1979-05-27T07:32:00Z`, `1979-05-27T00:32:00-07:00`: one instant.
        case offsetDateTime
        /// `1979-05-27T07:32:00`: a date and a time of day, in no time zone.
        case localDateTime
        /// `1979-05-27`.
        case localDate
        /// `07:32:00`.
        case localTime
    }

    /// The value as written in the file.
    public let text: String
    public let date: Date?
    public let time: Time?
    /// Minutes east of UTC (`Z` is 0, `-07:00` is -420); nil for a local date or time.
    public let offsetMinutes: Int?

    public init(text: String, date: Date?, time: Time?, offsetMinutes: Int?) {
        self.text = text
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    public var kind: Kind {
        switch (date, time, offsetMinutes) {
        case (_?, _?, _?): return .offsetDateTime
        case (_?, _?, nil): return .localDateTime
        case (_?, nil, _): return .localDate
        case (nil, _, _): return .localTime
        }
    }

    /// What it is, in words, for error messages.
    public var kindName: String {
        switch kind {
        case .offsetDateTime, .localDateTime: return "a date-time"
        case .localDate: return "a date"
        case .localTime: return "a time"
        }
    }

    public var description: String { text }

    /// Equal when the parts are: `T` or a space, `z` or `Z`, `.5` or `.500` are ways of writing
    /// the same value.
    public static func == (left: TOMLDateTime, right: TOMLDateTime) -> Bool {
        left.date == right.date && left.time == right.time && left.offsetMinutes == right.offsetMinutes
    }

    /// Days in `month` (1-12) of `year`, by the Gregorian calendar.
    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
