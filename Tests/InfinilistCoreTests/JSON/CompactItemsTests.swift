import Testing
@testable import InfinilistCore

/// A page's items kept as compact JSON (decision 88): what they give back must be what the parsed
/// values would have given, and the document parsed around them the same document.
@Suite struct CompactItemsTests {
    @Test func itemsGiveBackTheirJSONAndValues() throws {
        let values = try [#"{"id":1,"title":"a \"quoted\" é"}"#, "[1,[2,{}]]", #""x\n""#, "-1.5e3", "null", "{}"].map { try json($0) }
        let items = CompactItems(values)
        #expect(items.count == values.count)
        for (position, value) in values.enumerated() {
            #expect(items.json(at: position).string == value.compactJSON)
            #expect(items.value(at: position) == value)
        }
        #expect(items.byteCount == values.reduce(0) { $0 + $1.compactJSON.utf8.count })
    }

    @Test func aMemberIsReadFromTheBytesAsFromTheTree() throws {
        let item = try json(#"{"id":7,"a\"b":true,"é":"x","\u0001":1,"user":{"login":"ü","tags":["p","q",{"k":[null]}]},"0":"zero","list":[10,"a,b]",{"}":"{"}]}"#)
        let items = CompactItems([item, .array([.number("5"), .string("s")]), .string("text")])
        let paths = ["id", #"["a\"b"]"#, "é", "user", "user.login", "user.tags", "user.tags.1", "user.tags.2.k.0", "user.tags.3",
                     "0", "list.1", "list.2", #"list.2["}"]"#, "missing", "id.x", "user.login.x"]
        for text in paths {
            let path = try path(text)
            #expect(items.member(path, at: 0) == item[path], "\(text)")
        }
        let control = JSONPath([.key("\u{1}")])
        #expect(items.member(control, at: 0) == .number("1"))
        #expect(items.member(try path("1"), at: 1) == .string("s"))
        #expect(items.member(try path("0"), at: 1) == .number("5"))
        #expect(items.member(try path("2"), at: 1) == nil)
        #expect(items.member(try path("x"), at: 2) == nil)
    }

    /// Keys are equal as `String`s are: canonically equivalent spellings are one key.
    @Test func aKeyIsFoundInAnyCanonicallyEquivalentSpelling() throws {
        let item = try json(#"{"cafe\u0301":1,"\u212Aey":2,"plain":3}"#)
        let items = CompactItems([item])
        for key in ["café", "cafe\u{301}", "Key", "\u{212A}ey", "plain"] {
            let path = JSONPath([.key(key)])
            #expect(items.member(path, at: 0) == item[path], "\(key)")
            #expect(items.member(path, at: 0) != nil, "\(key)")
        }
        #expect(items.member(JSONPath([.key("cafe")]), at: 0) == nil)
    }

    @Test func randomItemsAgreeWithTheirTrees() throws {
        var generator = SplitMix64(seed: 88)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 1...4, using: &generator)).map { _ in JSONPropertyTests.randomValue(depth: 0, using: &generator) }
            let items = CompactItems(values)
            for (position, value) in values.enumerated() {
                #expect(items.json(at: position).string == value.compactJSON)
                #expect(items.value(at: position) == value)
                for path in Self.paths(in: value, prefix: []) {
                    #expect(items.member(path, at: position) == value[path], "\(path) in \(value.compactJSON)")
                }
            }
        }
    }

    @Test func equalPagesHashEqually() {
        func digest(_ items: CompactItems) -> Int {
            var hasher = Hasher()
            items.hash(into: &hasher)
            return hasher.finalize()
        }
        let page: [JSONValue] = [.object(["id": .number("1")]), .object(["id": .number("2")])]
        #expect(digest(CompactItems(page)) == digest(CompactItems(page)))
        #expect(digest(CompactItems(page)) != digest(CompactItems(page.reversed())))
        // The same bytes split differently are different pages.
        #expect(digest(CompactItems([.number("1"), .number("23")])) != digest(CompactItems([.number("12"), .number("3")])))
        #expect(digest(CompactItems([.string("ab")])) != digest(CompactItems([.string("a"), .string("b")])))
    }

    /// Every path to a value inside `value` (keys of objects, positions of arrays), and one that
    /// leads nowhere below each container.
    static func paths(in value: JSONValue, prefix: [JSONPath.Component]) -> [JSONPath] {
        var found = [JSONPath(prefix)]
        switch value {
        case .object(let members):
            for (key, member) in members { found += paths(in: member, prefix: prefix + [.key(key)]) }
            found.append(JSONPath(prefix + [.key("no such key")]))
        case .array(let elements):
            for (index, element) in elements.enumerated() { found += paths(in: element, prefix: prefix + [.index(index)]) }
            found.append(JSONPath(prefix + [.index(elements.count)]))
        case .null, .bool, .number, .string:
            found.append(JSONPath(prefix + [.key("x")]))
        }
        return found
    }
}
