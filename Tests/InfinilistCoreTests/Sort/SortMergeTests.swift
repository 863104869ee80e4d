import Testing
@testable import InfinilistCore

/// Pages merged into a sort one by one give the order a full sort gives, and polls that put new
/// rows above the first keep the list sorted with the cursor on its item.
@Suite struct SortMergeTests {
    /// Pages of random values (many equal, some null) merged as they come: the rows always equal
    /// a stable full sort of every row so far, in both directions.
    @Test(arguments: [false, true])
    func mergingPagesIsTheSameAsSortingThemAll(descending: Bool) {
        var random = SplitMix64(seed: descending ? 7 : 11)
        let field = SortField(path: JSONPath([.key("v")]), descending: descending)
        var store = PageStore()
        var order = RowOrder(field: field)
        let key: (Item) -> SortKey? = { SortKey.of((try? JSONParser.parse($0.json))?.objectValue?["v"]) }
        for _ in 0..<40 {
            let size = Int(random.next() % 30)
            let first = store.itemCount
            let values = (0..<size).map { _ in
                random.next() % 5 == 0 ? "null" : String(Int(random.next() % 20) - 5)
            }
            store.append(values.enumerated().map { Item(json: #"{"v":\#($1)}"#, text: "\(first + $0)") })
            order.key(rows: first..<store.itemCount, store: store, key: key)
            order.merge(Array(first..<store.itemCount))
            var full = order
            full.order(Array(0..<store.itemCount))
            #expect(order.rows == full.rows)
            #expect(order.rows.count == store.itemCount)
            #expect(Set(order.rows).count == store.itemCount)
            for (index, row) in order.rows.enumerated() { #expect(order.position(of: row) == index) }
            // The other way by reversing (`s s`) is the other way by sorting, ties and nulls kept.
            let flipped = order.reversed()
            var other = RowOrder(field: field.reversed)
            other.key(rows: 0..<store.itemCount, store: store, key: key)
            other.order(Array(0..<store.itemCount))
            #expect(flipped.rows == other.rows)
            #expect(flipped.field == other.field)
            for (index, row) in flipped.rows.enumerated() { #expect(flipped.position(of: row) == index) }
        }
    }

    @Test func aPollsNewItemsSortInAndTheCursorStaysOnItsItem() {
        var config = AppConfig(sourceName: "test", prefetch: 0)
        config.follow = 10
        config.sort = SortField(path: JSONPath([.key("id")]))
        var state = AppState(config: config, size: Size(rows: 6, columns: 40))
        guard case .load(let request)? = state.start().first else { Issue.record("no load"); return }
        _ = state.update(.pageLoaded(PageResult(request: request, items: old(0..<20), end: EndReason("end"))), at: 0)
        #expect(state.visibleTexts.prefix(4) == ["old 0", "old 1", "old 10", "old 11"])
        state.press(.down, .down, .down)
        #expect(state.cursorID == "o11")
        let height = state.viewport.cursor - state.viewport.top
        state.poll(new(0..<2) + old(0..<8), at: 10)
        #expect(state.visibleCount == 22)
        #expect(state.cursorID == "o11")
        #expect(state.viewport.cursor - state.viewport.top == height)
        state.press(.home)
        #expect(state.visibleTexts.prefix(3) == ["new 0", "new 1", "old 0"])
        let ids = (0..<state.visibleCount).compactMap { state.item(atVisible: $0)?.id }
        #expect(ids == ids.sorted())
    }
}
