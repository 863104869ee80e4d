import Testing
@testable import InfinilistCore

@Suite struct ColumnSpecTests {
    @Test func readsPathsWidthsAndHeaders() throws {
        let specs = try ColumnSpec.parseList("number,title, user.login=author ,state,created_at:10")
        #expect(specs.map(\.path.description) == ["number", "title", "user.login", "state", "created_at"])
        #expect(specs.map(\.width) == [nil, nil, nil, nil, 10])
        #expect(specs.map(\.headerText) == ["number", "title", "author", "state", "created_at"])
        #expect(specs.map(\.text).joined(separator: ",") == "number,title,user.login=author,state,created_at:10")
    }

    @Test func widthAndHeaderTogether() throws {
        let spec = try #require(try ColumnSpec.parseList("labels.0.name:12=first label").first)
        #expect(spec.path == JSONPath([.key("labels"), .index(0), .key("name")]))
        #expect(spec.width == 12)
        #expect(spec.header == "first label")
    }

    @Test func quotedKeysMayHoldCommasColonsAndEquals() throws {
        let specs = try ColumnSpec.parseList(#"["a,b"],["c:d"]:4,["e=f"]=x"#)
        #expect(specs.map(\.path.components.last?.key) == ["a,b", "c:d", "e=f"])
        #expect(specs.map(\.width) == [nil, 4, nil])
        #expect(specs.map(\.header) == [nil, nil, "x"])
    }

    @Test func mistakesAreNamed() {
        func message(_ text: String) -> String? {
            do {
                _ = try ColumnSpec.parseList(text)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("title,,state") == "column 2 of 'title,,state' is empty")
        #expect(message("title:wide")?.contains("the width after ':' must be a number") == true)
        #expect(message("title:0") == "'title:0': the width must be 1 to 1000 columns, not 0")
        #expect(message("title=") == "'title=' has an empty header after '='")
        #expect(message(":5") == "':5' has no path before its width or header")
        #expect(message("a..b")?.hasPrefix("malformed path 'a..b'") == true)
        #expect(message(Array(repeating: "a", count: 41).joined(separator: ","))?.contains("at most 40") == true)
    }

    /// A column's text (what the picker shows as `--columns`) reads back to the same column,
    /// alone or in a list, whatever its keys hold: a list's separators, brackets, quotes, dots,
    /// spaces at either end, digits, nothing, other scripts.
    @Test func aColumnsTextReadsBackToIt() throws {
        let keys = ["title", "a,b", "w:10", "x=y", "[0]", "\"q\"", "a.b", " pad ", "0", "", "имя", "名前", "e\u{301}", "it's"]
        for key in keys {
            for path in [JSONPath([.key(key)]), JSONPath([.key("data"), .key(key)]), JSONPath([.key(key), .key("x")])] {
                for spec in [ColumnSpec(path: path), ColumnSpec(path: path, width: 9), ColumnSpec(path: path, width: 3, header: "h")] {
                    #expect(try ColumnSpec.parseList(spec.text) == [spec], "\(spec.text)")
                    #expect(try ColumnSpec.parseList([spec, spec].map(\.text).joined(separator: ",")) == [spec, spec], "\(spec.text)")
                }
            }
        }
    }
}
