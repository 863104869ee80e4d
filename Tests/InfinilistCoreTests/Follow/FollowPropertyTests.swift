import Testing
import TestThreads
@testable import InfinilistCore

/// Random sessions on a list that grows at the top while it is read: keys, the list's pages,
/// polls (some reordered or short, some failing), gap rows loaded, pages dropped and fetched
/// again, the filter, marks, searches, resizes and refreshes. Row numbers move with every
/// insertion, so the state must move every one of them at once; these check that it does.
@Suite(.ownThread) struct FollowPropertyTests {
    /// The server: `fresh` items (newest first) above the list's `initial` ones, pages of 5.
    private struct Server {
        static let pageSize = 5
        let initial: [Item]
        var fresh: [Item] = []
        var made = 0

        init() {
            initial = (0..<60).map { Item(json: #"{"o":\#($0)}"#, text: ($0 % 3 == 0 ? "apple " : "plum ") + "o\($0)") }
        }

        var list: [Item] { fresh + initial }

        mutating func grow(by count: Int) {
            let items = (0..<count).map { index in
                let n = made + index
                return Item(json: #"{"n":\#(n)}"#, text: (n % 2 == 0 ? "apple " : "fig ") + "n\(n)")
            }
            made += count
            fresh = items.reversed() + fresh
        }

        func slice(_ items: [Item], page: Int) -> [Item] {
            let start = page * Self.pageSize
            guard start < items.count else { return [] }
            return Array(items[start..<min(items.count, start + Self.pageSize)])
        }

        func answer(_ request: PageRequest, using rng: inout SplitMix64) -> PageResult {
            if let reach = request.reach {
                // New items read again: the loader reads the list from the top, a page past them.
                let pages = (reach + Self.pageSize - 1) / Self.pageSize + 1
                return PageResult(request: request, items: Array(list.prefix(pages * Self.pageSize)))
            }
            if let address = request.poll {
                var items = slice(list, page: address.index)
                if request.kind == .poll {
                    if Int.random(in: 0..<4, using: &rng) == 0 { items.shuffle(using: &rng) }
                    if Int.random(in: 0..<6, using: &rng) == 0, !items.isEmpty { items.remove(at: Int.random(in: 0..<items.count, using: &rng)) }
                }
                let end = (address.index + 1) * Self.pageSize >= list.count ? EndReason("end") : nil
                return PageResult(request: request, items: items, end: end)
            }
            let items = slice(initial, page: request.page)
            let end = (request.page + 1) * Self.pageSize >= initial.count ? EndReason("end") : nil
            return PageResult(request: request, items: items, end: end)
        }
    }

    private static let keys: [Key] = [.down, .up, .pageDown, .pageUp, .home, .end, .char("g"), .char("G"),
                                      .ctrl("d"), .ctrl("u"), .tab, .backTab, .char("n"), .char("N"), .char("F"),
                                      .right, .left, .char("r")]

    @Test(arguments: [1, 2, 3, 5, 8, 13, 21] as [UInt64])
    func rowsMoveTogetherOverRandomSessions(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var server = Server()
        var config = AppConfig(sourceName: "p", prefetch: Int.random(in: 0...4, using: &rng), keep: [15, 25, 40].randomElement(using: &rng))
        config.follow = 5
        var state = AppState(config: config, size: Size(rows: 8, columns: 40))
        var outstanding: [RequestID: PageRequest] = [:]
        var marked = Set<ItemIdentity>()
        var time = 0.0
        let record = { (effects: [Effect], outstanding: inout [RequestID: PageRequest]) in
            for effect in effects {
                if case .load(let request) = effect { outstanding[request.id] = request }
                if case .cancel(let id) = effect { outstanding[id] = nil }
            }
        }
        record(state.start(), &outstanding)
        for step in 0..<1_500 {
            let cursorBefore = state.cursorStoreRow.flatMap(state.store.identity(at:))
            // Only a poll's answer may put rows in; then the cursor must stay on its item (unless
            // a search is moving it, or a refresh placing it).
            let cursorMayMove = !state.following.touched || state.finding.search?.pending != nil || state.isRefreshing
            var answeredPoll = false
            var effects: [Effect] = []
            switch Int.random(in: 0..<24, using: &rng) {
            case 0..<6:
                // The loader answers something on its way (a late answer to a cancelled request
                // included, now and then).
                guard let request = outstanding.values.sorted(by: { $0.id < $1.id }).randomElement(using: &rng) else { continue }
                outstanding[request.id] = nil
                answeredPoll = request.kind == .poll
                if Int.random(in: 0..<12, using: &rng) == 0 {
                    effects = state.update(.pageFailed(PageFailure(request: request, message: "boom")), at: time)
                } else {
                    effects = state.update(.pageLoaded(state.keptByTheLoader(server.answer(request, using: &rng))), at: time)
                }
            case 6..<8:
                server.grow(by: Int.random(in: 0...14, using: &rng))
            case 8..<10:
                time += Double(Int.random(in: 0...4, using: &rng))
                effects = state.update(.tick, at: time)
            case 10:
                effects = state.update(.resized(Size(rows: Int.random(in: 2...12, using: &rng), columns: 40)), at: time)
            case 11:
                let query = ["apple", "fig", "o1", ""].randomElement(using: &rng) ?? ""
                if case .detail = state.mode { effects += state.update(.key(.left), at: time) }
                effects += state.update(.key(.char(Bool.random(using: &rng) ? "/" : "&")), at: time)
                for character in query { effects += state.update(.key(.char(character)), at: time) }
                effects += state.update(.key(.enter), at: time)
            case 12:
                guard state.mode == .list else { continue }
                if let gap = state.cursorGapPage {
                    #expect(state.store.gapPage(at: state.cursorStoreRow ?? -1) == gap)
                    effects = state.update(.key(.enter), at: time)
                } else if Int.random(in: 0..<10, using: &rng) == 0 {
                    effects = state.update(.key(.char("R")), at: time)
                    marked = []
                }
            default:
                let key = Self.keys.randomElement(using: &rng) ?? .down
                if key == .tab || key == .backTab, state.mode == .list, let row = state.cursorStoreRow,
                   state.store.item(at: row) != nil, let identity = state.store.identity(at: row) {
                    if marked.remove(identity) == nil { marked.insert(identity) }
                }
                effects = state.update(.key(key), at: time)
            }
            #expect(!effects.contains { if case .quit = $0 { true } else { false } }, "step \(step)")
            record(effects, &outstanding)
            if answeredPoll, !cursorMayMove, let before = cursorBefore {
                let after = state.cursorStoreRow.flatMap(state.store.identity(at:))
                #expect(after == before, "the cursor left its item at step \(step)")
            }
            check(state, marked: marked, step: step)
        }
    }

    private func check(_ state: AppState, marked: Set<ItemIdentity>, step: Int) {
        let v = state.viewport
        let count = state.visibleCount
        #expect(v.cursor >= 0 && v.cursor <= max(0, count - 1), "step \(step)")
        #expect(v.top <= v.cursor && v.cursor < v.top + v.height, "step \(step)")
        #expect(state.following.newAbove <= v.top, "step \(step)")
        // The store: contiguous rows, page numbers unique, the new pages and gaps above the
        // list's own pages, which are 0, 1, 2… in order.
        let layout = state.store.layout
        var row = 0
        var pages = Set<Int>()
        var walkPages: [Int] = []
        for slot in layout {
            #expect(slot.rows.lowerBound == row, "step \(step)")
            row = slot.rows.upperBound
            #expect(pages.insert(slot.page).inserted, "step \(step)")
            switch slot.origin {
            case .walk: walkPages.append(slot.page)
            case .poll, .gap:
                #expect(walkPages.isEmpty, "a new page below the list's own, step \(step)")
                #expect(slot.page < 0)
            }
            if case .gap = slot.origin { #expect(slot.rows.count == 1) }
        }
        #expect(row == state.store.itemCount)
        #expect(walkPages == Array(0..<walkPages.count), "step \(step)")
        #expect(walkPages.count == state.store.pageCount)
        // No item twice: a poll never puts in an item the list holds.
        var identities = Set<ItemIdentity>()
        var loaded = 0
        for row in 0..<state.store.itemCount {
            if let identity = state.store.identity(at: row) {
                #expect(identities.insert(identity).inserted, "row \(row) twice, step \(step)")
            }
            if state.store.item(at: row) != nil { loaded += 1 }
        }
        #expect(loaded == state.store.loadedItemCount, "step \(step)")
        // Marks (by row: these items have no id) are on the rows of the items marked.
        for row in 0..<state.store.itemCount {
            guard let identity = state.store.identity(at: row) else { continue }
            let item = state.store.item(at: row)
            #expect(state.marks.isMarked(item, row: row) == marked.contains(identity), "mark at row \(row), step \(step)")
        }
        // The filter's rows are ascending, and those in memory match (and every matching row in
        // memory that was tested is there).
        if let filter = state.finding.filter {
            #expect(filter.rows == filter.rows.sorted() && Set(filter.rows).count == filter.rows.count, "step \(step)")
            for row in filter.rows {
                #expect(row >= 0 && row < state.store.itemCount, "step \(step)")
                if let item = state.store.item(at: row) { #expect(filter.matches(item), "filter row \(row), step \(step)") }
            }
            let kept = Set(filter.rows)
            for row in 0..<min(filter.scanned, state.store.itemCount) {
                guard let item = state.store.item(at: row), let page = state.store.page(containing: row),
                      !filter.untestedPages.contains(page) else { continue }
                #expect(kept.contains(row) == filter.matches(item), "filter at row \(row), step \(step)")
            }
        }
        let frame = render(state)
        #expect(frame.rows.count == state.size.rows)
        for row in frame.rows { #expect(DisplayWidth.of(row.text) <= state.size.columns) }
    }
}
