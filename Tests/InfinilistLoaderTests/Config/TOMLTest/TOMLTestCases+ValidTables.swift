// Cases from toml-lang/toml-test (tests/valid, files-toml-1.0.0), copied as string literals: each
// file's text and the JSON toml-test expects it to decode to.

extension TOMLTestCase {
    /// Super-tables defined after their sub-tables, tables made by dotted keys with sub-tables, arrays of tables inside tables and arrays of tables.
    static let validTables: [TOMLTestCase] = [
        TOMLTestCase("table/array-implicit-and-explicit-after", #"""
            [[a.b]]
            x = 1

            [a]
            y = 2

            """#,
                     json: #"""
            {"a": {"b": [{"x": {"type": "integer", "value": "1"}}], "y": {"type": "integer", "value": "2"}}}
            """#),
        TOMLTestCase("table/array-table-array", #"""
            [[a]]
                [[a.b]]
                    [a.b.c]
                        d = "val0"
                [[a.b]]
                    [a.b.c]
                        d = "val1"

            """#,
                     json: #"""
            {
              "a": [
                {
                  "b": [
                    {"c": {"d": {"type": "string", "value": "val0"}}},
                    {"c": {"d": {"type": "string", "value": "val1"}}}
                  ]
                }
              ]
            }
            """#),
        TOMLTestCase("table/without-super", #"""
            # [x] you
            # [x.y] don't
            # [x.y.z] need these
            [x.y.z.w] # for this to work
            [x] # defining a super-table afterwards is ok

            """#,
                     json: "{\"x\": {\"y\": {\"z\": {\"w\": {}}}}}"),
        TOMLTestCase("table/names", #"""
            [a.b.c]
            [a."b.c"]
            [a.'d.e']
            [a.' x ']
            [ d.e.f ]
            [ g . h . i ]
            [ j . "ʞ" . 'l' ]

            [x.1.2]

            """#,
                     json: #"""
            {
              "a": {" x ": {}, "b.c": {}, "d.e": {}, "b": {"c": {}}},
              "d": {"e": {"f": {}}},
              "g": {"h": {"i": {}}},
              "j": {"ʞ": {"l": {}}},
              "x": {"1": {"2": {}}}
            }
            """#),
        TOMLTestCase("table/array-within-dotted", #"""
            [fruit]
            apple.color = "red"

            [[fruit.apple.seeds]]
            size = 2

            """#,
                     json: #"""
            {
              "fruit": {
                "apple": {
                  "color": {"type": "string", "value": "red"},
                  "seeds": [{"size": {"type": "integer", "value": "2"}}]
                }
              }
            }
            """#),
        TOMLTestCase("table/sub", #"""
            [a]
            key = 1

            # a.extend is a key inside the "a" table.
            [a.extend]
            key = 2

            [a.extend.more]
            key = 3

            """#,
                     json: #"""
            {
              "a": {
                "key": {"type": "integer", "value": "1"},
                "extend": {"key": {"type": "integer", "value": "2"}, "more": {"key": {"type": "integer", "value": "3"}}}
              }
            }
            """#),
        TOMLTestCase("implicit-and-explicit-after", #"""
            [a.b.c]
            answer = 42

            [a]
            better = 43

            """#,
                     json: #"""
            {
              "a": {
                "better": {"type": "integer", "value": "43"},
                "b": {"c": {"answer": {"type": "integer", "value": "42"}}}
              }
            }
            """#),
        TOMLTestCase("implicit-and-explicit-before", #"""
            [a]
            better = 43

            [a.b.c]
            answer = 42

            """#,
                     json: #"""
            {
              "a": {
                "better": {"type": "integer", "value": "43"},
                "b": {"c": {"answer": {"type": "integer", "value": "42"}}}
              }
            }
            """#),
        TOMLTestCase("implicit-groups", #"""
            [a.b.c]
            answer = 42

            """#,
                     json: "{\"a\": {\"b\": {\"c\": {\"answer\": {\"type\": \"integer\", \"value\": \"42\"}}}}}"),
        TOMLTestCase("spec-1.0.0/table-9", #"""
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true

            # [fruit.apple]  # INVALID
            # [fruit.apple.taste]  # INVALID

            [fruit.apple.texture]  # you can add sub-tables
            smooth = true

            """#,
                     json: #"""
            {
              "fruit": {
                "apple": {
                  "color": {"type": "string", "value": "red"},
                  "taste": {"sweet": {"type": "bool", "value": "true"}},
                  "texture": {"smooth": {"type": "bool", "value": "true"}}
                }
              }
            }
            """#),
        TOMLTestCase("spec-1.0.0/array-of-tables-1", #"""
            [[fruits]]
            name = "apple"

            [fruits.physical]  # subtable
            color = "red"
            shape = "round"

            [[fruits.varieties]]  # nested array of tables
            name = "red delicious"

            [[fruits.varieties]]
            name = "granny smith"


            [[fruits]]
            name = "banana"

            [[fruits.varieties]]
            name = "plantain"

            """#,
                     json: #"""
            {
              "fruits": [
                {
                  "name": {"type": "string", "value": "apple"},
                  "physical": {"color": {"type": "string", "value": "red"}, "shape": {"type": "string", "value": "round"}},
                  "varieties": [
                    {"name": {"type": "string", "value": "red delicious"}},
                    {"name": {"type": "string", "value": "granny smith"}}
                  ]
                },
                {
                  "name": {"type": "string", "value": "banana"},
                  "varieties": [{"name": {"type": "string", "value": "plantain"}}]
                }
              ]
            }
            """#),
    ]
}
