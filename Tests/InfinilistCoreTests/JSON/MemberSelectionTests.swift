import Testing
@testable import InfinilistCore

/// `JSONParser.parse(_:keeping:)`: of an object, exactly the members named, as `parse` reads
/// them (order, duplicates, escaped keys); members skipped whatever they hold; anything but an
/// object parsed whole.
@Suite struct MemberSelectionTests {
    func kept(_ json: String, _ names: Set<String>) throws -> JSONValue {
        try Array(json.utf8).withUnsafeBufferPointer { try JSONParser.parse($0, keeping: .init(names)) }
    }

    /// The whole parse with the other members taken out: what the selection must give.
    func expected(_ json: String, _ names: Set<String>) throws -> JSONValue {
        let whole = try JSONParser.parse(json)
        guard case .object(let object) = whole else { return whole }
        let members = object.filter { names.contains($0.key) }
        return .object(JSONObject(keys: members.map(\.key), values: members.map(\.value)))
    }

    @Test func keepsTheNamedMembersInDocumentOrder() throws {
        let json = #"{"b":{"x":"}]\"[{"},"a":[1,{"b":2}],"c":"q\\\"","a":3,"d":true}"#
        #expect(try kept(json, ["a", "d"]) == (try JSONParser.parse(#"{"a":3,"d":true}"#)))
        #expect(try kept(json, ["b"]) == (try JSONParser.parse(#"{"b":{"x":"}]\"[{"}}"#)))
        #expect(try kept(json, []) == .object([:]))
    }

    @Test func anEscapedKeyIsItsText() throws {
        #expect(try kept(#"{"\u0061b":1,"ab":2,"a\"b":3}"#, ["ab"]) == (try JSONParser.parse(#"{"ab":2}"#)))
        #expect(try kept(#"{"a\"b":3}"#, ["a\"b"]) == (try JSONParser.parse(#"{"a\"b":3}"#)))
    }

    @Test func otherValuesAndSpacesAreReadAsParseReadsThem() throws {
        for json in ["[1,2]", "\"s\"", "12", "null", "\u{FEFF}{\"a\":1}", "  {\n  \"a\" : 1 ,\n \"b\" : [ 1 , 2 ] }  ", "{}", "{ }"] {
            #expect(try kept(json, ["a"]) == (try expected(json, ["a"])), "\(json)")
        }
    }

    @Test func randomObjectsGiveWhatParseGivesWithoutTheOthers() throws {
        var random = SplitMix(seed: 71)
        let keys = ["a", "b", "ab", "a\\u0062", "c d", "é", "\\\"q"]
        let names: [Set<String>] = [["a"], ["ab", "b"], ["c d", "é"], ["\"q"], []]
        for _ in 0..<2_000 {
            let pretty = random.below(2) == 0
            let space = pretty ? " \n" : ""
            let members = (0..<random.below(7)).map { _ in
                "\"\(keys[random.below(keys.count)])\"\(space):\(space)\(value(depth: 3, &random))"
            }
            let json = space + "{" + members.joined(separator: "," + space) + "}" + space
            for selection in names {
                #expect(try kept(json, selection) == (try expected(json, selection)), "\(json) keeping \(selection)")
            }
        }
    }

    @Test func aTruncatedDocumentIsAnError() {
        for json in [#"{"a":1,"b":"xx"#, #"{"b":[1,2"#, #"{"a":1"#, #"{"b":{"#] {
            #expect(throws: JSONParseError.self) { try kept(json, ["a"]) }
        }
    }

    private func value(depth: Int, _ random: inout SplitMix) -> String {
        switch random.below(depth > 0 ? 8 : 5) {
        case 0: return "null"
        case 1: return "-12.5e3"
        case 2: return ["\"}]\"", "\"[{\\\\\"", "\"plain text of some length\"", "\"é\\u00e9\\n\"", "\"\""][random.below(5)]
        case 3: return "true"
        case 4: return "\(random.below(1000))"
        case 5, 6: return "[" + (0..<random.below(4)).map { _ in value(depth: depth - 1, &random) }.joined(separator: ",") + "]"
        default: return "{" + (0..<random.below(3)).map { _ in "\"k\":" + value(depth: depth - 1, &random) }.joined(separator: ",") + "}"
        }
    }
}

/// SplitMix64, seeded: the same documents on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
