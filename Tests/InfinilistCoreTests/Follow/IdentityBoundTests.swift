import InfinilistCore
import Testing

/// A list that can be polled keeps its items' identities for dropped pages only near its top
/// (`PageStore.rowsWithIdentities`), so a search or a scroll down an endless list does not grow by
/// 8 bytes an item passed; a deeper page tells them while it is in memory. (What a poll compares
/// against is the loader's, `SeenItemsTopTests`.)
@Suite struct IdentityBoundTests {
    private let pageSize = 1_000

    private func items(_ ids: Range<Int>) -> [Item] {
        ids.map { Item(json: #"{"id":\#($0)}"#, text: "item \($0)", id: String($0)) }
    }

    /// A store holding the first `pages` pages of the walk, each of `pageSize` items.
    private func store(pages: Int) -> PageStore {
        var store = PageStore()
        for page in 0..<pages { store.append(items((page * pageSize)..<((page + 1) * pageSize))) }
        return store
    }

    private var lastPageWithIdentities: Int { PageStore.rowsWithIdentities / pageSize - 1 }

    @Test func aDroppedPageNearTheTopKeepsItsIdentitiesAndADeepOneDoesNot() {
        let deep = lastPageWithIdentities + 1
        var store = store(pages: deep + 1)
        let topRow = lastPageWithIdentities * pageSize
        let deepRow = deep * pageSize
        #expect(store.identity(at: deepRow) == .id(String(deepRow)))   // in memory: told
        store.drop(page: lastPageWithIdentities)
        store.drop(page: deep)
        #expect(store.identity(at: topRow) == .id(String(topRow)))
        #expect(store.identity(at: deepRow) == nil)
    }

    @Test func aDeepPageFetchedAgainAfterAPollIsFilledByPositionMovedByTheRowsPutAbove() {
        let deep = lastPageWithIdentities + 1
        var store = store(pages: deep + 1)
        store.drop(page: deep)
        let newItems = items(2_000_000..<2_000_003)
        _ = store.insertAtTop([NewPage(page: -1, address: PollAddress(round: 1, index: 0), items: newItems)])
        // The server's page now starts three items earlier in the list's order: the answer (the
        // page and the one after it) begins with three items of the page before.
        let first = deep * pageSize
        let answer = items((first - 3)..<(first + pageSize + 50))
        let whole = store.refill(page: deep, with: answer)
        #expect(whole)
        let row = 3 + first   // three rows above the list now
        #expect(store.item(at: row)?.id == String(first))
        #expect(store.item(at: row + pageSize - 1)?.id == String(first + pageSize - 1))
    }

    @Test func aDeepPageReadAloneAfterAPollIsFilledWhereItIs() {
        // A page after a cursor does not move: the loader reads it alone, no more items than it had.
        let deep = lastPageWithIdentities + 1
        var store = store(pages: deep + 1)
        store.drop(page: deep)
        _ = store.insertAtTop([NewPage(page: -1, address: PollAddress(round: 1, index: 0), items: items(2_000_000..<2_000_003))])
        let first = deep * pageSize
        let whole = store.refill(page: deep, with: items(first..<(first + pageSize)))
        #expect(whole)
        #expect(store.item(at: 3 + first)?.id == String(first))
    }
}
