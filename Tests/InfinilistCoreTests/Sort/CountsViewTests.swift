import Testing
@testable import InfinilistCore

/// The counts view (`#`): the values of a field among the rows shown, most common first, kept up
/// as pages arrive; Enter filters the list to a value.
@Suite struct CountsViewTests {
    /// Item `i`: a state that is "open" two times in three, a label missing every fifth item.
    static func json(_ i: Int) -> String {
        let label = i % 5 == 4 ? "" : #","label":"\#(["bug", "ui"][i % 2])""#
        return #"{"id":\#(i),"title":"Item \#(i)","state":"\#(i % 3 == 2 ? "closed" : "open")"\#(label)}"#
    }

    private func state(pages: Int) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "t", prefetch: 2), size: Size(rows: 10, columns: 70))
        var pending = loads(state.start())
        while state.store.pageCount < pages, let request = pending.first(where: { $0.page == state.store.pageCount }) {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: jsonItems((request.page * 10..<(request.page + 1) * 10).map(Self.json))))))
            if state.store.pageCount < pages, pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        _ = state.update(.key(.home))
        return state
    }

    private func counts(_ state: AppState) -> CountsView? {
        if case .counts(let view) = state.mode { return view }
        return nil
    }

    /// `#`, the picker's cursor to `field`, `#`.
    private func open(_ state: inout AppState, field: String) {
        state.press(.char("#"))
        guard case .columns(let picker) = state.mode, let index = picker.entries.firstIndex(where: { $0.name == field }) else {
            Issue.record("no picker with \(field)")
            return
        }
        for _ in 0..<(index - picker.cursor) { state.press(.down) }
        state.press(.char("#"))
    }

    @Test func theValuesAreCountedMostCommonFirstWithTheirShare() {
        var state = state(pages: 3)
        open(&state, field: "state")
        let view = counts(state)
        #expect(view?.entries.map(\.value.text) == ["open", "closed"])
        #expect(view?.entries.map(\.count) == [20, 10])
        #expect(view?.counted == 30)
        let frame = render(state)
        #expect(frame.rows[0].text.hasPrefix("  state"))
        #expect(frame.rows[1].text.hasPrefix("> open"))
        #expect(frame.rows[1].text.contains("20   66.7%  "), "\(frame.rows[1].text)")
        #expect(frame.rows[2].text.contains("10   33.3%  "), "\(frame.rows[2].text)")
        #expect(frame.rows.last?.text.contains("2 values · 30 rows · more may come") == true, "\(frame.rows.last?.text ?? "")")
    }

    @Test func aMissingFieldIsAValueOfItsOwn() {
        var state = state(pages: 2)
        open(&state, field: "label")
        let view = counts(state)
        #expect(view?.entries.map(\.value.text) == ["bug", "ui", "(missing)"])
        #expect(view?.entries.map(\.count) == [8, 8, 4])
    }

    @Test func aPageThatArrivesIsCountedAndTheCursorKeepsItsValue() {
        var state = state(pages: 1)
        // At the last row the next page is on its way; it arrives while the view is open.
        state.press(.end)
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("no page on its way"); return }
        open(&state, field: "state")
        state.press(.down)
        #expect(counts(state)?.entries[1].value.text == "closed")
        #expect(counts(state)?.entries.map(\.count) == [7, 3])
        _ = state.update(.pageLoaded(PageResult(request: request, items: jsonItems((10..<20).map(Self.json)))))
        guard let view = counts(state) else { Issue.record("the view closed"); return }
        #expect(view.counted == 20)
        #expect(view.entries.map(\.count) == [14, 6])
        #expect(view.entries[view.cursor].value.text == "closed")
    }

    @Test func enterShowsOnlyTheRowsWithTheValueAndEscGoesBack() {
        var state = state(pages: 3)
        open(&state, field: "state")
        state.press(.down, .enter)
        #expect(state.mode == .list)
        #expect(state.visibleCount == 10)
        #expect((0..<state.visibleCount).allSatisfy { state.item(atVisible: $0)?.json.contains(#""state":"closed""#) == true })
        #expect(listStatusParts(state).contains { $0.hasPrefix("filter: state = closed · 10 of 30") }, "\(listStatusParts(state))")
        // A title that says "closed" is not the state closed: the filter is on the field.
        open(&state, field: "state")
        #expect(counts(state)?.entries.map(\.value.text) == ["closed"], "counted over the rows shown")
        state.press(.escape)
        #expect(state.mode == .list)
        state.press(.escape)
        #expect(state.finding.filter == nil)
    }

    /// `1`, `1.0` and `1e0` are one number, as jq's `group_by` has them; `"1"` is another value.
    @Test func oneNumberWrittenThreeWaysIsOneValue() {
        let items = jsonItems([#"{"v":1}"#, #"{"v":1.0}"#, #"{"v":1e0}"#, #"{"v":"1"}"#, #"{"v":2.5}"#])
        var store = PageStore()
        store.append(items)
        var view = CountsView(path: JSONPath([.key("v")]))
        view.countNew(upTo: store.itemCount, in: store) { _ in true }
        #expect(view.entries.map(\.count) == [3, 1, 1])
        #expect(view.entries.first?.value.json == "1")
    }

    /// Counts made over a text filter's rows: Enter keeps the text filter and adds the value,
    /// so the list shows the rows the count promised.
    @Test func enterOverATextFilterKeepsIt() {
        var state = state(pages: 3)
        state.press(.char("&"))
        state.type("Item 1")
        state.press(.enter)
        open(&state, field: "state")
        let promised = counts(state)?.entries.first?.count
        state.press(.enter)
        #expect(state.visibleCount == promised)
        #expect(listStatusParts(state).contains { $0.hasPrefix("filter: Item 1 · state = o") }, "\(listStatusParts(state))")
        #expect(state.finding.highlight?.query == "Item 1")
    }

    @Test func rowsNotInMemoryAreSaidNotCounted() {
        var config = AppConfig(sourceName: "t", prefetch: 2, keep: 30)
        config.columns = .auto
        var state = AppState(config: config, size: Size(rows: 10, columns: 70))
        var pending = loads(state.start())
        while state.store.pageCount < 10, let request = pending.first(where: { $0.page == state.store.pageCount }) {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: jsonItems((request.page * 10..<(request.page + 1) * 10).map(Self.json))))))
            if state.store.pageCount < 10, pending.isEmpty { pending = loads(state.update(.key(.end))) }
        }
        open(&state, field: "state")
        guard let view = counts(state) else { Issue.record("no view"); return }
        #expect(view.notInMemory > 0)
        #expect(view.counted + view.notInMemory == state.store.itemCount)
        #expect(render(state).rows.last?.text.contains("not in memory, not counted") == true)
    }
}
