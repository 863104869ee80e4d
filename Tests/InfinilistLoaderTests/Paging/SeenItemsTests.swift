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

    /// A polled list remembers its top however far it is read: a poll meets the top, and an item
    /// forgotten there would be taken for new and put above the list a second time.
    @Test func aPolledListNeverForgetsItsFirstItemsNorWhatPollsPutAbove() {
        var seen = SeenItems.recent(atLeast: 40, keepsTop: true)
        let top = SeenItems.topItems
        read(0..<(top / 10 + 100), perPage: 10, into: &seen)
        #expect(seen.contains(id(0)) && seen.contains(id(top - 1)))
        // Past the top, only the latest items are remembered, as in a dump.
        #expect(!seen.contains(id(top + 10)))
        #expect(seen.contains(id(top + 990)))
        seen.recordAbove(id(-5))
        read((top / 10 + 100)..<(top / 10 + 200), perPage: 10, into: &seen)
        #expect(seen.contains(id(-5)))
        // Without polls (a dump), the first items are forgotten like any other.
        var dump = SeenItems.recent(atLeast: 40)
        read(0..<100, perPage: 10, into: &dump)
        #expect(!dump.contains(id(0)))
    }

    /// An item a poll put above is dropped wherever the list's walk meets it, read for the first
    /// time or again; the first meeting still counts as news for the walk (not a barren page).
    @Test func anItemPutAboveIsDroppedFromTheListsPages() {
        var seen = SeenItems()
        _ = read([1, 2], page: 0, into: &seen)
        seen.recordAbove(id(7))
        #expect(seen.contains(id(7)))
        var onPage = Set<ItemIdentity>()
        let first = seen.judge(id(7), byID: true, page: 1, rereading: false, idsOnPage: &onPage)
        #expect(first.keep == false && first.isNew == true)
        let second = seen.judge(id(7), byID: true, page: 2, rereading: false, idsOnPage: &onPage)
        #expect(second.keep == false && second.isNew == false)
        let again = seen.judge(id(7), byID: true, page: 1, rereading: true, idsOnPage: &onPage)
        #expect(again.keep == false)
        // By JSON as well.
        let json = ItemIdentity.json(SharedText(#"{"t":1}"#))
        seen.recordAbove(json)
        #expect(seen.judge(json, byID: false, page: 3, rereading: false, idsOnPage: &onPage).keep == false)
    }
}
