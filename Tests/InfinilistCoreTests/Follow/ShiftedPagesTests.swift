import InfinilistCore
import Testing

/// How many pages after a page of the list's walk are read with it when it is fetched again: the
/// rows polls put above the list since the page arrived push its items that far down the
/// server's numbered pages.
@Suite struct ShiftedPagesTests {
    private func items(_ ids: ClosedRange<Int>) -> [Item] {
        ids.map { Item(json: #"{"id":\#($0)}"#, text: "item \($0)", id: String($0)) }
    }

    private func newPage(_ page: Int, _ ids: ClosedRange<Int>) -> NewPage {
        NewPage(page: page, address: PollAddress(round: 1, index: 0), items: items(ids))
    }

    @Test func thePagesAfterItAreThoseTheRowsPutAboveSinceFill() {
        var store = PageStore()
        store.append(items(1...5))
        store.append(items(6...10))
        // Before any poll the pages are where they were read, and are filled by position.
        #expect(store.pagesShifted(after: 0) == 0)
        // A poll's pages are the server's, five items at most.
        _ = store.insertAtTop([newPage(-1, 100...104), newPage(-2, 105...106)])
        #expect(store.rowsAbove == 7)
        // Seven rows: two pages of five, and one more for new items no poll has read yet.
        #expect(store.pagesShifted(after: 0) == 3)
        #expect(store.pagesShifted(after: 1) == 3)
        // A page that arrived after the poll has moved by nothing yet.
        store.append(items(11...15))
        #expect(store.pagesShifted(after: 2) == 1)
        _ = store.insertAtTop([newPage(-3, 200...204)])
        #expect(store.pagesShifted(after: 0) == 4)
        #expect(store.pagesShifted(after: 2) == 2)
        // Pages of new items are read from the top instead (`reach`), and unknown pages not at all.
        #expect(store.pagesShifted(after: -3) == 0)
        #expect(store.pagesShifted(after: 9) == 0)
    }

    @Test func aLongFollowReadsAtMostTheLimit() {
        var store = PageStore()
        store.append(items(1...5))
        _ = store.insertAtTop((1...100).map { newPage(-$0, ($0 * 10)...($0 * 10 + 4)) })
        #expect(store.rowsAbove == 500)
        #expect(store.pagesShifted(after: 0) == PageStore.maxPagesShifted)
    }
}
