// Cases from toml-lang/toml-test (tests/invalid, files-toml-1.0.0), copied as string literals: each
// file's text and the line our parser reports (the line where the file goes wrong).

extension TOMLInvalidCase {
    /// Control characters, tables and keys defined twice (by headers, dotted keys or inline tables), malformed keys, strings and headers.
    static let invalidStructure: [TOMLInvalidCase] = [
        TOMLInvalidCase("control/comment-cr", line: 1, "comment-cr   = \"Carriage return in comment\" # \ra=1\n"),
        TOMLInvalidCase("control/comment-null", line: 1, "comment-null = \"null\"   # \u{0}\n"),
        TOMLInvalidCase("control/comment-del", line: 1, "comment-del  = \"0x7f\"   # \u{7F}\n"),
        TOMLInvalidCase("control/string-cr", line: 1, "string-cr   = \"null\r\"\n"),
        TOMLInvalidCase("control/rawstring-cr", line: 1, "rawstring-cr   = 'null\r'\n"),
        TOMLInvalidCase("control/bare-cr", line: 2, "# The following line contains a single carriage return control character\r\n\r"),
        TOMLInvalidCase("control/multi-null", line: 1, "multi-null = \"\"\"null\u{0}\"\"\"\n"),
        TOMLInvalidCase("table/append-with-dotted-keys-01", line: 17, """
            # First a.b.c defines a table: a.b.c = {z=9}
            #
            # Then we define a.b.c.t = "str" to add a str to the above table, making it:
            #
            #   a.b.c = {z=9, t="..."}
            #
            # While this makes sense, logically, it was decided this is not valid TOML as
            # it's too confusing/convoluted.
            #\u{20}
            # See: https://github.com/toml-lang/toml/issues/846
            #      https://github.com/toml-lang/toml/pull/859

            [a.b.c]
              z = 9

            [a]
              b.c.t = "Using dotted keys to add to [a.b.c] after explicitly defining it above is not allowed"

            """),
        TOMLInvalidCase("table/append-with-dotted-keys-02", line: 8, #"""
            # This is the same issue as in injection-1.toml, except that nests one level
            # deeper. See that file for a more complete description.

            [a.b.c.d]
              z = 9

            [a]
              b.c.d.k.t = "Using dotted keys to add to [a.b.c.d] after explicitly defining it above is not allowed"

            """#),
        TOMLInvalidCase("table/duplicate-key-04", line: 4, #"""
            [fruit]
            apple.color = "red"

            [fruit.apple] # INVALID

            """#),
        TOMLInvalidCase("table/duplicate-key-05", line: 4, #"""
            [fruit]
            apple.taste.sweet = true

            [fruit.apple.taste] # INVALID

            """#),
        TOMLInvalidCase("table/redefine-02", line: 4, #"""
            # Define t2 as a table via dotted key in [t1] block, and then redefine [t1.t2]
            [t1]
            t2.t3.v = 0
            [t1.t2]

            """#),
        TOMLInvalidCase("table/super-twice", line: 3, #"""
            [a.b]
            [a]
            [a]

            """#),
        TOMLInvalidCase("table/duplicate-key-01", line: 4, #"""
            [a]
            b = 1

            [a]
            c = 2

            """#),
        TOMLInvalidCase("table/array-implicit", line: 13, """
            # This test is a bit tricky. It should fail because the first use of
            # `[[albums.songs]]` without first declaring `albums` implies that `albums`
            # must be a table. The alternative would be quite weird. Namely, it wouldn't
            # comply with the TOML spec: "Each double-bracketed sub-table will belong to\u{20}
            # the most *recently* defined table element *above* it."
            #
            # This is in contrast to the *valid* test, table-array-implicit where
            # `[[albums.songs]]` works by itself, so long as `[[albums]]` isn't declared
            # later. (Although, `[albums]` could be.)
            [[albums.songs]]
            name = "Glory Days"

            [[albums]]
            name = "Born in the USA"

            """),
        TOMLInvalidCase("table/duplicate-key-07", line: 2, #"""
            [[tbl]]
            [tbl]

            """#),
        TOMLInvalidCase("table/overwrite-with-deep-table", line: 2, #"""
            a=1
            [a.b.c.d]

            """#),
        TOMLInvalidCase("spec-1.0.0/table-9-0", line: 5, #"""
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true

            [fruit.apple]  # INVALID
            # [fruit.apple.taste]  # INVALID

            [fruit.apple.texture]  # you can add sub-tables
            smooth = true

            """#),
        TOMLInvalidCase("spec-1.0.0/table-9-1", line: 6, #"""
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true

            # [fruit.apple]  # INVALID
            [fruit.apple.taste]  # INVALID

            [fruit.apple.texture]  # you can add sub-tables
            smooth = true

            """#),
        TOMLInvalidCase("spec-1.0.0/inline-table-2-0", line: 3, #"""
            [product]
            type = { name = "Nail" }
            type.edible = false  # INVALID

            """#),
        TOMLInvalidCase("spec-1.0.0/inline-table-3-0", line: 3, #"""
            [product]
            type.name = "Nail"
            type = { edible = false }  # INVALID

            """#),
        TOMLInvalidCase("inline-table/overwrite-09", line: 5, #"""
            [tab.nested]
            inline-t = { nest = {} }

            [tab]
            nested.inline-t.nest = 2

            """#),
        TOMLInvalidCase("inline-table/linebreak-01", line: 3, """
            # No newlines are allowed between the curly braces unless they are valid within
            # a value.
            simple = { a = 1\u{20}
            }

            """),
        TOMLInvalidCase("inline-table/trailing-comma", line: 3, #"""
            # A terminating comma (also called trailing comma) is not permitted after the
            # last key/value pair in an inline table
            abc = { abc = 123, }

            """#),
        TOMLInvalidCase("inline-table/duplicate-key-03", line: 1, #"""
            tbl = { fruit = { apple.color = "red" }, fruit.apple.texture = { smooth = true } }


            """#),
        TOMLInvalidCase("key/multiline-key-01", line: 1, #"""
            """key""" = 1

            """#),
        TOMLInvalidCase("key/start-dot", line: 1, #"""
            .key = 1

            """#),
        TOMLInvalidCase("key/duplicate-keys-07", line: 2, #"""
            "" = 1
            "" = 2

            """#),
        TOMLInvalidCase("key/no-eol-02", line: 1, #"""
            0=0r=false

            """#),
        TOMLInvalidCase("string/bad-uni-esc-06", line: 1, #"""
            bad-uni-esc-06 = "This string contains a non scalar unicode codepoint \uD801"

            """#),
        TOMLInvalidCase("string/bad-escape-01", line: 1, #"""
            invalid-escape = "This string has a bad \a escape character."

            """#),
        TOMLInvalidCase("string/basic-byte-escapes", line: 1, #"""
            answer = "\x33"

            """#),
        TOMLInvalidCase("string/bad-multiline", line: 1, #"""
            multi = "first line
            second line"

            """#),
        TOMLInvalidCase("string/literal-multiline-quotes-01", line: 1, #"""
            a = '''6 apostrophes: ''''''


            """#),
        TOMLInvalidCase("string/multiline-escape-space-01", line: 2, #"""
            a = """
              foo \ \n
              bar"""

            """#),
        TOMLInvalidCase("encoding/bom-not-at-start-01", line: 2, "# Contains UTF-8 BOM between = and 1\na=\u{FEFF}1\n"),
        TOMLInvalidCase("encoding/bom-not-at-start-02", line: 1, "\u{FEFF}\u{FEFF}# Contains two UTF-8 BOMS at the start\na=1\n"),
        TOMLInvalidCase("encoding/bom-not-at-start-03", line: 1, "\u{FEFF}\u{FEFF}a=1\n# Contains two UTF-8 BOMS at the start\n"),
        TOMLInvalidCase("array/extend-defined-aot", line: 3, #"""
            [[tab.arr]]
            [tab]
            arr.val1=1

            """#),
        TOMLInvalidCase("array/tables-02", line: 9, #"""
            # INVALID TOML DOC
            [[fruit]]
              name = "apple"

              [[fruit.variety]]
                name = "red delicious"

              # This table conflicts with the previous table
              [fruit.variety]
                name = "granny smith"

            """#),
    ]
}
