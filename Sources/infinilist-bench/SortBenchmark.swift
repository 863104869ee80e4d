import InfinilistCore

/// Sorting the loaded rows, in process: 100,000 items in memory (a hundred pages of 1,000, the
/// table laid out), then `s` on a field in the column picker, timed from the key to the frame
/// laid out: the keys made from the rows' cells and the rows sorted. Issue 36 asks for under
/// 100 ms. Then `s s` (the other way: the keys are kept), and a page of 1,000 more items
/// merged into the sorted rows. The same for a number column (`comments`, many ties) and a text
/// column (`login`, folded for case and accents). No peer: no other terminal tool sorts a list
/// while it loads; `sort -n` on the same values would compare a different job.
enum SortBenchmark {
    static func figures() -> [DumpBenchmarks.Figure] {
        ["comments", "user.login"].flatMap(figures(field:))
    }

    private static func figures(field: String) -> [DumpBenchmarks.Figure] {
        var state = loaded(items: 100_000)
        _ = state.update(.key(.char("s")))
        guard case .columns(let picker) = state.mode, let index = picker.entries.firstIndex(where: { $0.name == field }) else {
            return [DumpBenchmarks.Figure(name: "sort by \(field)", infinilist: "not measured: no such field in the picker", peer: "–")]
        }
        for _ in 0..<index { _ = state.update(.key(.down)) }
        let sort = timed(&state) { _ = $0.update(.key(.char("s"))) }
        let reverse = timed(&state) {
            _ = $0.update(.key(.char("s")))
            _ = $0.update(.key(.char("s")))
        }
        let rows = state.visibleCount
        guard state.finding.order != nil, rows == 100_000 else {
            return [DumpBenchmarks.Figure(name: "sort by \(field)", infinilist: "not measured: \(rows) rows sorted", peer: "–")]
        }
        var merge = 0.0
        if case .loading(let request, _) = state.loading.tail {
            let page = items(100_000..<101_000)
            merge = timed(&state) { _ = $0.update(.pageLoaded(PageResult(request: request, items: page))) }
        }
        // The counts view over the same rows: opened, then a page of 1,000 arriving while open.
        _ = state.update(.key(.char("S")))
        // At the last row, so the next page is on its way while the view is open.
        _ = state.update(.key(.home))
        _ = state.update(.key(.end))
        _ = state.update(.key(.char("#")))
        if case .columns(let picker) = state.mode, let at = picker.entries.firstIndex(where: { $0.name == field }) {
            for _ in 0..<(at - picker.cursor) { _ = state.update(.key(.down)) }
        }
        let openCounts = timed(&state) { _ = $0.update(.key(.char("#"))) }
        var countPage = 0.0
        if case .loading(let request, _) = state.loading.tail, case .counts = state.mode {
            let page = items(state.store.itemCount..<(state.store.itemCount + 1_000))
            countPage = timed(&state) { _ = $0.update(.pageLoaded(PageResult(request: request, items: page))) }
        }
        return [
            DumpBenchmarks.Figure(name: "`s`: sort 100,000 loaded rows by \(field), key to frame: ms (goal: under 100)", infinilist: format(sort, 1), peer: "–"),
            DumpBenchmarks.Figure(name: "`s s`: the same the other way (keys kept): ms", infinilist: format(reverse, 1), peer: "–"),
            DumpBenchmarks.Figure(name: "a page of 1,000 merged into the 100,000 sorted rows: ms", infinilist: merge > 0 ? format(merge, 1) : "not measured: no page on its way", peer: "–"),
            DumpBenchmarks.Figure(name: "`#`: counts of \(field) over the 101,000 loaded rows, key to frame: ms", infinilist: format(openCounts, 1), peer: "–"),
            DumpBenchmarks.Figure(name: "a page of 1,000 counted into the open counts view: ms", infinilist: countPage > 0 ? format(countPage, 1) : "not measured: no page on its way", peer: "–"),
        ]
    }

    /// Milliseconds `body` takes, with the frame rendered after it.
    private static func timed(_ state: inout AppState, _ body: (inout AppState) -> Void) -> Double {
        let start = Monotonic.now()
        body(&state)
        _ = render(state)
        return Double(Monotonic.now() - start) / 1_000_000
    }

    private static func items(_ range: Range<Int>) -> [Item] {
        range.map { Item(json: DumpBenchmarks.bulkItem($0), text: "Item \($0)", id: String($0)) }
    }

    /// `count` items loaded in pages of 1,000, all kept, the next page asked for.
    private static func loaded(items count: Int) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "bench", keep: 2 * count), size: Size(rows: 40, columns: 120))
        var effects = state.start()
        while state.store.itemCount < count {
            guard case .load(let request)? = effects.first(where: { if case .load = $0 { true } else { false } }) else {
                effects = state.update(.key(.end))
                if case .loading = state.loading.tail, effects.isEmpty { break }
                continue
            }
            let first = state.store.itemCount
            effects = state.update(.pageLoaded(PageResult(request: request, items: items(first..<(first + 1_000)))))
            if !effects.contains(where: { if case .load = $0 { true } else { false } }) { effects = state.update(.key(.end)) }
        }
        _ = state.update(.key(.end))
        return state
    }
}
