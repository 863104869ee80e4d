import InfinilistCore
import JQ
import Testing

/// `--jq` on the screen (issue 35): the program's outputs are the rows, pages are read on until
/// the screen is full when the program drops most items, and the footer and status line say how
/// many items were read for how many rows. The core driven as the event loop drives it, with the
/// real jq library.
@Suite struct ScreenQueryTests {
    private let size = Size(rows: 12, columns: 100)

    private func state(_ program: String) throws -> AppState {
        var config = AppConfig(sourceName: "test")
        config.rowQuery = RowQuery(program: program, query: JQItemQuery(program: try JQProgram(program)))
        return AppState(config: config, size: size)
    }

    /// Items {"n":N,"title":"item N","tags":[…]} with id N.
    private func items(_ range: Range<Int>) -> [Item] {
        range.map { Item(json: #"{"n":\#($0),"title":"item \#($0)","tags":["a\#($0)","b\#($0)"]}"#, text: "item \($0)", id: String($0)) }
    }

    /// Answers every page request with 50 items, until `pages` pages or no request is left.
    private func load(_ state: inout AppState, pages: Int, effects: [Effect]) -> Int {
        var effects = effects
        var served = 0
        while served < pages, case .load(let request)? = effects.first(where: { if case .load = $0 { true } else { false } }) {
            let last = request.page == pages - 1
            effects = state.update(.pageLoaded(PageResult(request: request, items: items((request.page * 50)..<((request.page + 1) * 50)), end: last ? EndReason("last page") : nil)))
            served += 1
        }
        return served
    }

    @Test func aProgramThatDropsMostItemsReadsOnUntilTheScreenIsFull() throws {
        var state = try state("select(.n % 100 == 0) | {n, title}")
        let effects = state.start()
        // One row in two pages: a screen of rows takes about twenty pages, read without a key.
        let served = load(&state, pages: 60, effects: effects)
        #expect(served >= 20 && served < 60)
        #expect(state.store.itemCount >= state.viewport.height)
        #expect(state.loading.itemsRead == served * 50)
        let frame = render(state)
        #expect(frame.rows[2].text.contains("100"), "\(frame.text)")
        #expect(frame.text.contains("jq: select(.n % 100 == …"))
        let read = served * 50
        #expect(frame.text.contains("rows of \(read / 1000),\(String(read % 1000 + 1000).dropFirst()) items"), "\(frame.text)")
    }

    @Test func theFooterSaysHowManyItemsWereScannedForHowManyRows() throws {
        var state = try state("select(.n == 7)")
        var effects = state.start()
        guard case .load(let first)? = effects.first else { Issue.record("no request"); return }
        effects = state.update(.pageLoaded(PageResult(request: first, items: items(0..<50))))
        // The next page is on its way: the footer says how far the program has read.
        #expect(render(state).text.contains("scanned 50 items, 1 match"))
        guard case .load(let second)? = effects.first else { Issue.record("no second request"); return }
        _ = state.update(.pageLoaded(PageResult(request: second, items: items(50..<100), end: EndReason("last page"))))
        #expect(render(state).text.contains("1 row from 100 items"))
    }

    @Test func severalOutputsMakeSeveralRowsAndObjectsMakeATable() throws {
        var state = try state(".tags[] | {tag: ., len: length}")
        let effects = state.start()
        _ = load(&state, pages: 1, effects: effects)
        #expect(state.store.itemCount == 100)
        #expect(state.store.item(at: 0)?.json == #"{"tag":"a0","len":2}"#)
        #expect(state.store.item(at: 1)?.json == #"{"tag":"b0","len":2}"#)
        // Two rows of one item are two rows: each has an identity of its own.
        #expect(state.store.item(at: 0)?.identity != state.store.item(at: 1)?.identity)
        let frame = render(state)
        #expect(frame.rows[0].text.contains("tag"))
        #expect(frame.rows[0].text.contains("len"))
    }

    /// A program's objects are a table even when no field looks like a title.
    @Test func objectsWithoutATitleAreATableOfTheirFields() throws {
        var state = try state("{n, twice: (.n * 2)}")
        let effects = state.start()
        _ = load(&state, pages: 1, effects: effects)
        let header = render(state).rows[0].text
        #expect(header.contains("n") && header.contains("twice"), "\(header)")
        #expect(render(state).rows[2].text.hasSuffix("2"))
    }

    @Test func anItemTheProgramFailsOnIsARowSayingWhy() throws {
        var state = try state("if .n == 3 then error(\"three\") else .title end")
        let effects = state.start()
        _ = load(&state, pages: 1, effects: effects)
        #expect(state.store.itemCount == 50)
        let failed = try #require(state.store.item(at: 3))
        #expect(failed.kind == .problem)
        #expect(failed.text.hasPrefix("jq: ") && failed.text.contains("three"), "\(failed.text)")
        #expect(failed.json.contains(#""n":3"#))
        #expect(state.store.item(at: 4)?.text == "item 4")
    }

    @Test func theSameOutputOfTwoItemsShowsTwice() throws {
        // Duplicates are dropped on the items, before the program: two issues in the same
        // state are two rows.
        var state = try state(".n % 2")
        let effects = state.start()
        _ = load(&state, pages: 1, effects: effects)
        #expect(state.store.itemCount == 50)
        #expect(state.store.item(at: 0)?.json == "0")
        #expect(state.store.item(at: 2)?.json == "0")
    }

    /// A program that drops every item of an endless list: pages are read on and on, and what
    /// the store keeps stays within the budget (the items the program read count, and pages that
    /// made no row are dropped too and merge into runs behind the walk).
    @Test func aProgramThatDropsEverythingReadsOnInBoundedMemory() throws {
        var state = try state("select(.n < 0)")
        let effects = state.start()
        let served = load(&state, pages: 400, effects: effects)
        #expect(served == 400)
        #expect(state.store.itemCount == 0)
        #expect(state.store.loadedItemCount <= state.memoryBudget)
        #expect(state.store.slotCount < 60, "\(state.store.slotCount) slots")
    }
}
