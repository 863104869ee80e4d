// Cases from toml-lang/toml-test (tests/valid, files-toml-1.0.0), copied as string literals: each
// file's text and the JSON toml-test expects it to decode to.

extension TOMLTestCase {
    /// Hexadecimal, octal and binary integers, `_` between digits, 64-bit limits, `inf` and `nan`, exponents; escapes (`\uXXXX`, `\UXXXXXXXX`), a line-ending backslash in multi-line strings, CRLF inside them.
    static let validNumbersAndStrings: [TOMLTestCase] = [
        TOMLTestCase("integer/literals", #"""
            bin1 = 0b11010110
            bin2 = 0b1_0_1

            oct1 = 0o01234567
            oct2 = 0o755
            oct3 = 0o7_6_5

            hex1 = 0xDEADBEEF
            hex2 = 0xdeadbeef
            hex3 = 0xdead_beef
            hex4 = 0x00987

            """#,
                     json: #"""
            {
              "bin1": {"type": "integer", "value": "214"},
              "bin2": {"type": "integer", "value": "5"},
              "hex1": {"type": "integer", "value": "3735928559"},
              "hex2": {"type": "integer", "value": "3735928559"},
              "hex3": {"type": "integer", "value": "3735928559"},
              "hex4": {"type": "integer", "value": "2439"},
              "oct1": {"type": "integer", "value": "342391"},
              "oct2": {"type": "integer", "value": "493"},
              "oct3": {"type": "integer", "value": "501"}
            }
            """#),
        TOMLTestCase("integer/underscore", #"""
            kilo = 1_000
            x = 1_1_1_1

            """#,
                     json: #"""
            {"kilo": {"type": "integer", "value": "1000"}, "x": {"type": "integer", "value": "1111"}}
            """#),
        TOMLTestCase("integer/long", #"""
            # int64 "should" be supported, but is not mandatory. It's fine to skip this
            # test.
            int64-max     = 9223372036854775807
            int64-max-neg = -9223372036854775808

            """#,
                     json: #"""
            {
              "int64-max": {"type": "integer", "value": "9223372036854775807"},
              "int64-max-neg": {"type": "integer", "value": "-9223372036854775808"}
            }
            """#),
        TOMLTestCase("float/inf-and-nan", #"""
            # We don't encode +nan and -nan back with the signs; many languages don't
            # support a sign on NaN (it doesn't really make much sense).
            nan = nan
            nan_neg = -nan
            nan_plus = +nan
            infinity = inf
            infinity_neg = -inf
            infinity_plus = +inf

            """#,
                     json: #"""
            {
              "infinity": {"type": "float", "value": "inf"},
              "infinity_neg": {"type": "float", "value": "-inf"},
              "infinity_plus": {"type": "float", "value": "inf"},
              "nan": {"type": "float", "value": "nan"},
              "nan_neg": {"type": "float", "value": "nan"},
              "nan_plus": {"type": "float", "value": "nan"}
            }
            """#),
        TOMLTestCase("float/exponent", #"""
            # Please keep exponent-upper.toml in sync with this.

            exp       = 3e2
            pos-exp   = 3e+2
            neg-exp   = 3e-2
            zero-exp  = 3e0
            frac      = 3.1e2
            neg       = -1e-1
            zero      = 0e2
            zero-plus = +0e2

            """#,
                     json: #"""
            {
              "exp": {"type": "float", "value": "300"},
              "frac": {"type": "float", "value": "310"},
              "neg": {"type": "float", "value": "-0.1"},
              "neg-exp": {"type": "float", "value": "0.03"},
              "pos-exp": {"type": "float", "value": "300"},
              "zero": {"type": "float", "value": "0"},
              "zero-exp": {"type": "float", "value": "3"},
              "zero-plus": {"type": "float", "value": "0"}
            }
            """#),
        TOMLTestCase("float/underscore", #"""
            before = 3_141.5927
            after = 3141.592_7
            exponent = 3e1_4

            """#,
                     json: #"""
            {
              "after": {"type": "float", "value": "3141.5927"},
              "before": {"type": "float", "value": "3141.5927"},
              "exponent": {"type": "float", "value": "3.0e14"}
            }
            """#),
        TOMLTestCase("float/zero", #"""
            zero = 0.0
            signed-pos = +0.0
            signed-neg = -0.0
            exponent = 0e0
            exponent-two-0 = 0e00
            exponent-signed-pos = +0e0
            exponent-signed-neg = -0e0

            """#,
                     json: #"""
            {
              "exponent": {"type": "float", "value": "0"},
              "exponent-signed-neg": {"type": "float", "value": "-0"},
              "exponent-signed-pos": {"type": "float", "value": "0"},
              "exponent-two-0": {"type": "float", "value": "0"},
              "signed-neg": {"type": "float", "value": "-0"},
              "signed-pos": {"type": "float", "value": "0"},
              "zero": {"type": "float", "value": "0"}
            }
            """#),
        TOMLTestCase("float/float", #"""
            pi = 3.14
            pospi = +3.14
            negpi = -3.14
            zero-intpart = 0.123
            leading-zero-fractional = 0.0123

            """#,
                     json: #"""
            {
              "negpi": {"type": "float", "value": "-3.14"},
              "pi": {"type": "float", "value": "3.14"},
              "pospi": {"type": "float", "value": "3.14"},
              "zero-intpart": {"type": "float", "value": "0.123"},
              "leading-zero-fractional": {"type": "float", "value": "0.0123"}
            }
            """#),
        TOMLTestCase("string/escapes", #"""
            backspace     = "|\b."
            tab           = "|\t."
            newline       = "|\n."
            formfeed      = "|\f."
            carriage      = "|\r."
            quote         = "|\"."
            backslash     = "|\\."
            delete        = "|\u007F."
            unitseparator = "|\u001F."

            # \u is escaped, so should NOT be interperted as a \u escape.
            notunicode1   = "|\\u."
            notunicode2   = "|\u005Cu."
            notunicode3   = "|\\u0075."
            notunicode4   = "|\\\u0075."

            """#,
                     json: """
            {
              "backslash": {"type": "string", "value": "|\\\\."},
              "backspace": {"type": "string", "value": "|\\b."},
              "carriage": {"type": "string", "value": "|\\r."},
              "delete": {"type": "string", "value": "|\u{7F}."},
              "formfeed": {"type": "string", "value": "|\\f."},
              "newline": {"type": "string", "value": "|\\n."},
              "notunicode1": {"type": "string", "value": "|\\\\u."},
              "notunicode2": {"type": "string", "value": "|\\\\u."},
              "notunicode3": {"type": "string", "value": "|\\\\u0075."},
              "notunicode4": {"type": "string", "value": "|\\\\u."},
              "quote": {"type": "string", "value": "|\\"."},
              "tab": {"type": "string", "value": "|\\t."},
              "unitseparator": {"type": "string", "value": "|\\u001f."}
            }
            """),
        TOMLTestCase("string/unicode-escape", #"""
            delta-1 = "\u03B4"
            delta-2 = "\U000003B4"
            a       = "\u0061"
            b       = "\u0062"
            c       = "\U00000063"
            null-1  = "\u0000"
            null-2  = "\U00000000"

            ml-delta-1 = """\u03B4"""
            ml-delta-2 = """\U000003B4"""
            ml-a       = """\u0061"""
            ml-b       = """\u0062"""
            ml-c       = """\U00000063"""
            ml-null-1  = """\u0000"""
            ml-null-2  = """\U00000000"""

            """#,
                     json: #"""
            {
              "a": {"type": "string", "value": "a"},
              "b": {"type": "string", "value": "b"},
              "c": {"type": "string", "value": "c"},
              "delta-1": {"type": "string", "value": "δ"},
              "delta-2": {"type": "string", "value": "δ"},
              "ml-a": {"type": "string", "value": "a"},
              "ml-b": {"type": "string", "value": "b"},
              "ml-c": {"type": "string", "value": "c"},
              "ml-delta-1": {"type": "string", "value": "δ"},
              "ml-delta-2": {"type": "string", "value": "δ"},
              "ml-null-1": {"type": "string", "value": "\u0000"},
              "ml-null-2": {"type": "string", "value": "\u0000"},
              "null-1": {"type": "string", "value": "\u0000"},
              "null-2": {"type": "string", "value": "\u0000"}
            }
            """#),
        TOMLTestCase("string/ends-in-whitespace-escape", "beee = \"\"\"\nheeee\ngeeee\\  \n\n\n      \"\"\"\n",
                     json: "{\"beee\": {\"type\": \"string\", \"value\": \"heeee\\ngeeee\"}}"),
        TOMLTestCase("string/multiline-escaped-crlf", """
            # The following line should be an unescaped backslash followed by a Windows\r
            # newline sequence ("\\r\\n")\r
            0=\"\"\"\\\r
            \"\"\"\r

            """,
                     json: "{\"0\": {\"type\": \"string\", \"value\": \"\"}}"),
        TOMLTestCase("spec-1.0.0/string-4", #"""
            str4 = """Here are two quotation marks: "". Simple enough."""
            # str5 = """Here are three quotation marks: """."""  # INVALID
            str5 = """Here are three quotation marks: ""\"."""
            str6 = """Here are fifteen quotation marks: ""\"""\"""\"""\"""\"."""

            # "This," she said, "is just a pointless statement."
            str7 = """"This," she said, "is just a pointless statement.""""

            """#,
                     json: #"""
            {
              "str4": {"type": "string", "value": "Here are two quotation marks: \"\". Simple enough."},
              "str5": {"type": "string", "value": "Here are three quotation marks: \"\"\"."},
              "str6": {"type": "string", "value": "Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"."},
              "str7": {"type": "string", "value": "\"This,\" she said, \"is just a pointless statement.\""}
            }
            """#),
    ]
}
