import InfinilistLoader
import Testing
@testable import TOML

/// The TOML of config files: what it reads, and that everything else is an error at the right
/// line rather than a silent misreading.
@Suite struct TOMLParserTests {
    @Test func readsTablesKeysAndEveryValueKind() throws {
        let table = try TOMLParser.parse("""
            # a comment
            title = "top"   # after a value
            [sources.gh]
            url = "https://x.example/items?page={page}"
            "quoted key" = 'C:\\path\\{raw}'
            count = 1_000
            negative = -5
            ratio = 2.5
            big = 1e3
            on = true
            off = false
            list = ["a", 'b',
              "c", # trailing comma and a comment
            ]
            headers = { Authorization = "Bearer ${T}", "X-Two" = "2" }
            nested.deeper = "dotted"
            [sources."with.dot"]
            url = "u\\t\\u00e9\\U0001F600\\"q\\""
            """)
        #expect(table["title"]?.value == .string("top"))
        guard case .table(let sources)? = table["sources"]?.value, case .table(let gh)? = sources["gh"]?.value else {
            Issue.record("no [sources.gh]")
            return
        }
        #expect(gh["url"]?.value == .string("https://x.example/items?page={page}"))
        #expect(gh["url"]?.line == 4)
        #expect(gh["quoted key"]?.value == .string(#"C:\path\{raw}"#))
        #expect(gh["count"]?.value == .integer(1000))
        #expect(gh["negative"]?.value == .integer(-5))
        #expect(gh["ratio"]?.value == .float(2.5))
        #expect(gh["big"]?.value == .float(1000))
        #expect(gh["on"]?.value == .boolean(true))
        #expect(gh["off"]?.value == .boolean(false))
        #expect(gh["list"]?.value == .array([.string("a"), .string("b"), .string("c")]))
        guard case .table(let headers)? = gh["headers"]?.value else {
            Issue.record("headers is not a table")
            return
        }
        #expect(headers.entries.map(\.key) == ["Authorization", "X-Two"])
        #expect(headers["Authorization"]?.value == .string("Bearer ${T}"))
        guard case .table(let nested)? = gh["nested"]?.value else {
            Issue.record("nested is not a table")
            return
        }
        #expect(nested["deeper"]?.value == .string("dotted"))
        guard case .table(let dotted)? = sources["with.dot"]?.value else {
            Issue.record("no [sources.\"with.dot\"]")
            return
        }
        #expect(dotted["url"]?.value == .string("u\té😀\"q\""))
        #expect(dotted["url"]?.line == 18)
    }

    @Test func keepsTheOrderOfEntries() throws {
        let table = try TOMLParser.parse("b = 1\na = 2\nc = 3\n")
        #expect(table.entries.map(\.key) == ["b", "a", "c"])
    }

    @Test func acceptsCRLFAndAnEmptyDocument() throws {
        #expect(try TOMLParser.parse("").entries.isEmpty)
        #expect(try TOMLParser.parse("\n# only a comment\n").entries.isEmpty)
        let table = try TOMLParser.parse("a = 1\r\nb = \"x\"\r\n")
        #expect(table["b"]?.value == .string("x"))
        #expect(table["b"]?.line == 2)
    }

    @Test(arguments: [
        ("a = 1\nb = \"open\n", 2, "not closed"),
        ("a = 1\n\n[t]\nx = yes\n", 4, "'yes'"),
        ("a = 1\na = 2\n", 2, "already defined on line 1"),
        ("[t]\nx = 1\n[t]\n", 3, "[t] is already defined on line 1"),
        ("d = 1979-05-32\n", 1, "the day must be 01 to 31"),
        ("h = 0xFG\n", 1, "not a hexadecimal integer"),
        ("n = 012\n", 1, "cannot start with 0"),
        ("n = 1__0\n", 1, "'_' must stand between two digits"),
        ("f = +inf0\n", 1, "is not a value"),
        ("a = 1 b = 2\n", 1, "expected the end of the line"),
        ("a 1\n", 1, "expected '='"),
        ("= 1\n", 1, "expected a key"),
        ("a = \"\\q\"\n", 1, "unknown escape \\q"),
        ("a = \"\\u12\"\n", 1, "4 hexadecimal digits"),
        ("t = { a = 1,\n b = 2 }\n", 1, "must end on the line"),
        ("t = { a = 1, }\n", 1, "trailing comma"),
        ("x = [1, 2\n\n", 1, "not closed (missing ])"),
        ("x = [1 2]\n", 1, "expected ',' or ']'"),
        ("t = { a = 1 }\nt.b = 2\n", 2, "as something else"),
        ("a = 1\n[a]\n", 2, "as something else"),
        ("a = \"tab\there\u{01}\"\n", 1, "control character"),
        ("a = \n", 1, "expected a value"),
        ("format = {title} by {user}\n", 1, "needs quotes: \"{title}\""),
        ("t = { a 1 }\n", 1, "expected '=' after the key 'a' in the inline table"),
    ])
    func rejectsWhatItDoesNotReadAtTheRightLine(text: String, line: Int, mention: String) {
        expectTOMLError(text, line: line, mention: mention)
    }
}
