import Testing
@testable import InfinilistCore

/// `JSONObject` keeps members in one array with linear lookups (decision 81); these pin the
/// behaviour `OrderedDictionary` gave, on both of the parser's paths (small and indexed objects).
@Suite struct JSONObjectTests {
    /// An object of `count` members `k0…`, with `k1` written again last (`count + 1` keys to read).
    private func document(members count: Int) -> String {
        let members = (0..<count).map { #""k\#($0)":\#($0)"# } + [#""k1":"again""#]
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test(arguments: [3, JSONObject.membersSearchedInPlace - 1, JSONObject.membersSearchedInPlace, 5_000])
    func aRepeatedKeyKeepsItsPlaceAndTakesTheLastValue(count: Int) throws {
        let members = try #require(try json(document(members: count)).objectValue)
        #expect(members.count == count)
        #expect(Array(members.keys) == (0..<count).map { "k\($0)" })
        #expect(members["k1"] == .string("again"))
        #expect(members["k0"] == .number("0"))
        #expect(members["k\(count - 1)"] == .number(String(count - 1)))
        #expect(members["missing"] == nil)
    }

    @Test func manyRepeatsOfFewKeysKeepTheFirstPlacesAndTheLastValues() throws {
        // 200,000 members naming 1,000 keys, as a hostile answer might: the parser indexes them.
        let text = "{" + (0..<200_000).map { #""k\#($0 % 1_000)":\#($0)"# }.joined(separator: ",") + "}"
        let members = try #require(try json(text).objectValue)
        #expect(members.count == 1_000)
        #expect(members["k7"] == .number("199007"))
    }

    /// Keys are their bytes, as in jq: a precomposed `é` and `e` with a combining accent are two
    /// keys (Swift's `==` finds them equal), in small objects and in indexed ones.
    @Test(arguments: [2, 40])
    func canonicallyEquivalentKeysAreTwoKeys(members: Int) throws {
        let others = (0..<(members - 2)).map { #""k\#($0)":0,"# }.joined()
        let value = try JSONParser.parse("{" + others + #""\u00e9":4,"e\u0301":5}"#)
        let object = try #require(value.objectValue)
        #expect(object.count == members)
        #expect(object["\u{E9}"] == .number("4"))
        #expect(object["e\u{301}"] == .number("5"))
        #expect(object != (try JSONParser.parse("{" + others + #""e\u0301":4,"\u00e9":5}"#)).objectValue)
    }

    @Test func settingRemovingAndOrder() {
        var members: JSONObject = ["b": .number("1"), "a": .number("2")]
        members["c"] = .bool(true)
        members["b"] = .null
        #expect(Array(members.keys) == ["b", "a", "c"])
        #expect(members.removeValue(forKey: "a") == .number("2"))
        members["c"] = nil
        #expect(Array(members.keys) == ["b"])
        #expect(members.updateValue(.string("x"), forKey: "b") == .null)
        #expect(members.removeValue(forKey: "nothing") == nil)
    }

    @Test func equalityAndHashingFollowTheOrder() {
        let ab: JSONObject = ["a": .number("1"), "b": .number("2")]
        let ba: JSONObject = ["b": .number("2"), "a": .number("1")]
        #expect(ab != ba)
        #expect(ab == ["a": .number("1"), "b": .number("2")])
        #expect(Set([JSONValue.object(ab), .object(ab), .object(ba)]).count == 2)
    }
}
