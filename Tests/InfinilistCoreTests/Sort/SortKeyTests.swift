import Testing
@testable import InfinilistCore

/// The comparisons a sort makes: numbers as numbers, dates as dates, text as a person reads it,
/// kinds in a fixed order, and no key (null, missing) for `RowOrder` to put last.
@Suite struct SortKeyTests {
    private func key(_ json: String) -> SortKey? {
        SortKey.of((try? JSONParser.parse(json)) ?? .null)
    }

    private func sorted(_ jsons: [String]) -> [String] {
        jsons.map { ($0, key($0)) }.sorted { a, b in
            switch (a.1, b.1) {
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x < y
            }
        }.map(\.0)
    }

    @Test func numbersSortAsNumbersNotAsText() {
        #expect(sorted(["10", "9", "-2.5", "1e3", "0"]) == ["-2.5", "0", "9", "10", "1e3"])
        // A number sent as a string is that number; words that Double would read are not.
        #expect(sorted([#""10""#, #""9""#, #""nan""#, #""inf""#]) == [#""9""#, #""10""#, #""inf""#, #""nan""#])
    }

    /// 64-bit ids (Twitter's, Discord's) are beyond a Double's exact integers.
    @Test func longIntegersSortByTheirDigits() {
        let ids = ["1790000000000000005", "1790000000000000001", "-1790000000000000004", "1790000000000000002", "-1790000000000000003", "12345678901234567891", "12345678901234567890"]
        #expect(sorted(ids) == ["-1790000000000000004", "-1790000000000000003", "1790000000000000001", "1790000000000000002", "1790000000000000005", "12345678901234567890", "12345678901234567891"])
        #expect(sorted([#""1790000000000000002""#, #""1790000000000000001""#]) == [#""1790000000000000001""#, #""1790000000000000002""#])
    }

    @Test func datesSortByTheTimeTheyName() {
        // The same instant in two offsets, and a later one written earlier in the text's order.
        #expect(key(#""2026-11-29T10:00:00+02:00""#) == key(#""2026-11-29T08:00:00Z""#))
        #expect(sorted([#""2026-11-29T09:00:00+05:00""#, #""2026-11-29T05:00:00Z""#]) == [#""2026-11-29T09:00:00+05:00""#, #""2026-11-29T05:00:00Z""#])
    }

    @Test func textIgnoresCaseAndAccentsFirstThenPutsTheAccentAfterItsLetter() {
        #expect(sorted([#""zoo""#, #""Zoë""#, #""apple""#, #""Banana""#]) == [#""apple""#, #""Banana""#, #""Zoë""#, #""zoo""#])
        #expect(sorted([#""éa""#, #""ea""#, #""eb""#]) == [#""ea""#, #""éa""#, #""eb""#])
        // Decomposed and precomposed are the same letter.
        #expect(TextCollation.folded("e\u{301}cole") == TextCollation.folded("École"))
        #expect(TextCollation.folded("Ångström") == "angstrom")
        // Capitals first between otherwise equal words.
        #expect(sorted([#""ab""#, #""Ab""#]) == [#""Ab""#, #""ab""#])
    }

    @Test func kindsSortInAFixedOrderAndNullHasNoKey() {
        #expect(sorted(["true", #""b""#, "{\"a\":1}", "false", "3", "null"]) == ["3", #""b""#, "{\"a\":1}", "false", "true", "null"])
        // Objects and arrays are their summary, as a cell shows them.
        #expect(key(#"[{"name":"bug"},{"name":"ui"}]"#) == key(#""bug, ui""#))
        #expect(key("null") == nil)
        #expect(SortKey.of(nil) == nil)
    }

    @Test func aCellGivesTheSameKeyAsItsValue() {
        #expect(SortKey.of(.text("12"), kind: .number) == key("12"))
        #expect(SortKey.of(.date(seconds: 5, text: "x"), kind: .date) == .number(5))
        #expect(SortKey.of(.text("Zoë"), kind: .text) == key(#""Zoë""#))
        #expect(SortKey.of(.text("12"), kind: .text) == key("12"))
        #expect(SortKey.of(.text("2026-11-29T08:00:00Z"), kind: .text) == key(#""2026-11-29T08:00:00Z""#))
        #expect(SortKey.of(.missing, kind: .text) == nil)
        #expect(SortKey.of(.null, kind: .number) == nil)
    }

    @Test func aSortFieldIsReadWithItsDirection() throws {
        #expect(try SortField(parsing: "comments") == SortField(path: JSONPath([.key("comments")])))
        #expect(try SortField(parsing: " user.login:desc ") == SortField(path: JSONPath([.key("user"), .key("login")]), descending: true))
        #expect(try SortField(parsing: "score:ASC").descending == false)
        #expect(try SortField(parsing: #"["a:b"]:desc"#).path == JSONPath([.key("a:b")]))
        #expect(throws: SortFieldError.self) { try SortField(parsing: "score:up") }
        #expect(throws: SortFieldError.self) { try SortField(parsing: ":desc") }
        #expect(throws: SortFieldError.self) { try SortField(parsing: "a..b") }
    }
}
