import Testing
@testable import InfinilistCore

@Suite struct PageStoreTests {
    @Test func rowsAreAddressedAcrossPagesOfDifferentSizes() {
        var store = PageStore()
        store.append(items(0..<3))
        store.append([])
        store.append(items(3..<10))
        #expect(store.itemCount == 10)
        #expect(store.pageCount == 3)
        #expect(store.item(at: 0)?.text == "item 0")
        #expect(store.item(at: 2)?.text == "item 2")
        #expect(store.item(at: 3)?.text == "item 3")
        #expect(store.item(at: 9)?.text == "item 9")
        #expect(store.item(at: 10) == nil)
        #expect(store.item(at: -1) == nil)
        #expect(store.page(containing: 3) == 2)
    }

    /// A page fetched again that comes back shorter keeps its rows: those it no longer fills
    /// read as no item (`SlotItems`' holes), the others as their items; mapping the items keeps
    /// the holes, and only the items count against the budget.
    @Test func aPageThatComesBackShorterLeavesItsLastRowsEmpty() {
        var store = PageStore()
        store.append(items(0..<5))
        store.append(items(5..<10))
        store.drop(page: 0)
        #expect(store.item(at: 0) == nil)
        let whole = store.refill(page: 0, with: items(0..<3))
        #expect(!whole)
        #expect((0..<5).map { store.item(at: $0)?.text } == ["item 0", "item 1", "item 2", nil, nil])
        var seen: [String?] = []
        store.forEachItem(in: 0..<6) { _, item in seen.append(item?.text) }
        #expect(seen == ["item 0", "item 1", "item 2", nil, nil, "item 5"])
        #expect(store.loadedItemCount == 8)
        store.mapLoadedItems { $0.withCells([.text("x")]) }
        #expect(store.item(at: 3) == nil)
        #expect(store.item(at: 2)?.cells == [.text("x")])
        // The row's identity as it first arrived stays (a poll tells new items by it).
        #expect(store.identity(at: 3) == .id("3"))
        store.drop(page: 0)
        #expect(store.loadedItemCount == 5)
    }
}
