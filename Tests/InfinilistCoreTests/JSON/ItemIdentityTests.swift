import Testing
@testable import InfinilistCore

/// An item's identity: its id's when it has one, else its JSON's, made only when asked for
/// (decision 146), and the same however the item was made or copied.
@Suite struct ItemIdentityTests {
    @Test func anItemWithoutAnIdIsKnownByItsJSON() {
        let json = #"{"a":1}"#
        let item = Item(json: json, text: "a")
        #expect(item.identity == .json(SharedText(json)))
        #expect(item.identity == Item(json: json, text: "other text").identity)
        #expect(item.identity != Item(json: #"{"a":2}"#, text: "a").identity)
    }

    @Test func anIdOrAGivenIdentityWins() {
        let item = Item(json: #"{"a":1}"#, text: "a", id: "7")
        #expect(item.identity == .id("7"))
        #expect(Item(json: #"{"a":2}"#, text: "a", id: "8", identity: .id("7")).identity == .id("7"))
    }

    @Test func copiesKeepTheIdentityAndEqualityComparesIt() {
        let item = Item(json: #"{"a":1}"#, text: "a")
        #expect(item.withCells([.text("x")]).identity == item.identity)
        #expect(item.asProblem("jq: failed").identity == item.identity)
        #expect(item.asProblem("jq: failed").kind == .problem)
        // Made with its identity given or left to be hashed: the same item.
        #expect(Item(json: #"{"a":1}"#, text: "a", identity: item.identity) == item)
        #expect(Item(json: #"{"a":1}"#, text: "a", identity: .id("1")) != item)
    }

    /// Memory holds items by the hundred thousand: the identity's flag must not make one larger.
    @Test func anItemStays72Bytes() {
        #expect(MemoryLayout<Item>.stride == 72)
    }
}
