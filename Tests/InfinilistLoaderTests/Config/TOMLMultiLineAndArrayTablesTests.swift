import InfinilistLoader
import Testing
@testable import TOML

/// Multi-line strings (for GraphQL queries and long templates) and arrays of tables, with the
/// lines of what follows them still right.
@Suite struct TOMLMultiLineAndArrayTablesTests {
    @Test func readsMultiLineBasicStrings() throws {
        let table = try TOMLParser.parse(#"""
            query = """
            query Issues($after: String) {
              repository(owner: "apple", name: "swift") { issues(first: 50, after: $after) { nodes { title } } }
            }"""
            joined = """\
                one \
                two"""
            escapes = """tab\there \u00e9 "quoted" ""two"" \\"""
            ends = """x"""""
            after = 1
            """#)
        #expect(table["query"]?.value == .string("""
            query Issues($after: String) {
              repository(owner: "apple", name: "swift") { issues(first: 50, after: $after) { nodes { title } } }
            }
            """))
        #expect(table["query"]?.line == 1)
        #expect(table["joined"]?.value == .string("one two"))
        #expect(table["joined"]?.line == 5)
        #expect(table["escapes"]?.value == .string("tab\there é \"quoted\" \"\"two\"\" \\"))
        #expect(table["ends"]?.value == .string("x\"\""))
        #expect(table["after"]?.line == 10)
    }

    @Test func readsMultiLineLiteralStrings() throws {
        let table = try TOMLParser.parse("""
            path = '''
            C:\\no\\escapes\\{here}
            it's 'quoted' ''twice'''
            regex = '''\\d+'''''
            after = 1
            """)
        #expect(table["path"]?.value == .string("C:\\no\\escapes\\{here}\nit's 'quoted' ''twice"))
        #expect(table["regex"]?.value == .string("\\d+''"))
        #expect(table["after"]?.line == 5)
    }

    @Test func keepsCRLFInsideAMultiLineString() throws {
        let table = try TOMLParser.parse("a = \"\"\"\r\none\r\ntwo\"\"\"\r\nb = 2\r\n")
        #expect(table["a"]?.value == .string("one\r\ntwo"))
        #expect(table["b"]?.line == 4)
    }

    @Test func readsArraysOfTables() throws {
        let table = try TOMLParser.parse("""
            [[sources.gh.pages]]
            name = "one"
            [sources.gh.pages.extra]
            deep = true

            [[sources.gh.pages]]
            name = "two"
            [[sources.gh.pages.children]]
            n = 1
            [sources.gh]
            url = "u"
            """)
        guard case .table(let sources)? = table["sources"]?.value, case .table(let gh)? = sources["gh"]?.value,
              case .array(let pages)? = gh["pages"]?.value, pages.count == 2,
              case .table(let first) = pages[0], case .table(let second) = pages[1] else {
            Issue.record("not read as two tables: \(table)")
            return
        }
        #expect(gh["pages"]?.line == 1)
        #expect(first["name"]?.value == .string("one"))
        #expect(first["name"]?.line == 2)
        guard case .table(let extra)? = first["extra"]?.value else {
            Issue.record("no [sources.gh.pages.extra] in the first table")
            return
        }
        #expect(extra["deep"]?.value == .boolean(true))
        #expect(second["name"]?.value == .string("two"))
        #expect(second["extra"] == nil)
        guard case .array(let children)? = second["children"]?.value, children.count == 1,
              case .table(let child) = children[0] else {
            Issue.record("no [[sources.gh.pages.children]] in the second table")
            return
        }
        #expect(child["n"]?.value == .integer(1))
        #expect(child["n"]?.line == 9)
        #expect(gh["url"]?.line == 11)
    }

    @Test(arguments: [
        ("a = \"\"\"\nopen\n\n", 1, "not closed (missing \"\"\")"),
        ("a = '''\nopen\n\n", 1, "not closed (missing ''')"),
        ("a = \"\"\"\nx \\q\"\"\"\n", 2, "unknown escape \\q"),
        ("a = \"\"\"\nx \u{01}\"\"\"\n", 2, "control character"),
        ("\"\"\"k\"\"\" = 1\n", 1, "a key cannot be a multi-line string"),
        ("a = 1\n[[a]]\n", 2, "as something else"),
        ("[a]\n[[a]]\n", 2, "as something else"),
        ("[[a]]\n[a]\n", 2, "an array of tables"),
        ("a = [{ b = 1 }]\n[[a]]\n", 2, "as something else"),
        ("a = []\n[a.b]\n", 2, "as something else"),
        ("[[a]\n", 1, "expected ']' to close the array-of-tables header"),
        ("[[a]]\nb = 1\nb = 2\n", 3, "already defined on line 2"),
    ])
    func rejectsMistakesAtTheRightLine(text: String, line: Int, mention: String) {
        expectTOMLError(text, line: line, mention: mention)
    }
}
