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
}
