import InfinilistCore
import Testing
@testable import InfinilistLoader

/// What a walk remembers of the items it kept: the whole list on screen, the last pages in a dump.
@Suite struct SeenItemsTests {
    private func id(_ number: Int) -> ItemIdentity { .id(String(number)) }

    /// Reads the ids `numbers` on `page` at the tail: whether each was new.
    private func read(_ numbers: [Int], page: Int, into seen: inout SeenItems) -> [Bool] {
        numbers.map { seen.insert(id($0), page: page) }
    }

    /// Reads `perPage` ids on each page of `pages`, page after page: ids `page * perPage ...`.
    private func read(_ pages: Range<Int>, perPage: Int, into seen: inout SeenItems) {
        for page in pages {
            _ = read(Array(page * perPage ..< (page + 1) * perPage), page: page, into: &seen)
        }
    }

    @Test func theWholeListIsRememberedOnScreen() {
        var seen = SeenItems()
        read(0..<50, perPage: 10, into: &seen)
        #expect(seen.count == 500)
        let new = read([0, 500], page: 50, into: &seen)
        #expect(new == [false, true])
        #expect(seen.belongsElsewhere(id(0), page: 49))
        #expect(!seen.belongsElsewhere(id(0), page: 0))
    }

    @Test func aDumpRemembersItsLatestItemsOnly() {
        var seen = SeenItems.recent(atLeast: 40)
        read(0..<10, perPage: 10, into: &seen)
        // Generations of 40 items start on pages 4 and 8: pages 4 to 9 are remembered. Page 10
        // repeats items of pages 9 and 6 (an offset API whose list moved): not new. Pages 0 to 3
        // are forgotten, so their items are new again.
        let new = read([99, 60, 0, 35], page: 10, into: &seen)
        #expect(new == [false, false, true, true])
        // At least 40 items, at most twice that (each generation can run a page past it).
        read(11..<1000, perPage: 10, into: &seen)
        #expect((40...90).contains(seen.count))
        let newAtTheEnd = read([9_990, 9_900], page: 1000, into: &seen)
        #expect(newAtTheEnd == [false, true])
    }

    @Test func anItemThatKeepsComingBackIsNeverForgotten() {
        // A cursor API serving the same items with fresh cursors must keep bringing nothing new,
        // so that ten such pages end the walk.
        var seen = SeenItems.recent(atLeast: 20)
        var newOnes: [Bool] = []
        for page in 0..<100 {
            newOnes += read([-1], page: page, into: &seen)
            read(page..<page + 1, perPage: 10, into: &seen)
        }
        #expect(newOnes == [true] + Array(repeating: false, count: 99))
    }
}
