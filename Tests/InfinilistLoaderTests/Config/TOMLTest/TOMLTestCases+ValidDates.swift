// Cases from toml-lang/toml-test (tests/valid, files-toml-1.0.0), copied as string literals: each
// file's text and the JSON toml-test expects it to decode to.

extension TOMLTestCase {
    /// Dates, times and date-times of every kind, valid edge days (29 February in leap years, years 0001 and 9999), `z` and a space for `T`; CRLF line ends and a byte order mark.
    static let validDates: [TOMLTestCase] = [
        TOMLTestCase("datetime/datetime", #"""
            space = 1987-07-05 17:45:00Z

            # ABNF is case-insensitive, both "Z" and "z" must be supported.
            lower = 1987-07-05t17:45:00z

            """#,
                     json: #"""
            {
              "lower": {"type": "datetime", "value": "1987-07-05T17:45:00Z"},
              "space": {"type": "datetime", "value": "1987-07-05T17:45:00Z"}
            }
            """#),
        TOMLTestCase("datetime/edge", #"""
            first-offset = 0001-01-01 00:00:00Z
            first-local  = 0001-01-01 00:00:00
            first-date   = 0001-01-01

            last-offset = 9999-12-31 23:59:59Z
            last-local  = 9999-12-31 23:59:59
            last-date   = 9999-12-31

            """#,
                     json: #"""
            {
              "first-date": {"type": "date-local", "value": "0001-01-01"},
              "first-local": {"type": "datetime-local", "value": "0001-01-01T00:00:00"},
              "first-offset": {"type": "datetime", "value": "0001-01-01T00:00:00Z"},
              "last-date": {"type": "date-local", "value": "9999-12-31"},
              "last-local": {"type": "datetime-local", "value": "9999-12-31T23:59:59"},
              "last-offset": {"type": "datetime", "value": "9999-12-31T23:59:59Z"}
            }
            """#),
        TOMLTestCase("datetime/leap-year", #"""
            2000-datetime       = 2000-02-29 15:15:15Z
            2000-datetime-local = 2000-02-29 15:15:15
            2000-date           = 2000-02-29

            2024-datetime       = 2024-02-29 15:15:15Z
            2024-datetime-local = 2024-02-29 15:15:15
            2024-date           = 2024-02-29

            """#,
                     json: #"""
            {
              "2000-date": {"type": "date-local", "value": "2000-02-29"},
              "2000-datetime": {"type": "datetime", "value": "2000-02-29T15:15:15Z"},
              "2000-datetime-local": {"type": "datetime-local", "value": "2000-02-29T15:15:15"},
              "2024-date": {"type": "date-local", "value": "2024-02-29"},
              "2024-datetime": {"type": "datetime", "value": "2024-02-29T15:15:15Z"},
              "2024-datetime-local": {"type": "datetime-local", "value": "2024-02-29T15:15:15"}
            }
            """#),
        TOMLTestCase("datetime/local", #"""
            local = 1987-07-05T17:45:00
            milli = 1977-12-21T10:32:00.555
            space = 1987-07-05 17:45:00

            """#,
                     json: #"""
            {
              "local": {"type": "datetime-local", "value": "1987-07-05T17:45:00"},
              "milli": {"type": "datetime-local", "value": "1977-12-21T10:32:00.555"},
              "space": {"type": "datetime-local", "value": "1987-07-05T17:45:00"}
            }
            """#),
        TOMLTestCase("datetime/local-date", #"""
            bestdayever = 1987-07-05

            """#,
                     json: "{\"bestdayever\": {\"type\": \"date-local\", \"value\": \"1987-07-05\"}}"),
        TOMLTestCase("datetime/local-time", #"""
            besttimeever = 17:45:00
            milliseconds = 10:32:00.555

            """#,
                     json: #"""
            {
              "besttimeever": {"type": "time-local", "value": "17:45:00"},
              "milliseconds": {"type": "time-local", "value": "10:32:00.555"}
            }
            """#),
        TOMLTestCase("datetime/milliseconds", #"""
            utc1  = 1987-07-05T17:45:56.123Z
            utc2  = 1987-07-05T17:45:56.6Z
            wita1 = 1987-07-05T17:45:56.123+08:00
            wita2 = 1987-07-05T17:45:56.6+08:00

            """#,
                     json: #"""
            {
              "utc1": {"type": "datetime", "value": "1987-07-05T17:45:56.123Z"},
              "utc2": {"type": "datetime", "value": "1987-07-05T17:45:56.600Z"},
              "wita1": {"type": "datetime", "value": "1987-07-05T17:45:56.123+08:00"},
              "wita2": {"type": "datetime", "value": "1987-07-05T17:45:56.600+08:00"}
            }
            """#),
        TOMLTestCase("datetime/timezone", #"""
            utc  = 1987-07-05T17:45:56Z
            pdt  = 1987-07-05T17:45:56-05:00
            nzst = 1987-07-05T17:45:56+12:00
            nzdt = 1987-07-05T17:45:56+13:00  # DST

            """#,
                     json: #"""
            {
              "nzdt": {"type": "datetime", "value": "1987-07-05T17:45:56+13:00"},
              "nzst": {"type": "datetime", "value": "1987-07-05T17:45:56+12:00"},
              "pdt": {"type": "datetime", "value": "1987-07-05T17:45:56-05:00"},
              "utc": {"type": "datetime", "value": "1987-07-05T17:45:56Z"}
            }
            """#),
        TOMLTestCase("datetime/invalid-date-in-string", #"""
            s = '2020-01-01x'

            """#,
                     json: "{\"s\": {\"type\": \"string\", \"value\": \"2020-01-01x\"}}"),
        TOMLTestCase("spec-1.0.0/offset-date-time-0", #"""
            odt1 = 1979-05-27T07:32:00Z
            odt2 = 1979-05-27T00:32:00-07:00
            odt3 = 1979-05-27T00:32:00.999-07:00

            """#,
                     json: #"""
            {
              "odt1": {"type": "datetime", "value": "1979-05-27T07:32:00Z"},
              "odt2": {"type": "datetime", "value": "1979-05-27T00:32:00-07:00"},
              "odt3": {"type": "datetime", "value": "1979-05-27T00:32:00.999-07:00"}
            }
            """#),
        TOMLTestCase("spec-1.0.0/offset-date-time-1", #"""
            odt4 = 1979-05-27 07:32:00Z

            """#,
                     json: "{\"odt4\": {\"type\": \"datetime\", \"value\": \"1979-05-27T07:32:00Z\"}}"),
        TOMLTestCase("spec-1.0.0/local-date-time-0", #"""
            ldt1 = 1979-05-27T07:32:00
            ldt2 = 1979-05-27T00:32:00.999

            """#,
                     json: #"""
            {
              "ldt1": {"type": "datetime-local", "value": "1979-05-27T07:32:00"},
              "ldt2": {"type": "datetime-local", "value": "1979-05-27T00:32:00.999"}
            }
            """#),
        TOMLTestCase("spec-1.0.0/local-date-0", #"""
            ld1 = 1979-05-27

            """#,
                     json: "{\"ld1\": {\"type\": \"date-local\", \"value\": \"1979-05-27\"}}"),
        TOMLTestCase("spec-1.0.0/local-time-0", #"""
            lt1 = 07:32:00
            lt2 = 00:32:00.999

            """#,
                     json: #"""
            {
              "lt1": {"type": "time-local", "value": "07:32:00"},
              "lt2": {"type": "time-local", "value": "00:32:00.999"}
            }
            """#),
        TOMLTestCase("newline-crlf", "os = \"DOS\"\r\nnewline = \"crlf\"\r\n",
                     json: #"""
            {"newline": {"type": "string", "value": "crlf"}, "os": {"type": "string", "value": "DOS"}}
            """#),
        TOMLTestCase("utf8-bom-01", """
            \u{FEFF}# This file starts with an UTF-8 BOM (\\xEF\\xBB\\xBF), which isn't recommended to use but valid.
            a=1

            """,
                     json: "{\"a\": {\"type\": \"integer\", \"value\": \"1\"}}"),
    ]
}
