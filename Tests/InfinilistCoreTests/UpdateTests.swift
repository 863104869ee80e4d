import Testing
@testable import InfinilistCore

@Suite struct PrefetchTests {
    @Test func firstPageIsRequestedAtStart() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 10, columns: 40))
        let effects = state.start()
        #expect(loads(effects).map(\.page) == [0])
        #expect(state.isAnimating)
    }

    /// With `--prefetch 3` and 10 rows, the request goes out exactly when the cursor reaches
    /// row 6 (3 rows before the last loaded row 9), not one row earlier, and only once.
    @Test func firesAtExactlyTheConfiguredDistanceAndOnce() {
        var state = loadedState(pages: 1, prefetch: 3)
        #expect(state.loading.tail == .idle)
        for _ in 0..<5 { #expect(loads(state.update(.key(.down))).isEmpty) }
        #expect(state.viewport.cursor == 5)
        let fired = loads(state.update(.key(.down)))
        #expect(state.viewport.cursor == 6)
        #expect(fired.map(\.page) == [1])
        for _ in 0..<10 { #expect(loads(state.update(.key(.down))).isEmpty) }
        #expect(loads(state.update(.key(.end))).isEmpty)
    }

    @Test func defaultDistanceIsOneScreen() {
        // 6 rows: 5 list rows, so the distance is 5.
        var state = loadedState(pages: 1)
        for _ in 0..<3 { #expect(loads(state.update(.key(.down))).isEmpty) }
        #expect(loads(state.update(.key(.down))).map(\.page) == [1])
        #expect(state.viewport.cursor == 4)
    }

    @Test func aShortPageThatLeavesTheCursorNearTheEndLoadsTheNextAtOnce() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 20, columns: 40))
        guard case .load(let first)? = state.start().first else { Issue.record("no load"); return }
        let next = loads(state.update(.pageLoaded(PageResult(request: first, items: items(0..<3)))))
        #expect(next.map(\.page) == [1])
    }

    @Test func nothingMoreIsRequestedAfterTheEnd() {
        var state = loadedState(pages: 2, end: EndReason("no more"))
        #expect(state.loading.tail == .ended(EndReason("no more")))
        #expect(loads(state.update(.key(.end))).isEmpty)
        #expect(!state.isAnimating)
    }
}

@Suite struct LoadResultTests {
    @Test func aResponseToASupersededRequestIsDropped() {
        var state = loadedState(pages: 1, prefetch: 100)
        guard case .loading(let stale, _) = state.loading.tail else { Issue.record("expected a load"); return }
        _ = state.update(.pageFailed(PageFailure(request: stale, message: "HTTP 503")))
        guard let retry = loads(state.update(.key(.char("r")))).first else { Issue.record("no retry"); return }
        #expect(retry.page == stale.page && retry.id != stale.id)
        // The first request's answer arrives late: ignored.
        _ = state.update(.pageLoaded(PageResult(request: stale, items: items(100..<110))))
        #expect(state.store.itemCount == 10)
        _ = state.update(.pageLoaded(PageResult(request: retry, items: items(10..<20))))
        #expect(state.store.itemCount == 20)
        #expect(state.store.item(at: 10)?.text == "item 10")
    }

    @Test func aFailureForAnotherRequestIsIgnored() {
        var state = loadedState(pages: 1, prefetch: 100)
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("no load"); return }
        let other = PageRequest(id: RequestID(999), page: request.page)
        _ = state.update(.pageFailed(PageFailure(request: other, message: "boom")))
        #expect(state.loading.tail == .loading(request))
    }

    @Test func failureKeepsWhatWasLoadedAndRetryAsksAgain() {
        var state = loadedState(pages: 2, prefetch: 100)
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("not loading"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 500")))
        #expect(state.store.itemCount == 20)
        #expect(state.loading.tail == .failed(page: 2, message: "HTTP 500"))
        #expect(!state.isAnimating)
        // Moving does not retry by itself: the user decides.
        #expect(loads(state.update(.key(.end))).isEmpty)
        #expect(loads(state.update(.key(.char("r")))).map(\.page) == [2])
    }

    @Test func retryWhenNothingFailedRings() {
        var state = loadedState(pages: 1)
        #expect(state.update(.key(.char("r"))) == [.bell])
    }
}

@Suite struct KeyTests {
    @Test func enterPrintsTheItemUnderTheCursor() {
        var state = loadedState(pages: 1)
        _ = state.update(.key(.down))
        _ = state.update(.key(.char("j")))
        #expect(state.update(.key(.enter)) == [.quit(code: 0, output: ["{\"n\":2}"])])
    }

    @Test func enterOnAnEmptyListRings() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 5, columns: 20))
        _ = state.start()
        #expect(state.update(.key(.enter)) == [.bell])
    }

    @Test func quitKeysAndInterrupt() {
        var state = loadedState(pages: 1)
        #expect(state.update(.key(.char("q"))) == [.quit(code: 0, output: [])])
        #expect(state.update(.key(.ctrl("c"))) == [.quit(code: 130, output: [])])
    }

    @Test func vimAndArrowKeysAgree() {
        var a = loadedState(pages: 3)
        var b = loadedState(pages: 3)
        for (x, y) in [(Key.down, Key.char("j")), (.pageDown, .char(" ")), (.up, .char("k")),
                       (.end, .char("G")), (.pageUp, .char("b")), (.home, .char("g"))] {
            _ = a.update(.key(x))
            _ = b.update(.key(y))
            #expect(a.viewport == b.viewport)
        }
    }

    @Test func everyActionHasAKeyAndHelpListsIt() {
        let bound = Set(KeyMap.all.flatMap { $0.map(\.action) })
        #expect(bound == Set(Action.allCases))
        let help = KeyMap.list.helpLines()
        #expect(help.count == KeyMap.list.count)
        #expect(help.contains { $0.hasPrefix("↓ j Ctrl-N") && $0.hasSuffix("next row") })
    }

    @Test func tickAdvancesTheSpinnerOnlyWhileLoading() {
        var state = loadedState(pages: 1, prefetch: 0)
        _ = state.update(.tick)
        #expect(state.timing.spinnerPhase == 0)
        _ = state.update(.key(.end))
        #expect(state.isAnimating)
        _ = state.update(.tick)
        #expect(state.timing.spinnerPhase == 1)
    }
}
