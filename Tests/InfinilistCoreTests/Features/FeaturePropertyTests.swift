import Testing
import TestThreads
@testable import InfinilistCore

/// Random sequences of keys, mouse events, pages, failures and resizes, across every mode, never
/// break the invariants the features rely on.
@Suite(.ownThread) struct FeaturePropertyTests {
    private static let keys: [Key] = {
        var keys = Set(KeyMap.all.flatMap { $0.flatMap(\.keys) })
        keys.remove(.enter)           // would quit in the list; tested elsewhere
        keys.remove(.char("q"))
        keys.remove(.ctrl("c"))
        keys.remove(.escape)          // quits when nothing is left to undo
        for c in "ab1 " { keys.insert(.char(c)) }
        return keys.sorted { $0.description < $1.description }
    }()

    @Test(arguments: [1, 2, 3, 5, 8, 13] as [UInt64])
    func invariantsHoldOverRandomSessions(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var state = AppState(config: AppConfig(sourceName: "p", prefetch: Int.random(in: 0...6, using: &rng)),
                             size: Size(rows: 8, columns: 30))
        _ = state.start()
        var nextItem = 0
        for _ in 0..<3_000 {
            var before = state.inFlight
            var effects: [Effect]
            switch Int.random(in: 0..<20, using: &rng) {
            case 0..<3:
                let n = Int.random(in: 0...6, using: &rng)
                let texts = (0..<n).map { _ in ["apple", "banana", "cherry", "date"].randomElement(using: &rng) ?? "x" }
                let end = Int.random(in: 0..<30, using: &rng) == 0 ? EndReason("end") : nil
                effects = state.answer(named(texts, from: nextItem), end: end) ?? []
                nextItem += n
                before = nil    // answered
            case 3:
                guard let request = state.inFlight else { continue }
                effects = state.update(.pageFailed(PageFailure(request: request, message: "boom")))
                before = nil
            case 4:
                let events: [MouseEvent] = [.wheelUp, .wheelDown, .click(y: Int.random(in: -1...8, using: &rng))]
                effects = state.update(.mouse(events.randomElement(using: &rng) ?? .wheelDown))
            case 5:
                effects = state.update(.resized(Size(rows: Int.random(in: 1...12, using: &rng), columns: 30)))
            case 6:
                // Submit a search or a filter with a short random query.
                let query = String("anrx".shuffled(using: &rng).prefix(Int.random(in: 0...2, using: &rng)))
                effects = state.press(.escape, .char(Bool.random(using: &rng) ? "/" : "&"))
                if effects.contains(where: \.isQuit) { continue }
                effects += state.type(query)
                effects += state.press(.enter)
            default:
                effects = state.press(Self.keys.randomElement(using: &rng) ?? .down)
            }
            if effects.contains(where: \.isQuit) { continue }
            check(state, effects: effects, inFlightBefore: before, seed: seed)
        }
    }

    private func check(_ state: AppState, effects: [Effect], inFlightBefore: PageRequest?, seed: UInt64) {
        let v = state.viewport
        let count = state.visibleCount
        #expect(v.cursor >= 0 && v.cursor <= max(0, count - 1))
        #expect(v.top <= v.cursor && v.cursor < v.top + v.height)
        // One request in flight at most: a new load while one is running must cancel it first.
        let newLoads = loads(effects)
        #expect(newLoads.count <= 1)
        if let old = inFlightBefore, !newLoads.isEmpty {
            #expect(effects.first == .cancel(old.id))
        }
        if let load = newLoads.first { #expect(state.inFlight == load) }
        // The filter's index is exactly what a full rescan would give. The predicate is the
        // filter's own: in a table it tests the cells shown (the random keys can turn the table
        // on, and then "n" no longer matches the line text "banana", only the cell "3").
        if let filter = state.finding.filter {
            var expected: [Int] = []
            for row in 0..<state.store.itemCount {
                if let item = state.store.item(at: row), filter.matches(item) { expected.append(row) }
            }
            #expect(filter.rows == expected)
        }
        let frame = render(state)
        #expect(frame.rows.count == state.size.rows)
        for row in frame.rows { #expect(DisplayWidth.of(row.text) <= state.size.columns) }
    }
}
