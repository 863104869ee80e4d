// Cases from toml-lang/toml-test (tests/valid, files-toml-1.0.0), copied as string literals: each
// file's text and the JSON toml-test expects it to decode to.

extension TOMLTestCase {
    /// Dotted, quoted, empty and numeric keys, keys out of order, dotted keys in inline tables, inline tables and arrays nested in each other.
    static let validKeysAndInlineTables: [TOMLTestCase] = [
        TOMLTestCase("key/dotted-01", #"""
            name.first = "Arthur"
            "name".'last' = "Dent"

            many.dots.dot.dot.dot = 42

            """#,
                     json: #"""
            {
              "many": {"dots": {"dot": {"dot": {"dot": {"type": "integer", "value": "42"}}}}},
              "name": {"first": {"type": "string", "value": "Arthur"}, "last": {"type": "string", "value": "Dent"}}
            }
            """#),
        TOMLTestCase("key/empty-01", #"""
            "" = "blank"

            """#,
                     json: "{\"\": {\"type\": \"string\", \"value\": \"blank\"}}"),
        TOMLTestCase("key/numeric-01", #"""
            1     = true

            """#,
                     json: "{\"1\": {\"type\": \"bool\", \"value\": \"true\"}}"),
        TOMLTestCase("key/escapes", #"""
            "\n" = "newline"
            "\b" = "bell"
            "\u00c0" = "latin capital letter A with grave"
            "\"" = "just a quote"

            ["backsp\b\b"]

            ["\"quoted\""]
            quote = true

            ["a.b"."\u00c0"]

            """#,
                     json: #"""
            {
              "\b": {"type": "string", "value": "bell"},
              "\n": {"type": "string", "value": "newline"},
              "\"": {"type": "string", "value": "just a quote"},
              "backsp\b\b": {},
              "À": {"type": "string", "value": "latin capital letter A with grave"},
              "\"quoted\"": {"quote": {"type": "bool", "value": "true"}},
              "a.b": {"À": {}}
            }
            """#),
        TOMLTestCase("key/space", #"""
            # Keep whitespace inside quotes keys at all positions.
            "a b"   = 1
            " c d " = 2
            "  much 		  whitespace  	\n  \r\n  " = 3

            [ " tbl " ]
            "\ttab\ttab\t" = "tab"

            """#,
                     json: #"""
            {
              "  much \t\t  whitespace  \t\n  \r\n  ": {"type": "integer", "value": "3"},
              " c d ": {"type": "integer", "value": "2"},
              "a b": {"type": "integer", "value": "1"},
              " tbl ": {"\ttab\ttab\t": {"type": "string", "value": "tab"}}
            }
            """#),
        TOMLTestCase("spec-1.0.0/keys-5", #"""
            # VALID BUT DISCOURAGED

            apple.type = "fruit"
            orange.type = "fruit"

            apple.skin = "thin"
            orange.skin = "thick"

            apple.color = "red"
            orange.color = "orange"

            """#,
                     json: #"""
            {
              "apple": {
                "color": {"type": "string", "value": "red"},
                "skin": {"type": "string", "value": "thin"},
                "type": {"type": "string", "value": "fruit"}
              },
              "orange": {
                "color": {"type": "string", "value": "orange"},
                "skin": {"type": "string", "value": "thick"},
                "type": {"type": "string", "value": "fruit"}
              }
            }
            """#),
        TOMLTestCase("spec-1.0.0/keys-7", #"""
            3.14159 = "pi"

            """#,
                     json: "{\"3\": {\"14159\": {\"type\": \"string\", \"value\": \"pi\"}}}"),
        TOMLTestCase("inline-table/key-dotted-01", #"""
            a = {   a.b  =  1   }
            b = {   "a"."b"  =  1   }
            c = {   a   .   b  =  1   }
            d = {   'a'   .   "b"  =  1   }
            e = {a.b=1}

            """#,
                     json: #"""
            {
              "a": {"a": {"b": {"type": "integer", "value": "1"}}},
              "b": {"a": {"b": {"type": "integer", "value": "1"}}},
              "c": {"a": {"b": {"type": "integer", "value": "1"}}},
              "d": {"a": {"b": {"type": "integer", "value": "1"}}},
              "e": {"a": {"b": {"type": "integer", "value": "1"}}}
            }
            """#),
        TOMLTestCase("inline-table/nest", #"""
            tbl_tbl_empty = { tbl_0 = {} }
            tbl_tbl_val   = { tbl_1 = { one = 1 } }
            tbl_arr_tbl   = { arr_tbl = [ { one = 1 } ] }
            arr_tbl_tbl   = [ { tbl = { one = 1 } } ]

            # Array-of-array-of-table is interesting because it can only
            # be represented in inline form.
            arr_arr_tbl_empty = [ [ {} ] ]
            arr_arr_tbl_val = [ [ { one = 1 } ] ]
            arr_arr_tbls  = [ [ { one = 1 }, { two = 2 } ] ]

            """#,
                     json: #"""
            {
              "arr_arr_tbl_empty": [[{}]],
              "arr_arr_tbl_val": [[{"one": {"type": "integer", "value": "1"}}]],
              "arr_arr_tbls": [[{"one": {"type": "integer", "value": "1"}}, {"two": {"type": "integer", "value": "2"}}]],
              "arr_tbl_tbl": [{"tbl": {"one": {"type": "integer", "value": "1"}}}],
              "tbl_arr_tbl": {"arr_tbl": [{"one": {"type": "integer", "value": "1"}}]},
              "tbl_tbl_empty": {"tbl_0": {}},
              "tbl_tbl_val": {"tbl_1": {"one": {"type": "integer", "value": "1"}}}
            }
            """#),
        TOMLTestCase("inline-table/array-01", #"""
            arr = [ {'a'= 1}, {'a'= 2} ]

            people = [{first_name = "Bruce", last_name = "Springsteen"},
                      {first_name = "Eric", last_name = "Clapton"},
                      {first_name = "Bob", last_name = "Seger"}]

            """#,
                     json: #"""
            {
              "arr": [{"a": {"type": "integer", "value": "1"}}, {"a": {"type": "integer", "value": "2"}}],
              "people": [
                {
                  "first_name": {"type": "string", "value": "Bruce"},
                  "last_name": {"type": "string", "value": "Springsteen"}
                },
                {
                  "first_name": {"type": "string", "value": "Eric"},
                  "last_name": {"type": "string", "value": "Clapton"}
                },
                {
                  "first_name": {"type": "string", "value": "Bob"},
                  "last_name": {"type": "string", "value": "Seger"}
                }
              ]
            }
            """#),
        TOMLTestCase("array/nested-inline-table", #"""
            a = [ { b = {} } ]

            """#,
                     json: "{\"a\": [{\"b\": {}}]}"),
        TOMLTestCase("array/hetergeneous", #"""
            mixed = [[1, 2], ["a", "b"], [1.1, 2.1]]

            """#,
                     json: #"""
            {
              "mixed": [
                [{"type": "integer", "value": "1"}, {"type": "integer", "value": "2"}],
                [{"type": "string", "value": "a"}, {"type": "string", "value": "b"}],
                [{"type": "float", "value": "1.1"}, {"type": "float", "value": "2.1"}]
              ]
            }
            """#),
    ]
}
