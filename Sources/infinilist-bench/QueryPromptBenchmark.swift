import InfinilistCore
import JQ

/// The `|` prompt's keystroke, in process: 10,000 items in memory (ten pages of 1,000, the table
/// laid out), the prompt open on a program, and a character typed and erased in turn at its end,
/// each keystroke running the program again on every item and laying the rows out. Issue 35 asks
/// for a frame (16 ms) at p99; the median, the 99th percentile and the slowest of 200
/// keystrokes are reported, for three programs: a table of two fields of the items that pass a
/// test (the figure first measured), the whole items that pass it (each row's JSON written
/// again), and one string of each item (text rows).
enum QueryPromptBenchmark {
    static let programs = ["select(.comments > 6) | {id, title}", "select(.comments > 6)", ".title"]

    static func figures() -> [DumpBenchmarks.Figure] {
        programs.map(figure)
    }

    static func figure(_ program: String) -> DumpBenchmarks.Figure {
        // Room for the items and the rows a program makes of them (both count against --keep).
        var config = AppConfig(sourceName: "bench", keep: 40_000)
        config.queryCompiler = JQItemQuery.promptCompiler()
        var state = AppState(config: config, size: Size(rows: 40, columns: 120))
        var effects = state.start()
        for page in 0..<10 {
            guard case .load(let request)? = effects.first(where: { if case .load = $0 { true } else { false } }) else {
                effects = state.update(.key(.end))
                continue
            }
            let items = (0..<1_000).map { index -> Item in
                let number = page * 1_000 + index
                return Item(json: DumpBenchmarks.bulkItem(number), text: "Item \(number)", id: String(number))
            }
            effects = state.update(.pageLoaded(PageResult(request: request, items: items)))
            if !effects.contains(where: { if case .load = $0 { true } else { false } }) { effects = state.update(.key(.end)) }
        }
        _ = state.update(.key(.char("|")))
        for character in program { _ = state.update(.key(.char(character))) }
        var milliseconds: [Double] = []
        for turn in 0..<200 {
            let key: Key = turn.isMultiple(of: 2) ? .char(" ") : .backspace
            let start = Monotonic.now()
            _ = state.update(.key(key))
            _ = render(state)
            milliseconds.append(Double(Monotonic.now() - start) / 1_000_000)
        }
        milliseconds.sort()
        // A keystroke that could not run the program on the items (some not in memory) measures
        // nothing: say so rather than a flattering figure.
        let name = "`|` prompt, `\(program)`: one keystroke over 10,000 items in memory"
        guard let edit = state.finding.queryEdit, edit.error == nil else {
            return DumpBenchmarks.Figure(name: name, infinilist: "not measured: the program did not compile", peer: "–")
        }
        guard !edit.needsReread, state.store.itemCount > 0 else {
            return DumpBenchmarks.Figure(name: name, infinilist: "not measured: the items were not all in memory", peer: "–")
        }
        let loaded = state.loading.itemsRead
        return DumpBenchmarks.Figure(
            name: "`|` prompt, `\(program)`: one keystroke over \(loaded) items in memory, program run again and the frame laid out: median / p99 / slowest ms (goal: a frame, 16 ms, at p99)",
            infinilist: "\(format(milliseconds[milliseconds.count / 2], 1)) / \(format(milliseconds[milliseconds.count * 99 / 100], 1)) / \(format(milliseconds[milliseconds.count - 1], 1))",
            peer: "–")
    }
}
