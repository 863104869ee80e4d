// Cases from toml-lang/toml-test (tests/invalid, files-toml-1.0.0), copied as string literals: each
// file's text and the line our parser reports (the line where the file goes wrong).

extension TOMLInvalidCase {
    /// Dates and times out of range or malformed, integers and floats TOML 1.0 refuses.
    static let invalidDatesAndNumbers: [TOMLInvalidCase] = [
        TOMLInvalidCase("datetime/feb-29", line: 1, #"""
            "not a leap year" = 2100-02-29T15:15:15Z

            """#),
        TOMLInvalidCase("datetime/feb-30", line: 1, #"""
            "only 28 or 29 days in february" = 1988-02-30T15:15:15Z

            """#),
        TOMLInvalidCase("datetime/hour-over", line: 2, #"""
            # time-hour       = 2DIGIT  ; 00-23
            d = 2006-01-01T24:00:00-00:00

            """#),
        TOMLInvalidCase("datetime/minute-over", line: 2, #"""
            # time-minute     = 2DIGIT  ; 00-59
            d = 2006-01-01T00:60:00-00:00

            """#),
        TOMLInvalidCase("datetime/second-over", line: 3, #"""
            # time-second     = 2DIGIT  ; 00-58, 00-59, 00-60 based on leap second
            #                           ; rules
            d = 2006-01-01T00:00:61-00:00

            """#),
        TOMLInvalidCase("datetime/month-over", line: 2, #"""
            # date-month      = 2DIGIT  ; 01-12
            d = 2006-13-01T00:00:00-00:00

            """#),
        TOMLInvalidCase("datetime/mday-under", line: 3, #"""
            # date-mday       = 2DIGIT  ; 01-28, 01-29, 01-30, 01-31 based on
            #                           ; month/year
            d = 2006-01-00T00:00:00-00:00

            """#),
        TOMLInvalidCase("datetime/no-secs", line: 2, #"""
            # No seconds in time.
            no-secs = 1987-07-05T17:45Z

            """#),
        TOMLInvalidCase("datetime/no-t", line: 2, #"""
            # No "t" or "T" between the date and time.
            no-t = 1987-07-0517:45:00Z

            """#),
        TOMLInvalidCase("datetime/offset-overflow-hour", line: 2, #"""
            # Hour must be 00-24
            d = 1985-06-18 17:04:07+25:00

            """#),
        TOMLInvalidCase("datetime/offset-overflow-minute", line: 1, #"""
            d = 1985-06-18 17:04:07+12:60

            """#),
        TOMLInvalidCase("datetime/offset-plus-no-minute", line: 1, #"""
            foo = 1997-09-09T09:09:09.09+09

            """#),
        TOMLInvalidCase("datetime/second-trailing-dot", line: 1, #"""
            foo = 1997-09-09T09:09:09.

            """#),
        TOMLInvalidCase("datetime/trailing-x", line: 1, #"""
            sign=2020-01-01x

            """#),
        TOMLInvalidCase("datetime/y10k-date", line: 2, #"""
            # Maximum RFC3399 year is 9999.
            d = 10000-01-01

            """#),
        TOMLInvalidCase("datetime/time-no-leads", line: 2, #"""
            # Leading 0 is always required.
            d = 2023-10-01T1:32:00Z

            """#),
        TOMLInvalidCase("local-date/trailing-t", line: 2, #"""
            # Date cannot end with trailing T
            d = 2006-01-30T

            """#),
        TOMLInvalidCase("local-time/hour-over", line: 2, #"""
            # time-hour       = 2DIGIT  ; 00-23
            d = 24:00:00

            """#),
        TOMLInvalidCase("local-date/year-3digits", line: 1, #"""
            foo = 199-09-09

            """#),
        TOMLInvalidCase("local-datetime/feb-29", line: 1, #"""
            "not a leap year" = 2100-02-29T15:15:15

            """#),
        TOMLInvalidCase("integer/capital-hex", line: 1, #"""
            capital-hex = 0X1

            """#),
        TOMLInvalidCase("integer/incomplete-hex", line: 1, #"""
            incomplete-hex = 0x

            """#),
        TOMLInvalidCase("integer/invalid-oct", line: 1, #"""
            invalid-oct = 0o778

            """#),
        TOMLInvalidCase("integer/invalid-bin", line: 1, #"""
            invalid-bin = 0b0012

            """#),
        TOMLInvalidCase("integer/negative-hex", line: 1, #"""
            negative-hex = -0xff

            """#),
        TOMLInvalidCase("integer/positive-oct", line: 1, #"""
            positive-oct = +0o755

            """#),
        TOMLInvalidCase("integer/us-after-hex", line: 1, #"""
            us-after-hex = 0x_1

            """#),
        TOMLInvalidCase("integer/trailing-us-bin", line: 1, #"""
            trailing-us-bin = 0b1_

            """#),
        TOMLInvalidCase("integer/leading-zero-01", line: 1, #"""
            leading-zero-01 = 01

            """#),
        TOMLInvalidCase("integer/double-sign-nex", line: 1, #"""
            double-sign-nex = --99

            """#),
        TOMLInvalidCase("float/inf-capital", line: 1, #"""
            v = Inf

            """#),
        TOMLInvalidCase("float/nan-incomplete-01", line: 1, #"""
            nan-incomplete-01 = na

            """#),
        TOMLInvalidCase("float/inf_underscore", line: 1, #"""
            inf_underscore = in_f

            """#),
        TOMLInvalidCase("float/leading-dot", line: 1, #"""
            leading-dot = .12345

            """#),
        TOMLInvalidCase("float/trailing-dot", line: 1, #"""
            trailing-dot = 1.

            """#),
        TOMLInvalidCase("float/exp-dot-02", line: 1, #"""
            exp-dot-02 = 1.e2

            """#),
        TOMLInvalidCase("float/us-before-dot", line: 1, #"""
            us-before-dot = 1_.2

            """#),
    ]
}
