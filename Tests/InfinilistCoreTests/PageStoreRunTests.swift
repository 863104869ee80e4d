import InfinilistCore
import Testing

/// Dropped pages of the walk that keep nothing are merged into runs, so what a store keeps for
/// pages passed stays a few slots however far a search or `G` walks (issue 32), and every page
/// of a run still answers for its rows, is fetched again and filled in on its own.
@Suite struct PageStoreRunTests {
    private func items(_ ids: Range<Int>) -> [Item] {
        ids.map { Item(json: #"{"id":\#($0)}"#, text: "item \($0)", id: String($0)) }
    }

    @Test func pagesDroppedBehindAWalkLeaveOneSlot() {
        var store = PageStore(keepsIdentities: false)
        for page in 0..<10_000 {
            store.append(items((page * 50)..<((page + 1) * 50)))
            if page >= 20 { store.drop(page: page - 20) }
        }
        // 9,980 dropped pages in one run, 20 pages in memory.
        #expect(store.slotCount == 21)
        #expect(store.pageCount == 10_000)
        #expect(store.itemCount == 500_000)
        #expect(store.rows(ofPage: 1_234) == 61_700..<61_750)
        #expect(store.page(containing: 61_749) == 1_234)
        #expect(store.item(at: 61_700) == nil)
        #expect(store.droppedPages(in: 61_740..<61_760) == [1_234, 1_235])
        // A page of the run comes back on its own; the run's pages either side stay dropped.
        store.refill(page: 1_234, with: items(61_700..<61_750))
        #expect(store.item(at: 61_700)?.id == "61700")
        #expect(store.item(at: 61_699) == nil)
        #expect(store.slotCount == 23)
        store.drop(page: 1_234)
        #expect(store.slotCount == 21)
    }

    @Test func pagesNearTheTopOfAPolledListKeepTheirOwnSlots() {
        var store = PageStore()
        for page in 0..<10 { store.append(items((page * 50)..<((page + 1) * 50))) }
        for page in 0..<9 { store.drop(page: page) }
        // They keep their identities for polls: nothing to merge.
        #expect(store.slotCount == 10)
        #expect(store.identity(at: 120) == .id("120"))
    }

    /// Random appends (pages of different sizes, empty ones among them), drops and re-fetches:
    /// the store answers as a store of one slot per page would.
    @Test func aStoreWithRunsAnswersAsOneSlotPerPageWould() {
        var random = SplitMix64(seed: 32)
        for _ in 0..<40 {
            var store = PageStore(keepsIdentities: false)
            var model: [(rows: Range<Int>, loaded: Bool)] = []
            for _ in 0..<300 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3:
                    let size = [50, 50, 50, 50, 30, 0].randomElement(using: &random) ?? 50
                    let first = model.last?.rows.upperBound ?? 0
                    store.append(items(first..<(first + size)))
                    model.append((first..<(first + size), true))
                case 3..<8 where !model.isEmpty:
                    let page = Int.random(in: 0..<model.count, using: &random)
                    store.drop(page: page)
                    model[page].loaded = false
                case 8..<10 where !model.isEmpty:
                    let page = Int.random(in: 0..<model.count, using: &random)
                    store.refill(page: page, with: items(model[page].rows))
                    model[page].loaded = true
                default:
                    break
                }
            }
            let expected = model.enumerated().map { "\($0.offset) \($0.element.rows) \($0.element.loaded || $0.element.rows.isEmpty)" }
            #expect(store.layout.map { "\($0.page) \($0.rows) \($0.loaded || $0.rows.isEmpty)" } == expected)
            #expect(store.pageCount == model.count)
            let itemCount = model.last?.rows.upperBound ?? 0
            #expect(store.itemCount == itemCount)
            for _ in 0..<50 where itemCount > 0 {
                let row = Int.random(in: 0..<itemCount, using: &random)
                let page = model.lastIndex { $0.rows.contains(row) }
                #expect(store.page(containing: row) == page)
                #expect((store.item(at: row)?.id).flatMap { Int($0) } == (page.map { model[$0].loaded } == true ? row : nil))
                let rows = row..<min(itemCount, row + Int.random(in: 1...200, using: &random))
                let dropped = model.indices.filter { !model[$0].loaded && !model[$0].rows.isEmpty && model[$0].rows.overlaps(rows) }
                #expect(store.droppedPages(in: rows) == dropped)
            }
        }
    }
}
