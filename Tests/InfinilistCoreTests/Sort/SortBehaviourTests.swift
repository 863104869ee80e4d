import Testing
@testable import InfinilistCore

/// `s`, `S` and `--sort` on the list: the loaded rows in order, pages merged as they arrive, the
/// cursor kept on its item, the filter under it, and a header and status line that say so.
@Suite struct SortBehaviourTests {
    /// Item `i`: a score that jumps about, a name, and a null score every seventh item.
    static func json(_ i: Int) -> String {
        let score = i % 7 == 3 ? "null" : String((i * 37) % 101)
        return #"{"id":\#(i),"title":"Item \#(i)","score":\#(score),"name":"\#(["bob", "Alice", "émile", "Eve", "dan"][i % 5])"}"#
    }

    static func page(_ n: Int, size: Int = 10) -> [Item] { jsonItems((n * size..<(n + 1) * size).map(json)) }

    /// A list of object items, `pages` pages of 10 loaded, more to come.
    private func state(pages: Int, sort: SortField? = nil, keep: Int? = nil) -> AppState {
        var config = AppConfig(sourceName: "t", prefetch: 2, keep: keep)
        config.sort = sort
        var state = AppState(config: config, size: Size(rows: 8, columns: 60))
        var pending = loads(state.start())
        while state.store.pageCount < pages, let request = pending.first(where: { $0.page == state.store.pageCount }) {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: Self.page(request.page)))))
            if state.store.pageCount < pages, pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        return state
    }

    private func visibleScores(_ state: AppState) -> [Int?] {
        (0..<state.visibleCount).map { row in
            state.item(atVisible: row).flatMap { try? JSONParser.parse($0.json) }?.objectValue?["score"]?.scalarText.flatMap { Int($0) }
        }
    }

    private func id(_ state: AppState) -> String? { state.selectedItem?.id }

    /// `s`, then the picker's cursor to `field`, then `s`; the effects of that last key.
    @discardableResult
    private func sortWithKeys(_ state: inout AppState, field: String) -> [Effect] {
        state.press(.char("s"))
        guard case .columns(let picker) = state.mode, let index = picker.entries.firstIndex(where: { $0.name == field }) else {
            Issue.record("no picker with \(field)")
            return []
        }
        for _ in 0..<(index - picker.cursor) { state.press(.down) }
        return state.press(.char("s"))
    }

    @Test func sPicksAFieldAndSortsTheLoadedRowsNullsLast() {
        var state = state(pages: 3)
        // The header row drawn before the sort is kept between frames: the arrow must show.
        #expect(render(state).rows[0].text.hasSuffix("score"))
        state.press(.char("s"))
        #expect(render(state).text.contains("s: sort by the field"))
        state.press(.escape)
        #expect(state.finding.order == nil)
        sortWithKeys(&state, field: "score")
        #expect(state.mode == .list)
        let scores = visibleScores(state)
        #expect(scores.count == 30)
        let present = scores.compactMap { $0 }
        #expect(present == present.sorted())
        #expect(scores.suffix(scores.count - present.count).allSatisfy { $0 == nil }, "nulls last: \(scores)")
        let frame = render(state)
        // The arrow stays whole; a narrow column's header gives way to it.
        #expect(frame.rows[0].text.hasSuffix("scor↑"), "\(frame.rows[0].text)")
        #expect(frame.rows.last?.text.contains("sorted by score ↑ · 30 of ? loaded") == true, "\(frame.rows.last?.text ?? "")")
    }

    @Test func sOnTheSameFieldReversesNullsStayLastAndSGoesBack() {
        var state = state(pages: 3)
        sortWithKeys(&state, field: "score")
        state.press(.char("s"))
        // The picker opens on the field sorted by.
        if case .columns(let picker) = state.mode { #expect(picker.entries[picker.cursor].name == "score") }
        state.press(.char("s"))
        #expect(state.finding.order?.field.descending == true)
        let scores = visibleScores(state)
        let present = scores.compactMap { $0 }
        #expect(present == present.sorted(by: >))
        #expect(scores.last == .some(nil))
        state.press(.char("S"))
        #expect(state.finding.order == nil)
        #expect((0..<30).map { state.storeRow(at: $0) } == (0..<30).map { $0 })
        // S with no sort rings.
        #expect(state.press(.char("S")) == [.bell])
    }

    @Test func theCursorStaysOnItsItemThroughSortReverseAndBack() {
        var state = state(pages: 3)
        state.press(.home, .down, .down, .down, .down, .down)
        let chosen = id(state)
        #expect(chosen == "5")
        let height = state.viewport.cursor - state.viewport.top
        sortWithKeys(&state, field: "name")
        #expect(id(state) == chosen)
        #expect(state.viewport.cursor - state.viewport.top == height)
        state.press(.char("s"), .char("s"))
        #expect(id(state) == chosen)
        state.press(.char("S"))
        #expect(id(state) == chosen)
        #expect(state.viewport.cursor == 5)
    }

    @Test func textSortsAsAPersonReadsIt() {
        var state = state(pages: 1)
        sortWithKeys(&state, field: "name")
        let names = (0..<10).compactMap { state.item(atVisible: $0).flatMap { try? JSONParser.parse($0.json) }?.objectValue?["name"]?.stringValue }
        #expect(names == ["Alice", "Alice", "bob", "bob", "dan", "dan", "émile", "émile", "Eve", "Eve"])
    }

    /// New pages merge into the order; the status says how much it covers, and at the end "all".
    @Test func pagesThatArriveMergeIntoTheOrder() {
        var state = state(pages: 2, sort: SortField(path: JSONPath([.key("score")]), descending: true))
        #expect(state.finding.order != nil)
        var pending = loads(state.press(.end))
        if case .loading(let request, _) = state.loading.tail { pending.append(request) }
        for _ in 0..<10 {
            guard let request = pending.first(where: { $0.page == state.store.pageCount }) else { break }
            let last = request.page == 5
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: Self.page(request.page), end: last ? EndReason("end") : nil))))
            let present = visibleScores(state).compactMap { $0 }
            #expect(present == present.sorted(by: >))
            #expect(state.visibleCount == state.store.itemCount)
            if last { break }
            pending += loads(state.press(.end))
        }
        #expect(state.store.itemCount == 60)
        #expect(listStatusParts(state).contains("sorted by score ↓ · all 60"), "\(listStatusParts(state))")
    }

    @Test func theFilterIsSortedToo() {
        var state = state(pages: 3)
        state.press(.char("&"))
        state.type("Item 1")
        state.press(.enter)
        #expect(state.visibleCount == 11)
        sortWithKeys(&state, field: "score")
        #expect(state.visibleCount == 11)
        let present = visibleScores(state).compactMap { $0 }
        #expect(present == present.sorted())
        #expect((0..<state.visibleCount).allSatisfy { state.item(atVisible: $0)?.json.contains("Item 1") == true })
        // Cleared, the sort covers every row again.
        state.press(.escape)
        #expect(state.visibleCount == 30)
        #expect(visibleScores(state).compactMap { $0 } == visibleScores(state).compactMap { $0 }.sorted())
    }

    /// Pages dropped from memory before the sort are read again for their keys; once they are
    /// back, the order covers every row.
    @Test func droppedPagesAreReadAgainForTheirKeys() {
        var state = state(pages: 12, keep: 30)
        #expect(state.store.loadedItemCount < state.store.itemCount)
        state.press(.end)
        var pending = loads(sortWithKeys(&state, field: "score"))
        #expect(state.finding.order?.unkeyedPages.isEmpty == false)
        var guardCount = 0
        while let order = state.finding.order, !order.unkeyedPages.isEmpty, guardCount < 100 {
            guardCount += 1
            if pending.isEmpty { pending = loads(state.update(.tick)) }
            guard !pending.isEmpty else { break }
            let request = pending.removeFirst()
            pending += loads(state.update(.pageLoaded(PageResult(request: request, items: Self.page(request.page)))))
        }
        #expect(state.finding.order?.unkeyedPages.isEmpty == true)
        // Every key known: the order is the full sort of every row's score.
        let expected = (0..<state.store.itemCount).sorted { a, b in
            let x = SortKey.of((try? JSONParser.parse(Self.json(a)))?.objectValue?["score"]), y = SortKey.of((try? JSONParser.parse(Self.json(b)))?.objectValue?["score"])
            switch (x, y) {
            case (nil, nil): return a < b
            case (nil, _): return false
            case (_, nil): return true
            case (let p?, let q?): return p == q ? a < b : p < q
            }
        }
        #expect(state.finding.order?.rows == expected)
    }
}
