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

/// What a review of the sort found (session 22): the tail must not be read on and on by pages
/// that merge above the cursor, and a search must not wait for pages whose rows land anywhere.
@Suite struct SortReviewTests {
    /// Ids ascending from the server, sorted descending: every page merges at the top, above
    /// a cursor at the last row. One page per move of the user, not one per page that arrives.
    @Test func pagesMergingAboveTheCursorAtTheEndDoNotReadOnByThemselves() {
        var config = AppConfig(sourceName: "t", prefetch: 2)
        config.sort = SortField(path: JSONPath([.key("n")]), descending: true)
        var state = AppState(config: config, size: Size(rows: 6, columns: 40))
        var pending = loads(state.start())
        var answered = 0
        while let request = pending.first, answered < 3 {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: items(request.page * 10..<(request.page + 1) * 10)))))
            answered += 1
        }
        pending += loads(state.press(.end))
        #expect(pending.count == 1, "the move to the end asks for one page")
        var requests = 0
        for _ in 0..<10 {
            guard let request = pending.first else { break }
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: items(request.page * 10..<(request.page + 1) * 10)))))
            requests += pending.count
        }
        #expect(requests == 0, "pages merging above the cursor asked for \(requests) more")
        // A key at the end (the cursor cannot move: it is on the last row) asks for the next.
        #expect(loads(state.press(.down)).count == 1, "↓ at the last row reads on")
    }

    @Test func aSortedSearchLooksAtTheLoadedRowsAndWraps() {
        var state = loadedState(pages: 3)
        state.sort(by: SortField(path: JSONPath([.key("n")]), descending: true))
        _ = state.press(.home)
        #expect(state.selectedItem?.text == "item 29")
        state.press(.char("/"))
        state.type("item 1")
        let effects = state.press(.enter)
        #expect(loads(effects).isEmpty, "no page is read for a sorted search")
        #expect(state.finding.search?.pending == nil)
        #expect(state.selectedItem?.text == "item 19")
        // Not in the loaded rows: not found, without reading on.
        state.press(.char("/"))
        state.type("item 45")
        #expect(loads(state.press(.enter)).isEmpty)
        #expect(state.notice?.text.contains("not found") == true, "\(state.notice?.text ?? "")")
    }
}
