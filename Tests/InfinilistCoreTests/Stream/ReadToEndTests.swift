import Testing
@testable import InfinilistCore

/// `G` on a pipe or a file reads on to the end of the input, page after page, the cursor following
/// the last row; Esc, a move or a quiet pipe ends it. On an HTTP API `G` stays the last loaded row.
@Suite struct ReadToEndTests {
    private static let size = Size(rows: 8, columns: 60)

    /// A state reading a stream (`lastReadsToEnd`) with one page of 10 loaded, the tail idle.
    private func streamState() -> AppState {
        let state = InfinilistCoreTests.streamState(size: Self.size)
        #expect(state.loading.tail == .idle)
        return state
    }

    /// Answers the tail's request with `count` items, the last page when `end`.
    private func answer(_ state: inout AppState, count: Int, end: Bool = false) -> [Effect] {
        guard case .loading(let request, _) = state.loading.tail else {
            Issue.record("nothing is loading: \(state.loading.tail)")
            return []
        }
        let first = state.store.itemCount
        return state.update(.pageLoaded(PageResult(
            request: request, items: items(first..<first + count), end: end ? EndReason("end of input") : nil, latency: 0.01)))
    }

    @Test func gReadsPageAfterPageToTheEndWithTheCursorOnTheLastRow() {
        var state = streamState()
        let effects = state.update(.key(.char("G")))
        #expect(loads(effects).count == 1)
        #expect(state.loading.readingToEnd)
        #expect(render(state).text.contains("reading to the end… 10 items so far (Esc stops)"))
        for _ in 0..<5 {
            // Without G the cursor would stay on row 10, beyond the prefetch distance of 2 rows,
            // and nothing more would be asked for.
            let next = answer(&state, count: 10)
            #expect(loads(next).count == 1)
            #expect(state.viewport.cursor == state.store.itemCount - 1)
        }
        _ = answer(&state, count: 3, end: true)
        #expect(!state.loading.readingToEnd)
        #expect(state.loading.tail == .ended(EndReason("end of input")))
        #expect(state.viewport.cursor == 62)
        #expect(state.store.itemCount == 63)
    }

    @Test func escCancelsAPassThatCountsAFile() {
        // A pass over a file of many gigabytes takes seconds: Esc does not wait for it.
        var state = streamState()
        _ = state.update(.key(.char("G")))
        guard case .loading(let request, _) = state.loading.tail, request.passTarget == .end else {
            return #expect(Bool(false), "G asked for no pass: \(state.loading.tail)")
        }
        let effects = state.update(.key(.escape))
        #expect(effects.contains(.cancel(request.id)))
        #expect(state.notice == .readToEndStopped)
        // The cancelled pass's answer, if it comes, is dropped.
        _ = state.update(.pageLoaded(PageResult(request: request, items: items(90..<100), end: EndReason("end of input"))))
        #expect(state.store.itemCount < 90)
    }

    @Test func escStopsReadingAndThePageInFlightStillLands() {
        var state = streamState()
        _ = state.update(.key(.char("G")))
        let effects = state.update(.key(.escape))
        #expect(!effects.contains { $0.isQuit })
        #expect(!state.loading.readingToEnd)
        #expect(state.notice == .readToEndStopped)
        let after = answer(&state, count: 10)
        #expect(loads(after).isEmpty, "no further page after Esc: \(after)")
        #expect(state.store.itemCount == 20)
        // The cursor stays where it was when reading stopped.
        #expect(state.viewport.cursor == 9)
    }

    @Test func aMoveStopsReading() {
        var state = streamState()
        _ = state.update(.key(.char("G")))
        _ = state.update(.key(.up))
        #expect(!state.loading.readingToEnd)
        _ = answer(&state, count: 10)
        #expect(state.viewport.cursor == 8)
    }

    @Test func theDetailViewStopsReading() {
        var state = streamState()
        _ = state.update(.key(.char("G")))
        _ = state.update(.key(.right))
        #expect(!state.loading.readingToEnd)
        _ = answer(&state, count: 10)
        #expect(state.viewport.cursor == 9)
    }

    @Test func aQuietPipeEndsReadingWhereTheInputIsNow() {
        var state = streamState()
        _ = state.update(.key(.char("G")))
        _ = answer(&state, count: 10)
        guard case .loading(let request, _) = state.loading.tail else {
            Issue.record("expected the next page to load")
            return
        }
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)))
        #expect(!state.loading.readingToEnd)
        // Rows that arrive later take the cursor along, as less's G then F does (they grew
        // unseen below it before, issue 33); a move of the user's stops that.
        _ = answer(&state, count: 5)
        #expect(state.viewport.cursor == 24)
        #expect(state.store.itemCount == 25)
        _ = state.update(.key(.char("k")))
        _ = answer(&state, count: 5)
        #expect(state.viewport.cursor == 23)
    }

    @Test func gWhileAPipeIsQuietStaysOnTheLastRow() {
        var state = streamState()
        _ = state.update(.key(.char("G")))
        guard case .loading(let request, _) = state.loading.tail else {
            Issue.record("expected the next page to load")
            return
        }
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 0, reason: "waiting for input", isRetry: false, waitsForInput: true)))
        _ = state.update(.key(.char("G")))
        #expect(!state.loading.readingToEnd)
        #expect(state.viewport.cursor == 9)
    }

    @Test func aFailedPageStopsReading() {
        var state = streamState()
        _ = state.update(.key(.char("G")))
        guard case .loading(let request, _) = state.loading.tail else {
            Issue.record("expected the next page to load")
            return
        }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "could not read standard input")))
        #expect(!state.loading.readingToEnd)
        #expect(loads(state.update(.tick)).isEmpty)
    }

    @Test func memoryStaysBoundedWhileReadingToTheEnd() {
        var config = AppConfig(sourceName: "stdin", prefetch: 2, keep: 40)
        config.lastReadsToEnd = true
        var state = AppState(config: config, size: Self.size)
        let first = loads(state.start())
        _ = state.update(.pageLoaded(PageResult(request: first[0], items: items(0..<10), latency: 0.01)))
        _ = state.update(.key(.char("G")))
        for _ in 0..<100 { _ = answer(&state, count: 10) }
        #expect(state.store.itemCount == 1010)
        #expect(state.store.loadedItemCount <= 40)
        #expect(state.store.item(at: 1009) != nil)
    }

    @Test func onAnAPIgStaysTheLastLoadedRow() {
        var state = AppState(config: AppConfig(sourceName: "api", prefetch: 2), size: Self.size)
        let first = loads(state.start())
        _ = state.update(.pageLoaded(PageResult(request: first[0], items: items(0..<10), latency: 0.01)))
        _ = state.update(.key(.char("G")))
        #expect(!state.loading.readingToEnd)
        // The prefetch asks for the next page, and that page does not move the cursor.
        _ = answer(&state, count: 10)
        #expect(state.viewport.cursor == 9)
    }
    /// A file of JSON lines: `G` asks the loader for a pass to the end, and the pages it went
    /// over join the store as dropped pages, read again as they come into view (decision 145).
    @Test func gAsksForAPassAndThePassedPagesAreReadAgainInView() throws {
        var state = streamState()
        let asked = loads(state.update(.key(.char("G"))))
        #expect(asked.map(\.purpose) == [.pass(.end)])
        let request = try #require(asked.first)
        var result = PageResult(request: request, items: items(1_010..<1_013), end: EndReason("end of input"), latency: 0.01)
        result.passed = PassedPages(pages: 100, rowsEach: 10)
        let effects = state.update(.pageLoaded(result))
        #expect(state.store.itemCount == 1_013)
        #expect(state.store.pageCount == 102)
        #expect(state.viewport.cursor == 1_012)
        #expect(!state.loading.readingToEnd)
        // The screen shows rows of the last passed page: it is asked for again.
        #expect(loads(effects).map(\.page) == [100])
        #expect(loads(effects).map(\.kind) == [.refetch])
    }

    /// A warning of the page read after a pass names that page, not the one the pass started at
    /// (hostile pass: "page 2: not JSON at byte 1897793" for a line on page 61).
    @Test func aWarningAfterAPassNamesThePageItCameOn() throws {
        var state = streamState()
        let request = try #require(loads(state.update(.key(.char("G")))).first)
        var result = PageResult(request: request, items: items(1_010..<1_013), end: EndReason("end of input"), latency: 0.01,
                                warning: "not JSON at byte 12345")
        result.passed = PassedPages(pages: 100, rowsEach: 10)
        _ = state.update(.pageLoaded(result))
        #expect(state.notice?.text == "page \(request.page + 101): not JSON at byte 12345")
    }

    /// A passed page is a count of lines: read, it may hold a row more (a stray byte after an
    /// object is a problem row of its own) or fewer. It takes the rows it holds and the rows
    /// below move, the cursor with its item; nothing is cut off and nothing "has changed"
    /// (decision 160). A page read before and dropped keeps its rows as ever.
    @Test(arguments: [11, 9])
    func aPassedPageTakesTheRowsItHolds(rows: Int) throws {
        var state = streamState()
        let request = try #require(loads(state.update(.key(.char("G")))).first)
        var result = PageResult(request: request, items: items(1_010..<1_013), end: EndReason("end of input"), latency: 0.01)
        result.passed = PassedPages(pages: 100, rowsEach: 10)
        let asked = loads(state.update(.pageLoaded(result)))
        let refetch = try #require(asked.first { $0.page == 100 })
        let cursorItem = state.store.item(at: state.viewport.cursor)?.json
        let settled = loads(state.update(.pageLoaded(PageResult(request: refetch, items: items(5_000..<5_000 + rows), latency: 0.01))))
        #expect(state.store.itemCount == 1_003 + rows)
        #expect(state.store.rows(ofPage: 100) == 1_000..<(1_000 + rows))
        #expect((1_000..<1_000 + rows).map { state.store.item(at: $0)?.json } == items(5_000..<5_000 + rows).map(\.json))
        #expect(state.store.item(at: state.viewport.cursor)?.json == cursorItem)
        #expect(state.viewport.cursor == 1_002 + rows)
        #expect(state.notice == nil)
        #expect(state.following.newAbove == 0)
        // The pages before it are still counts: the one above is read in turn, and settles too.
        var asks = (asked + settled).filter { $0.page == 99 }
        while asks.isEmpty, state.viewport.cursor > 900 { asks = loads(state.update(.key(.pageUp))).filter { $0.page == 99 } }
        let above = try #require(asks.first, "the page above is not asked for")
        _ = state.update(.pageLoaded(PageResult(request: above, items: items(4_000..<4_011), latency: 0.01)))
        #expect(state.store.rows(ofPage: 99) == 990..<1_001)
        #expect(state.store.itemCount == 1_004 + rows)
        #expect(state.notice == nil)
    }

    /// While the loader counts a big file's lines, the footer row says how far it has read, and
    /// `G` goes on: the count is no wait.
    @Test func aPassSaysHowFarItHasRead() throws {
        var state = streamState()
        let request = try #require(loads(state.update(.key(.char("G")))).first)
        var wait = PageWait(request: request, seconds: 0, reason: "counting lines: 128 MiB of 954 MiB read", isRetry: false)
        wait.passes = true
        _ = state.update(.pageWaiting(wait))
        let text = render(state).text
        #expect(text.contains("counting lines: 128 MiB of 954 MiB read"), "\(text)")
        #expect(text.contains("reading to the end"), "\(text)")
        #expect(state.loading.readingToEnd)
    }

    /// `NG` asks for a pass to the page that holds its row; with a filter, rows are tested on the
    /// way and nothing is passed.
    @Test func nGPassesToItsRowAndAFilterReadsEveryPage() throws {
        var state = streamState()
        for digit in "500" { _ = state.update(.key(.char(digit))) }
        let asked = loads(state.update(.key(.char("G"))))
        // Row 500 (0-based 499) is item 489 after the first page's 10.
        #expect(asked.map(\.purpose) == [.pass(.item(489))])

        var filtered = streamState()
        for key: Key in [.char("&"), .char("1"), .enter] { _ = filtered.update(.key(key)) }
        #expect(filtered.finding.filter != nil)
        // Whatever the filter asked for lands; then `G` reads on page by page.
        while case .loading(let request, _) = filtered.loading.tail, filtered.store.itemCount < 100 {
            let first = filtered.store.itemCount
            _ = filtered.update(.pageLoaded(PageResult(request: request, items: items(first..<first + 10), latency: 0.01)))
        }
        _ = filtered.update(.key(.char("G")))
        guard case .loading(let request, _) = filtered.loading.tail else {
            Issue.record("G did not read on: \(filtered.loading.tail)")
            return
        }
        #expect(request.purpose == .next)
    }
}
