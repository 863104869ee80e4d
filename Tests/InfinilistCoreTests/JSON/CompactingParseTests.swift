import Testing
@testable import InfinilistCore

/// A parse that keeps the arrays where items may be as compact JSON must find the same items, in
/// the same place, and leave the same document as a plain parse (decision 88).
@Suite struct CompactingParseTests {
    static let documents = [
        #"[{"id":1,"title":"a"},{"id":2,"title":"b"}]"#,
        #"{"total_count":2,"items":[{"id":1},{"id":2}],"tags":["x"]}"#,
        #"{"kind":"Listing","data":{"after":"t3_x","children":[{"kind":"t3","data":{"title":"a"}}],"before":null}}"#,
        #"{"data":[{"type":"articles","id":"1"}],"included":[{"type":"people","id":"9"}],"links":{"next":null}}"#,
        #"{"_links":{"next":{"href":"/o?page=2"}},"_embedded":{"orders":[{"total":30},{"total":20}]}}"#,
        #"{"hits":{"total":{"value":2},"hits":[{"_id":"a"},{"_id":"b"}]}}"#,
        #"{"widgets":[1,2],"meta":{"tags":[]}}"#,
        #"{"hits":[],"page":50}"#,
        #"{"a":[1],"b":[2]}"#,
        #"{"count":0}"#,
        #"{"data":[1,2],"data":[]}"#,
        #"{"data":[1],"data":[2,3]}"#,
        #"{"data":[1,2],"data":5}"#,
        #"{"data":{"items":[[1,[2]],{"x":[3]}]},"items":[4]}"#,
        #"{"x":{"y":{"z":[1,2]}}}"#,
        " [ 1 , { \"k\" : [ 2 ] } ] ",
        "[]",
        "3",
    ]

    @Test(arguments: documents)
    func theItemsAndTheDocumentAreThoseOfAPlainParse(text: String) throws {
        let plain = try json(text)
        var parsed = try JSONParser.parse(Array(text.utf8), compacting: .itemCandidates, after: 0)
        #expect(parsed.materialized() == plain)
        let expected = ItemLocator.items(in: plain, at: nil)
        let located = ItemLocator.items(in: parsed.skeleton, at: nil)
        #expect(located?.path == expected?.path)
        guard let location = located?.location, let items = parsed.takeItems(at: location) else {
            #expect(located.map { $0.items == expected?.items } ?? true, "items neither compacted nor the same")
            return
        }
        #expect((0..<items.count).map(items.value(at:)) == expected?.items)
        var emptied = plain
        emptied.replace(at: location.components[...], with: .array([]))
        #expect(parsed.materialized() == emptied)
    }

    @Test func anArrayNamedByAPathIsTheOnlyOneKept() throws {
        let text = #"{"data":[1],"payload":{"rows":[{"a":1},{"a":2}]},"list":[[1,2],[3]]}"#
        var parsed = try JSONParser.parse(Array(text.utf8), compacting: .at(path("payload.rows")), after: 0)
        #expect(parsed.skeleton[try path("data")] == .array([.number("1")]))
        let taken = parsed.takeItems(at: try path("payload.rows"))
        let items = try #require(taken)
        #expect(items.json(at: 1).string == #"{"a":2}"#)
        #expect(parsed.materialized()[try path("payload.rows")] == .array([]))

        var indexed = try JSONParser.parse(Array(text.utf8), compacting: .at(path("list.1")), after: 0)
        let takenInner = indexed.takeItems(at: try path("list.1"))
        let inner = try #require(takenInner)
        #expect(inner.count == 1 && inner.json(at: 0).string == "3")
        #expect(try indexed.materialized() == json(#"{"data":[1],"payload":{"rows":[{"a":1},{"a":2}]},"list":[[1,2],[]]}"#))
    }

    @Test func aKeyWrittenTwiceKeepsItsLastArray() throws {
        var twice = try JSONParser.parse(Array(#"{"data":[1],"data":[2,3]}"#.utf8), compacting: .itemCandidates, after: 0)
        let taken = twice.takeItems(at: try path("data"))
        let items = try #require(taken)
        #expect(items.count == 2 && items.json(at: 0) == "2")
        // An empty array written last is the document's: nothing kept earlier comes back.
        var emptyLast = try JSONParser.parse(Array(#"{"data":[1,2],"data":[]}"#.utf8), compacting: .itemCandidates, after: 0)
        #expect(emptyLast.takeItems(at: try path("data")) == nil)
        #expect(try emptyLast.materialized() == json(#"{"data":[]}"#))
    }

    /// Every array-valued key of a large object is a place items may be: all are put back in one
    /// walk (with a look-up per array, 20,000 keys took seconds).
    @Test func manyArraysArePutBackAsTheyWere() throws {
        let text = "{" + (0..<20_000).map { #""k\#($0)":[\#($0),{"x":[]}]"# }.joined(separator: ",") + #","data":[{"id":1}]}"#
        let plain = try json(text)
        var parsed = try JSONParser.parse(Array(text.utf8), compacting: .itemCandidates, after: 0)
        let items = try #require(parsed.takeItems(at: try path("data")))
        #expect(items.count == 1)
        var emptied = plain
        emptied.replace(at: try path("data").components[...], with: .array([]))
        #expect(parsed.materialized() == emptied)
    }

    /// An array is kept compact once `after` bytes of it are read, its first elements included;
    /// a shorter one stays values.
    @Test func onlyALongEnoughArrayIsKeptCompact() throws {
        let elements = (0..<100).map { #"{"id":\#($0),"t":"\#(String(repeating: "x", count: 20))"}"# }
        let text = #"{"tags":["a","b"],"data":["# + elements.joined(separator: ",") + "]}"
        var parsed = try JSONParser.parse(Array(text.utf8), compacting: .itemCandidates, after: 1000)
        #expect(parsed.skeleton[try path("tags")] == .array([.string("a"), .string("b")]))
        let taken = parsed.takeItems(at: try path("data"))
        let items = try #require(taken)
        #expect(items.count == 100)
        #expect((0..<100).map { items.json(at: $0).string } == elements)
        var short = try JSONParser.parse(Array(text.utf8), compacting: .itemCandidates, after: text.utf8.count)
        #expect(short.takeItems(at: try path("data")) == nil)
        #expect(try short.materialized() == json(text))
    }

    @Test func brokenDocumentsFailAsInAPlainParse() {
        for text in [#"{"data":[1,2"#, #"{"data":[1,}"#, #"[{"a":1},]"#, #"{"data":[1]} x"#] {
            let plain = jsonError(text)
            var compacting: JSONParseError?
            do { _ = try JSONParser.parse(Array(text.utf8), compacting: .itemCandidates, after: 0) } catch { compacting = error }
            #expect(plain != nil && compacting == plain, "\(text)")
        }
    }
}
