import Testing
@testable import InfinilistCore

/// Rows laid out once and kept (`RowBodyCache`, decision 73): a kept row must never be shown
/// where the row would now read differently. Each test renders a state whose rows are kept,
/// changes one thing a row depends on, and compares with a state that never rendered before.
@Suite struct RowBodyCacheTests {
    /// The frame `state` would show if nothing had been kept: the same state built afresh.
    private func fresh(_ state: AppState) -> Frame {
        var copy = state
        copy.rowBodies = RowBodyCache()
        return render(copy)
    }

    @Test func anAgeIsLaidOutAgainWhenItWouldReadDifferently() {
        var state = tableState(TableFixtures.hackerNewsStories, size: Size(rows: 6, columns: 80))
        let first = render(state).rows[1].text
        #expect(first.hasSuffix("18m"))
        // Every 7 seconds for three minutes, then days on: the age a kept row shows is the age
        // a row laid out now shows, and it does change.
        var ages: Set<String> = []
        for seconds in stride(from: 7.0, through: 180, by: 7) + [3 * 86_400, 40 * 86_400] {
            _ = state.update(.wallClock(WallClock(seconds: TableFixtures.now.seconds + seconds)))
            let kept = render(state)
            #expect(kept == fresh(state), "at +\(seconds) s")
            ages.insert(String(kept.rows[1].text.split(separator: " ").last ?? ""))
        }
        #expect(ages.isSuperset(of: ["19m", "20m", "21m", "3d"]))
        // A clock set back shows the younger age again.
        _ = state.update(.wallClock(TableFixtures.now))
        #expect(render(state).rows[1].text.hasSuffix("18m"))
    }

    @Test func searchWidthAndColumnsEachLayRowsOutAgain() {
        var state = tableState(TableFixtures.githubIssues, size: Size(rows: 8, columns: 80))
        _ = render(state)
        let word = render(state).rows[1].text.split(separator: " ").dropFirst().first.map(String.init) ?? "x"
        for key in ("/" + word).map({ Key.char($0) }) + [.enter] { _ = state.update(.key(key)) }
        #expect(render(state).rows.contains { row in row.spans.contains { $0.style == .match } })
        #expect(render(state) == fresh(state))
        _ = state.update(.resized(Size(rows: 8, columns: 44)))
        #expect(render(state).rows.allSatisfy { DisplayWidth.of($0.text) <= 44 })
        #expect(render(state) == fresh(state))
        _ = state.update(.key(.char(">")))
        let scrolled = render(state)
        #expect(scrolled.rows[0].text.hasPrefix("‹"))
        #expect(scrolled == fresh(state))
    }

    @Test func keptRowsAreTheRowsAFreshStateDraws() {
        // Walk a table through cursor moves, a resize, a search and the clock, comparing every
        // frame (drawn with kept rows) with a frame drawn from scratch.
        var state = tableState(TableFixtures.demoShaped + TableFixtures.demoShaped, size: Size(rows: 6, columns: 70))
        let steps: [Message] = [
            .key(.down), .key(.down), .key(.down), .key(.up),
            .resized(Size(rows: 6, columns: 50)), .key(.down),
            .wallClock(WallClock(seconds: TableFixtures.now.seconds + 7200)),
            .key(.char("/")), .key(.char("a")), .key(.enter), .key(.down),
            .resized(Size(rows: 9, columns: 90)), .key(.home),
        ]
        for step in steps {
            _ = state.update(step)
            let drawn = render(state)
            #expect(drawn == fresh(state), "after \(step)")
        }
    }

    /// A page dropped (the memory budget) and fetched again shows what the server says now: its
    /// rows are laid out anew, never the rows kept for the items it held before. Rows are found
    /// by their item's place, whose stamp is new whenever a page's items change.
    @Test func aPageFetchedAgainShowsItsNewItemsNotTheKeptOnes() {
        let titles = { (word: String) in (0..<4).map { #"{"id":\#($0),"title":"\#(word) \#($0)"}"# } }
        var state = tableState(titles("before"), columns: .lines, size: Size(rows: 8, columns: 60))
        #expect(render(state).text.contains("before 2"))
        state.store.drop(page: 0)
        state.store.refill(page: 0, with: jsonItems(titles("after")))
        let drawn = render(state)
        #expect(drawn.text.contains("after 2"))
        #expect(!drawn.text.contains("before"))
        #expect(drawn == fresh(state))
    }

    @Test func anAgeHoldsUntilItsChange() {
        let now = TableFixtures.now.seconds
        let dates = [now - 5, now - 59, now - 61, now - 3599, now - 3601, now - 86_399, now - 86_401,
                     now - 29 * 86_400 - 5, now - 40 * 86_400, now + 120, now - 400 * 86_400]
        for date in dates {
            let clock = WallClock(seconds: now)
            let text = AgeText.text(date, now: clock)
            let change = AgeText.changesAt(date, now: clock)
            #expect(change > now, "date \(date)")
            // Every instant before the change reads the same.
            for fraction in [0.0, 0.25, 0.5, 0.9, 0.999] {
                let later = now + (change - now) * fraction
                #expect(AgeText.text(date, now: WallClock(seconds: later)) == text, "date \(date) at +\(later - now)")
            }
        }
        #expect(AgeText.changesAt(now, now: nil) == -.infinity)
    }
}

/// The printable-ASCII shortcut of `DisplayWidth` and the scalar sum of `of` measure exactly as
/// walking grapheme clusters does.
@Suite struct DisplayWidthShortcutTests {
    private func slowWidth(_ text: String) -> Int { text.reduce(0) { $0 + DisplayWidth.of($1) } }

    private func slowClip(_ text: String, to width: Int) -> (String, Int) {
        var used = 0
        var kept = ""
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            used += w
            kept.append(character)
        }
        return (kept, used)
    }

    @Test(arguments: [
        "", "plain ascii", "tab\there", "a\u{7F}b", "naïve café", "한글 폰트", "👩‍💻 coder", "🇫🇷🇩🇪",
        "e\u{301}\u{301}", "العربية", "混合テキスト mixed", "12345678901234567890", " ", "~!@#$%^&*()",
    ])
    func shortcutsMeasureAsClustersDo(_ text: String) {
        #expect(DisplayWidth.of(text) == slowWidth(text))
        for width in 0...(slowWidth(text) + 2) {
            let clipped = DisplayWidth.clip(text, to: width)
            let slow = slowClip(text, to: width)
            #expect(String(clipped.text) == slow.0 && clipped.width == slow.1, "\(text) to \(width)")
        }
    }
}

/// A table showing ages wakes the loop at each new minute of the wall clock, so ages stay right
/// on a screen left alone; nothing else wakes it.
@Suite struct AgeRefreshTests {
    @Test func aTableWithAgesWakesAtTheNextMinuteOfTheWallClock() {
        var state = tableState(TableFixtures.hackerNewsStories, size: Size(rows: 6, columns: 80))
        _ = state.update(.wallClock(WallClock(seconds: TableFixtures.now.seconds + 15)), at: 100)
        // TableFixtures.now is a whole minute: 45 s to the next one.
        #expect(state.wakeTime == 145)
        _ = state.update(.wallClock(WallClock(seconds: TableFixtures.now.seconds + 60)), at: 145)
        #expect(state.wakeTime == 205)
        // At the wake-up, the ages read one minute on.
        #expect(render(state).rows[1].text.hasSuffix("19m"))
    }

    @Test func rowsWithoutAgesNeverWake() {
        var lines = tableState(TableFixtures.hackerNewsStories, columns: .lines)
        _ = lines.update(.wallClock(TableFixtures.now), at: 10)
        #expect(lines.wakeTime == nil)
        var noDates = tableState(TableFixtures.hackerNewsStories, columns: given("title,author,points"))
        _ = noDates.update(.wallClock(TableFixtures.now), at: 10)
        #expect(noDates.wakeTime == nil)
    }
}
