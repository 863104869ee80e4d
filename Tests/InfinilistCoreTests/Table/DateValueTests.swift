import Testing
@testable import InfinilistCore

@Suite struct DateValueTests {
    @Test func readsISO8601Forms() {
        let expected = 1_795_255_200.0  // 2026-11-21T10:00:00Z
        #expect(DateValue.iso8601("2026-11-21T10:00:00Z") == expected)
        #expect(DateValue.iso8601("2026-11-21t10:00:00z") == expected)
        #expect(DateValue.iso8601("2026-11-21 10:00:00Z") == expected)
        #expect(DateValue.iso8601("2026-11-21T10:00Z") == expected)
        #expect(DateValue.iso8601("2026-11-21T10:00:00") == expected)
        #expect(DateValue.iso8601("2026-11-21T12:00:00+02:00") == expected)
        #expect(DateValue.iso8601("2026-11-21T05:30:00-0430") == expected)
        #expect(DateValue.iso8601("2026-11-21T11:00:00+01") == expected)
        #expect(DateValue.iso8601("2026-11-21T10:00:00.250Z") == expected + 0.25)
        #expect(DateValue.iso8601("2026-11-21") == expected - 36_000)
        #expect(DateValue.iso8601("1970-01-01T00:00:00Z") == 0)
        #expect(DateValue.iso8601("2024-02-29T00:00:00Z") != nil)
    }

    @Test func refusesWhatIsNotADate() {
        for text in ["2026-13-01", "2026-02-30", "2023-02-29", "2026-11-21T24:00:00Z", "2026-11-21T10:61:00Z",
                     "2026-11-21T10:00:00Zjunk", "2026-11-21T10", "26-11-21", "2026/11/21", "version 2026-11-21",
                     "2026-11-21T10:00:00+2", "2026-11-21T10:00:00.Z", "not a date at all"] {
            #expect(DateValue.iso8601(text) == nil, "\(text)")
        }
    }

    @Test func unixTimesInSecondsOrMilliseconds() {
        #expect(DateValue.unixTime("1795255200") == 1_795_255_200)
        #expect(DateValue.unixTime("1795255200.5") == 1_795_255_200.5)
        #expect(DateValue.unixTime("1795255200000") == 1_795_255_200)
        #expect(DateValue.unixTime("42") == nil)
        #expect(DateValue.unixTime("99999999999") == nil)
    }

    @Test func namesThatSayDate() {
        for name in ["created", "created_at", "createdAt", "created_utc", "created_at_i", "timestamp", "date", "publishedOn"] {
            #expect(DateValue.isDateName(name), "\(name)")
        }
        for name in ["count", "score", "id", "latitude", "format"] {
            #expect(!DateValue.isDateName(name), "\(name)")
        }
    }

    @Test func agesAsPeopleScanThem() {
        let now = TableFixtures.now  // 2026-11-23T18:00:00Z
        func age(_ secondsAgo: Double) -> String { AgeText.text(now.seconds - secondsAgo, now: now) }
        #expect(age(0) == "now")
        #expect(age(59) == "now")
        #expect(age(60) == "1m")
        #expect(age(3599) == "59m")
        #expect(age(3 * 3600 + 5) == "3h")
        #expect(age(2 * 86_400) == "2d")
        #expect(age(29 * 86_400) == "29d")
        #expect(AgeText.text(DateValue.iso8601("2026-03-04T12:00:00Z") ?? 0, now: now) == "Mar 4")
        #expect(AgeText.text(DateValue.iso8601("2025-03-04T12:00:00Z") ?? 0, now: now) == "2025")
        // In the future (a due date): the calendar date.
        #expect(AgeText.text(DateValue.iso8601("2026-12-24T12:00:00Z") ?? 0, now: now) == "Dec 24")
        // Calendar dates are in the local time zone: 23:30 UTC is the next day in UTC+2.
        let east = WallClock(seconds: now.seconds, utcOffset: 7200)
        #expect(AgeText.text(DateValue.iso8601("2026-09-30T23:30:00Z") ?? 0, now: east) == "Oct 1")
        // Without a clock: the calendar date, in UTC.
        #expect(AgeText.text(DateValue.iso8601("2026-11-21T10:00:00Z") ?? 0, now: nil) == "Nov 21")
        for seconds in stride(from: -400.0 * 86_400, through: 800 * 86_400, by: 3_333) {
            #expect(DisplayWidth.of(age(seconds)) <= AgeText.maxWidth)
        }
    }
}
