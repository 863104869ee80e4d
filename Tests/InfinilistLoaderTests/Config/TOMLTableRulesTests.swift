import InfinilistLoader
import Testing
@testable import TOML

/// What TOML 1.0 lets a file add to a table, and when: headers in any order, super-tables after
/// their sub-tables, dotted keys; and the redefinitions it forbids, each an error at its line.
@Suite struct TOMLTableRulesTests {
    @Test func tablesMayComeInAnyOrder() throws {
        let table = try TOMLParser.parse("""
            [a.b.c]
            x = 1
            [a]
            y = 2
            b.d = 3
            [e]
            [f.g]
            [e.h]
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true
            [fruit.apple.texture]
            smooth = true
            """)
        guard case .table(let a)? = table["a"]?.value, case .table(let b)? = a["b"]?.value,
              case .table(let fruit)? = table["fruit"]?.value, case .table(let apple)? = fruit["apple"]?.value else {
            Issue.record("missing tables")
            return
        }
        #expect(table.entries.map(\.key) == ["a", "e", "f", "fruit"])
        #expect(a.entries.map(\.key) == ["b", "y"])
        #expect(b.entries.map(\.key) == ["c", "d"])
        #expect(b["d"]?.value == .integer(3))
        #expect(apple.entries.map(\.key) == ["color", "taste", "texture"])
    }

    @Test(arguments: [
        ("[a]\nx = 1\n[b]\n[a]\n", 4, "the table [a] is already defined on line 1"),
        ("[a.b]\n[a]\n[a]\n", 3, "the table [a] is already defined on line 2"),
        ("[fruit]\napple.color = \"red\"\n[fruit.apple]\n", 3, "the table [fruit.apple] is already defined on line 2 by a dotted key"),
        ("a.b.c = 1\n[a.b]\n", 2, "the table [a.b] is already defined on line 1 by a dotted key"),
        ("[a.b.c]\n[a]\nx = 1\nb.d = 1\n[a.b]\n", 5, "the table [a.b] is already defined on line 4 by a dotted key"),
        ("[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n", 4, "'c' is a table defined by its [header] on line 1"),
        ("[t]\ni = { a = 1 }\n[t.i.b]\n", 3, "'i' is already defined on line 2 as something else"),
        ("[t]\ni = { a = 1 }\ni.b = 2\n", 3, "'i' is already defined on line 2 as something else"),
        ("a = [1]\n[[a]]\n", 2, "'a' is already defined on line 1 as something else"),
        ("[[a]]\n[a]\n", 2, "as an array of tables; write [[a]]"),
        ("x = 1 # bell \u{07} in a comment\n", 1, "a control character (byte 7) in a comment"),
        ("x = 1 # a stray \r carriage return\n", 1, "a control character (byte 13) in a comment"),
        ("x = \"a stray \r carriage return\"\n", 1, "a control character (byte 13) in a string"),
        ("x = 1\ny = 2 \u{FEFF}\n", 2, "expected the end of the line"),
    ])
    func aRedefinitionIsAnErrorAtItsLine(text: String, line: Int, mention: String) {
        expectTOMLError(text, line: line, mention: mention)
    }

    @Test func aByteOrderMarkMayOpenTheFile() throws {
        let table = try TOMLParser.parse("\u{FEFF}a = 1\r\nb = 2\r\n")
        #expect(table.entries.map(\.key) == ["a", "b"])
        #expect(table["b"]?.line == 2)
    }
}
