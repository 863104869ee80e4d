import InfinilistLoader
import Testing
@testable import TOML

/// Dates, times and the integer and float forms of TOML 1.0: read into their parts with the text
/// as written, checked against the calendar and the clock, and named as what they are when a
/// setting does not take them.
@Suite struct TOMLDatesAndNumbersTests {
    typealias Date = TOMLDateTime.Date
    typealias Time = TOMLDateTime.Time

    @Test func readsEveryKindOfDateAndTime() throws {
        let table = try TOMLParser.parse("""
            utc = 1979-05-27T07:32:00Z
            offset = 1979-05-27T00:32:00.999999-07:00
            spaced = 1979-05-27 07:32:00+05:30
            lower = 1979-05-27t07:32:00z
            local = 1979-05-27T07:32:00
            day = 1979-05-27
            time = 00:32:00.5
            cut = 23:59:60.1234567899
            leap = 2000-02-29
            list = [1979-05-27, 07:32:00]  # a comment after dates
            """)
        struct NotADate: Error { let key: String }
        func dateTime(_ key: String) throws -> TOMLDateTime {
            guard case .dateTime(let value)? = table[key]?.value else { throw NotADate(key: key) }
            return value
        }
        let utc = try dateTime("utc")
        #expect(utc.kind == .offsetDateTime)
        #expect(utc.date == Date(year: 1979, month: 5, day: 27))
        #expect(utc.time == Time(hour: 7, minute: 32, second: 0))
        #expect(utc.offsetMinutes == 0)
        #expect(utc.text == "1979-05-27T07:32:00Z")
        let offset = try dateTime("offset")
        #expect(offset.time == Time(hour: 0, minute: 32, second: 0, nanosecond: 999_999_000))
        #expect(offset.offsetMinutes == -420)
        #expect(offset.text == "1979-05-27T00:32:00.999999-07:00")
        let spaced = try dateTime("spaced")
        #expect(spaced.offsetMinutes == 330)
        #expect(spaced.text == "1979-05-27 07:32:00+05:30")
        #expect(try dateTime("lower") == utc)
        #expect(try dateTime("lower").text == "1979-05-27t07:32:00z")
        #expect(try dateTime("local").kind == .localDateTime)
        #expect(try dateTime("local").offsetMinutes == nil)
        #expect(try dateTime("day").kind == .localDate)
        #expect(try dateTime("day").time == nil)
        #expect(try dateTime("time").kind == .localTime)
        #expect(try dateTime("time").time == Time(hour: 0, minute: 32, second: 0, nanosecond: 500_000_000))
        // Past nine digits the fraction is cut, not rounded; a leap second is 60.
        #expect(try dateTime("cut").time == Time(hour: 23, minute: 59, second: 60, nanosecond: 123_456_789))
        #expect(try dateTime("leap").date == Date(year: 2000, month: 2, day: 29))
        #expect(table["list"]?.value.kindName == "an array")
        #expect(table["list"]?.line == 10)
        #expect(table["day"]?.value.kindName == "a date")
        #expect(table["utc"]?.value.kindName == "a date-time")
        #expect(table["local"]?.value.kindName == "a date-time")
        #expect(table["time"]?.value.kindName == "a time")
        #expect(table["offset"]?.value.asWritten == "1979-05-27T00:32:00.999999-07:00")
    }

    @Test(arguments: [
        ("d = 1979-13-27", "the month must be 01 to 12"),
        ("d = 1979-00-27", "the month must be 01 to 12"),
        ("d = 2100-02-29", "the day must be 01 to 28 in month 02 of 2100"),
        ("d = 2024-02-30T00:00:00Z", "the day must be 01 to 29 in month 02 of 2024"),
        ("d = 2024-04-31", "the day must be 01 to 30 in month 04 of 2024"),
        ("d = 2024-01-00", "the day must be 01 to 31"),
        ("d = 1979-05-27T24:00:00", "the hour must be 00 to 23"),
        ("d = 07:60:00", "the minute must be 00 to 59"),
        ("d = 07:32:61", "the second must be 00 to 60"),
        ("d = 1979-05-27T07:32:00+24:00", "an offset's hours must be 00 to 23 and its minutes 00 to 59"),
        ("d = 1979-05-27 07:32:00-07:60", "an offset's hours must be 00 to 23"),
        ("d = 1979-05-27T07:32Z", "'1979-05-27T07:32Z' is not a date or a time; write a date as 1979-05-27"),
        ("d = 1979-5-27", "'1979-5-27' is not a date or a time"),
        ("d = 1979-05-27T", "'1979-05-27T' is not a date or a time"),
        ("d = 1979-05-27T07:32:00.", "is not a date or a time"),
        ("d = 1979-05-27T07:32:00+07", "is not a date or a time"),
        ("d = 07:32:00Z", "'07:32:00Z' is not a date or a time"),
        ("d = 1979-05-27x", "'1979-05-27x' is not a date or a time"),
        ("d = 10000-01-01", "'10000-01-01' is not a date or a number"),
        ("d = 7:32:00", "'7:32:00' is not a date or a number"),
    ])
    func aWrongDateIsAnErrorAtItsLine(line: String, mention: String) {
        do {
            _ = try TOMLParser.parse("a = 1\n\n" + line + "\n")
            Issue.record("parsed: \(line)")
        } catch {
            #expect(error.line == 3, "\(error)")
            #expect(error.message.contains(mention), "\(error)")
        }
    }

    @Test func readsIntegersInEveryBaseAndSpecialFloats() throws {
        let table = try TOMLParser.parse("""
            hex = 0xDEAD_BEEF
            lower = 0xdeadbeef
            leading = 0x00FF
            octal = 0o755
            binary = 0b1101
            biggest = 0x7FFF_FFFF_FFFF_FFFF
            smallest = -9_223_372_036_854_775_808
            inf = inf
            plus = +inf
            minus = -inf
            nan = nan
            signed-nan = -nan
            exponent = 1e06
            zero = -0.0
            """)
        #expect(table["hex"]?.value == .integer(0xDEAD_BEEF))
        #expect(table["lower"]?.value == .integer(0xDEAD_BEEF))
        #expect(table["leading"]?.value == .integer(255))
        #expect(table["octal"]?.value == .integer(0o755))
        #expect(table["binary"]?.value == .integer(13))
        #expect(table["biggest"]?.value == .integer(Int.max))
        #expect(table["smallest"]?.value == .integer(Int.min))
        #expect(table["inf"]?.value == .float(.infinity))
        #expect(table["plus"]?.value == .float(.infinity))
        #expect(table["minus"]?.value == .float(-.infinity))
        for key in ["nan", "signed-nan"] {
            guard case .float(let value)? = table[key]?.value else {
                Issue.record("\(key) is not a float")
                continue
            }
            #expect(value.isNaN)
        }
        #expect(table["exponent"]?.value == .float(1_000_000))
        #expect(table["zero"]?.value == .float(-0.0))
    }

    @Test(arguments: [
        ("n = 0x", "'0x': a hexadecimal integer needs digits after its prefix"),
        ("n = 0o8", "'0o8' is not an octal integer"),
        ("n = 0b102", "'0b102' is not a binary integer"),
        ("n = 0xG", "'0xG' is not a hexadecimal integer"),
        ("n = -0xFF", "'-0xFF': a hexadecimal, octal or binary integer takes no sign"),
        ("n = 0XFF", "the prefix is written in lower case"),
        ("n = 0x_FF", "'_' must stand between two digits"),
        ("n = 0x1_0000_0000_0000_0000", "does not fit in a 64-bit integer"),
        ("n = 9_223_372_036_854_775_808", "does not fit in a 64-bit integer"),
        ("n = 1e400", "does not fit in a 64-bit float"),
        ("n = Inf", "expected a value"),
        ("n = infinity", "is not a value"),
        ("n = --1", "'--1' is not a value"),
    ])
    func aWrongNumberIsAnErrorAtItsLine(line: String, mention: String) {
        do {
            _ = try TOMLParser.parse("a = 1\n" + line + "\n")
            Issue.record("parsed: \(line)")
        } catch {
            #expect(error.line == 2, "\(error)")
            #expect(error.message.contains(mention), "\(error)")
        }
    }

    /// No setting takes a date: one given to a setting is refused at its line, named as a date.
    @Test(arguments: [
        ("format = 1979-05-27", "expected a string, a number, true or false, or an array of strings, not a date"),
        ("url = 1979-05-27T07:32:00Z", "the URL must be a string, not a date-time"),
        ("mouse = 1979-05-27 07:32:00", "not a date-time"),
        ("items = [\"a\", 07:32:00]", "an array here holds strings or numbers, not a time"),
        ("headers = { Since = 2024-01-01 }", "a header's value must be a string, not a date"),
    ])
    func aDateGivenToASettingIsATypeError(setting: String, mention: String) throws {
        let file = try ConfigFile(text: "[sources.x]\n" + setting + "\n", path: "/c.toml")
        do {
            _ = try file.source(named: "x").arguments(environment: [:], file: "/c.toml")
            Issue.record("accepted: \(setting)")
        } catch {
            #expect(error.message.hasPrefix("/c.toml line 2 ([sources.x] "), "\(error)")
            #expect(error.message.contains(mention), "\(error)")
        }
    }
}
