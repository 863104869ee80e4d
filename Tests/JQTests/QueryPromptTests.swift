import InfinilistCore
import JQ
import Testing

/// The `|` prompt (issue 35): each keystroke runs the program on the items in memory, an error
/// is said on the prompt line and the rows of the last good program stay, Enter keeps and
/// remembers, Esc goes back, ↑/↓ walk the history, and pages that arrive later go through the
/// program. The core driven by keys, with the real jq library.
@Suite struct QueryPromptTests {
    private let size = Size(rows: 14, columns: 100)

    private func items(_ range: Range<Int>) -> [Item] {
        range.map { Item(json: #"{"n":\#($0),"title":"item \#($0)"}"#, text: "item \($0)", id: String($0)) }
    }


    /// A list of `pages` pages of `pageSize` items, loaded (the screen asks for them by itself or by `G`).
    private func state(pages: Int, pageSize: Int = 50, initial: String? = nil, history: [String] = [], keep: Int? = nil, ends: Bool = true) throws -> AppState {
        var config = AppConfig(sourceName: "test", keep: keep)
        config.queryCompiler = JQItemQuery.promptCompiler()
        config.queryHistory = history
        if let initial { config.rowQuery = RowQuery(program: initial, query: JQItemQuery(program: try JQProgram(initial))) }
        var state = AppState(config: config, size: size)
        var effects = state.start()
        for page in 0..<pages {
            guard let request = loads(effects).first else { effects = state.update(.key(.end)); continue }
            effects = state.update(.pageLoaded(PageResult(request: request, items: items((page * pageSize)..<((page + 1) * pageSize)), end: ends && page == pages - 1 ? EndReason("last page") : nil)))
            if loads(effects).isEmpty, page < pages - 1 { effects = state.update(.key(.end)) }
        }
        return state
    }

    private func loads(_ effects: [Effect]) -> [PageRequest] {
        effects.compactMap { if case .load(let request) = $0 { request } else { nil } }
    }

    private func type(_ text: String, into state: inout AppState) {
        for character in text { _ = state.update(.key(.char(character))) }
    }

    @Test func eachKeystrokeRunsTheProgramOnTheItemsInMemory() throws {
        var state = try state(pages: 2)
        #expect(state.store.itemCount == 100)
        _ = state.update(.key(.char("|")))
        type("select(.n % 10 == 0) | .n", into: &state)
        #expect(state.store.itemCount == 10)
        #expect(state.store.item(at: 1)?.json == "10")
        // One keystroke earlier the program was `… | .` : every tenth item whole.
        _ = state.update(.key(.backspace))
        #expect(state.store.itemCount == 10)
        #expect(state.store.item(at: 1)?.json == #"{"n":10,"title":"item 10"}"#)
        type("n", into: &state)
        let kept = state.update(.key(.enter))
        #expect(kept.contains(.rememberQuery("select(.n % 10 == 0) | .n")))
        #expect(render(state).text.contains("jq: select(.n % 10"))
        #expect(state.store.item(at: 9)?.json == "90")
    }

    /// Over 2,000 items the pages' rows are made in parallel (`RowQuery.rows(ofPages:)`): the
    /// rows must be those of the program run page after page, in order, identities included.
    /// An item a program passes through (`select`) is its row with the JSON it has, not written
    /// again; a new value is written as `jq -c` writes it.
    @Test func anItemPassedThroughKeepsItsOwnJSON() throws {
        var config = AppConfig(sourceName: "test")
        config.queryCompiler = JQItemQuery.promptCompiler()
        var state = AppState(config: config, size: size)
        let request = try #require(loads(state.start()).first)
        let held = [#"{"n": 1, "t": "\u00e9"}"#, #"{"n": 2}"#]
        _ = state.update(.pageLoaded(PageResult(request: request, items: held.map { Item(json: $0, text: "") }, end: EndReason("last page"))))
        _ = state.update(.key(.char("|")))
        type("select(.n > 0)", into: &state)
        #expect((0..<2).map { state.store.item(at: $0)?.json } == held)
        type(#" | . + {"m": 0}"#, into: &state)
        #expect((0..<2).map { state.store.item(at: $0)?.json } == [#"{"n":1,"t":"é","m":0}"#, #"{"n":2,"m":0}"#])
        let value = try JSONParser.parse(held[0])
        #expect(value.sharesStorage(with: value))
        #expect(!value.sharesStorage(with: try JSONParser.parse(held[0])))
    }

    @Test func manyPagesGiveTheRowsOfOnePageAfterAnother() throws {
        var state = try state(pages: 60, keep: 20_000)
        #expect(state.store.itemCount == 3_000)
        _ = state.update(.key(.char("|")))
        type("select(.n % 7 == 0) | .n, .title", into: &state)
        let expected = (0..<3_000).filter { $0 % 7 == 0 }.flatMap { ["\($0)", "\"item \($0)\""] }
        #expect(state.store.itemCount == expected.count)
        #expect((0..<expected.count).map { state.store.item(at: $0)?.json } == expected)
        // The first output keeps its item's identity; the second is a row of its own.
        #expect(state.store.item(at: 0)?.identity == .id("0"))
        #expect(state.store.item(at: 1)?.identity != state.store.item(at: 0)?.identity)
    }

    /// A program's objects are a table; past the rows that settle its layout, the prompt lays
    /// pages out in parallel: the cells must be those the same program makes page by page as
    /// the pages arrive.
    @Test func manyPagesOfATableGiveTheCellsOfOnePageAfterAnother() throws {
        let program = "select(.n % 3 == 0) | {n, title}"
        let arrived = try state(pages: 60, initial: program, keep: 20_000)
        var typed = try state(pages: 60, keep: 20_000)
        _ = typed.update(.key(.char("|")))
        type(program, into: &typed)
        #expect(typed.store.itemCount == 1_000)
        #expect(typed.store.itemCount == arrived.store.itemCount)
        let rows = { (state: AppState) in (0..<state.store.itemCount).map { state.store.item(at: $0).map { [$0.json] + $0.cells.map { "\($0)" } } } }
        #expect(rows(typed) == rows(arrived))
        #expect(typed.store.item(at: 999)?.cells.isEmpty == false)
    }

    /// The page that settles the layout is made in pieces on every core when it is large (a
    /// file's first page): its rows, in order, and the cells of the pages after it must be
    /// those the program makes as the pages arrive.
    @Test func aLargeFirstPageMadeInPiecesGivesTheRowsOfOnePage() throws {
        let program = "select(.n % 3 != 1) | {n, title}, (select(.n % 100 == 0) | .n)"
        let arrived = try state(pages: 3, pageSize: 1_200, initial: program, keep: 20_000)
        var typed = try state(pages: 3, pageSize: 1_200, keep: 20_000)
        _ = typed.update(.key(.char("|")))
        type(program, into: &typed)
        // Two thirds of the items make an object, and those of them whose n is a multiple of 100 a
        // number after it.
        #expect(typed.store.itemCount == 2_400 + 24)
        #expect(typed.store.itemCount == arrived.store.itemCount)
        let rows = { (state: AppState) in (0..<state.store.itemCount).map { state.store.item(at: $0).map { [$0.json, $0.text] + $0.cells.map { "\($0)" } } } }
        #expect(rows(typed) == rows(arrived))
        #expect(typed.store.item(at: 2_423)?.cells.isEmpty == false)
    }

    @Test func aProgramThatDoesNotCompileIsSaidAndTheRowsStay() throws {
        var state = try state(pages: 1)
        _ = state.update(.key(.char("|")))
        type(".n", into: &state)
        #expect(state.store.item(at: 3)?.json == "3")
        type(" |", into: &state)
        let frame = render(state)
        #expect(frame.rows.last?.text.hasPrefix("|.n |") == true)
        #expect(frame.rows.last?.text.contains("at column 5: unexpected end of the program") == true, "\(frame.rows.last?.text ?? "")")
        #expect(state.store.item(at: 3)?.json == "3")
        // Enter on it rings the bell and leaves it in the prompt to be mended, not remembered;
        // `.n ` compiled a keystroke before: it is the program that runs.
        let effects = state.update(.key(.enter))
        #expect(effects == [.bell])
        #expect(render(state).rows.last?.text.hasPrefix("|.n |") == true)
        #expect(state.finding.rowQuery?.program == ".n ")
        _ = state.update(.key(.backspace))
        #expect(state.update(.key(.enter)).contains(.rememberQuery(".n ")))
    }

    @Test func escGoesBackToTheProgramTheListHad() throws {
        var state = try state(pages: 1, initial: ".n")
        #expect(state.store.item(at: 2)?.json == "2")
        _ = state.update(.key(.char("|")))
        #expect(render(state).rows.last?.text.hasPrefix("|.n") == true)
        _ = state.update(.key(.ctrl("u")))
        // An empty program shows the items.
        #expect(state.store.item(at: 2)?.json == #"{"n":2,"title":"item 2"}"#)
        type(".title", into: &state)
        #expect(state.store.item(at: 2)?.json == #""item 2""#)
        _ = state.update(.key(.escape))
        #expect(state.store.item(at: 2)?.json == "2")
        #expect(state.finding.rowQuery?.program == ".n")
        // The marks made before the prompt are there again after Esc.
        _ = state.update(.key(.tab))
        _ = state.update(.key(.char("|")))
        type(" | . + 100", into: &state)
        _ = state.update(.key(.escape))
        #expect(state.marks.count == 1)
    }

    @Test func upAndDownWalkTheHistoryThenBackToWhatWasTyped() throws {
        var state = try state(pages: 1, history: [".title", ".n"])
        _ = state.update(.key(.char("|")))
        type(".n + 1", into: &state)
        _ = state.update(.key(.up))
        #expect(render(state).rows.last?.text.hasPrefix("|.n ") == true)
        #expect(state.store.item(at: 4)?.json == "4")
        _ = state.update(.key(.up))
        #expect(state.store.item(at: 4)?.json == #""item 4""#)
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        #expect(render(state).rows.last?.text.hasPrefix("|.n + 1") == true)
        #expect(state.store.item(at: 4)?.json == "5")
    }

    @Test func pagesThatArriveLaterGoThroughTheProgram() throws {
        var state = try state(pages: 1, ends: false)
        _ = state.update(.key(.char("|")))
        type("{t: .title}", into: &state)
        _ = state.update(.key(.enter))
        var effects = state.update(.key(.end))
        guard let request = loads(effects).first else { Issue.record("no request for the next page"); return }
        effects = state.update(.pageLoaded(PageResult(request: request, items: items(50..<100))))
        #expect(state.store.itemCount == 100)
        #expect(state.store.item(at: 99)?.json == #"{"t":"item 99"}"#)
    }

    @Test func whenItemsAreNoLongerInMemoryEnterReadsTheListAgain() throws {
        // 20 pages kept at most 200 items: the first pages are dropped while reading to the end.
        var state = try state(pages: 20, keep: 200)
        _ = state.update(.key(.char("|")))
        type(".n", into: &state)
        #expect(render(state).rows.last?.text.contains("Enter: read the list again with it") == true)
        // The rows did not change.
        #expect(state.store.item(at: state.store.itemCount - 1)?.json == #"{"n":999,"title":"item 999"}"#)
        let effects = state.update(.key(.enter))
        #expect(loads(effects).first?.page == 0)
        #expect(loads(effects).first?.purpose == .restart)
        #expect(state.finding.rowQuery?.program == ".n")
    }

    /// The items fit the memory budget, the program's rows beside them do not: while the prompt
    /// is open nothing is dropped, so Esc goes back without reading the list again (it did:
    /// hostile pass of session 30); Enter keeps the program.
    @Test func escGoesBackWithoutReadingAgainWhenTheRowsDoubleTheItems() throws {
        for key in [Key.escape, .enter] {
            var state = try state(pages: 8, keep: 420)
            _ = state.update(.key(.home))
            #expect(state.store.loadedItemCount == 400)
            _ = state.update(.key(.char("|")))
            type(".n", into: &state)
            #expect(state.store.item(at: 399)?.json == "399")
            let effects = state.update(.key(key))
            #expect(loads(effects).isEmpty)
            if key == .escape {
                #expect(state.store.item(at: 399)?.json == #"{"n":399,"title":"item 399"}"#)
                #expect(state.store.loadedItemCount == 400)
            } else {
                #expect(state.finding.rowQuery?.program == ".n")
            }
        }
    }

    /// Read again with a program whose objects hold other fields, the list is the program's
    /// table, not the old columns with empty cells (hostile pass of session 30).
    @Test func readAgainWithAProgramTheTableIsTheProgramsColumns() throws {
        var state = try state(pages: 20, keep: 200)
        // The items are lines: a title and a number make no table.
        #expect(state.rowLayout == .lines)
        _ = state.update(.key(.char("|")))
        type("{id: .n, state: \"open\"}", into: &state)
        let request = try #require(loads(state.update(.key(.enter))).first)
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(0..<50))))
        #expect(state.rowLayout.table?.columns.map(\.spec.text) == ["id", "state"])
        #expect(state.store.item(at: 3)?.cells.map { "\($0)" }.contains { $0.contains("open") } == true)
        #expect(render(state).text.contains("open"))
    }
}
