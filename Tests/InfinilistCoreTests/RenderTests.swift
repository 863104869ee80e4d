import Testing
@testable import InfinilistCore

/// Snapshot tests: each frame is compared as text with the picture a user would see.
@Suite struct RenderSnapshotTests {
    private func frame(_ state: AppState) -> String { render(state).text }

    @Test func loadingFirstPage() {
        var state = AppState(config: AppConfig(sourceName: "demo"), size: Size(rows: 4, columns: 40))
        _ = state.start()
        #expect(frame(state) == """
          ⠋ loading page 1…


         infinilist · dem  no rows · ⠋ loading
        """)
    }

    @Test func spinnerTurnsWithTicks() {
        var state = AppState(config: AppConfig(sourceName: "demo"), size: Size(rows: 4, columns: 40))
        _ = state.start()
        _ = state.update(.tick)
        _ = state.update(.tick)
        #expect(render(state).rows[0].text.hasPrefix("  ⠹ loading page 1…"))
    }

    @Test func footerWhileLoadingTheNextPage() {
        var state = loadedState(pages: 1, size: Size(rows: 6, columns: 40), prefetch: 100)
        _ = state.update(.key(.end))
        #expect(frame(state) == """
          item 6
          item 7
          item 8
        > item 9
          ⠋ loading page 2…
         infin  row 10/10 · ⠋ loading · 250 ms
        """)
    }

    @Test func footerAfterAFailure() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 60), prefetch: 100)
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("not loading"); return }
        _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 503 Service Unavailable")))
        _ = state.update(.key(.end))
        #expect(frame(state) == """
          item 8
        > item 9
          ✗ page 2 failed (r to retry): HTTP 503 Service Unavailable
         infinilist · test             row 10/10 · failed · 250 ms
        """)
    }

    @Test func footerAtTheEnd() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 50), end: EndReason("has_more=false"))
        _ = state.update(.key(.end))
        #expect(frame(state) == """
          item 8
        > item 9
          — end · 10 items · has_more=false —
         infinilist · test      row 10/10 · end · 250 ms
        """)
    }

    @Test func emptySource() {
        var state = AppState(config: AppConfig(sourceName: "x"), size: Size(rows: 3, columns: 40))
        guard case .load(let request)? = state.start().first else { Issue.record("no load"); return }
        _ = state.update(.pageLoaded(PageResult(request: request, items: [], end: EndReason("empty page"))))
        #expect(frame(state) == """
          — end · no items · empty page —

         infinilist · x   no rows · end · 0 ms
        """)
    }

    @Test func narrowScreenClipsEveryRow() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 12), prefetch: 0)
        _ = state.update(.key(.down))
        let f = render(state)
        #expect(f.rows.count == 4)
        for (i, row) in f.rows.enumerated() {
            #expect(DisplayWidth.of(row.text) <= (i == 3 ? 11 : 12))
        }
        #expect(f.text == """
          item 0
        > item 1
          item 2
          row 2/10
        """)
    }

    @Test func wideCharactersAreClippedByDisplayWidthNeverHalved() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 4, columns: 11))
        guard case .load(let request)? = state.start().first else { Issue.record("no load"); return }
        let rows = [
            Item(json: "1", text: "日本語のタイトル"),
            Item(json: "2", text: "👩‍👩‍👧 family 🇫🇷"),
            Item(json: "3", text: "café ünïcödé"),
        ]
        _ = state.update(.pageLoaded(PageResult(request: request, items: rows, end: EndReason("end"))))
        let f = render(state)
        // Cut rows end in "…": 2 + 4×2 + 1 = 11 columns; a 5th wide glyph would need 13.
        #expect(f.rows[0].text == "> 日本語の…")
        #expect(f.rows[1].text == "  👩‍👩‍👧 f…")
        #expect(f.rows[2].text == "  café ünï…")
        for row in f.rows.prefix(3) { #expect(DisplayWidth.of(row.text) <= 11) }
    }

    /// Even an item built without the sanitizer cannot put a control sequence on screen, and
    /// `\r\n` in a title cannot fake a second row.
    @Test func controlCharactersNeverReachTheFrame() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 8, columns: 60))
        guard case .load(let request)? = state.start().first else { Issue.record("no load"); return }
        let attacks = ["\u{1b}]2;pwned\u{7}title", "\u{1b}]52;c;ZXZpbA==\u{7}", "\u{1b}[2Jclear",
                       "\u{1b}[31mred", "\u{9b}31mC1", "fake\r\nrow", "\u{202e}evil"]
        let rows = attacks.map { Item(json: "{}", text: $0) }
        _ = state.update(.pageLoaded(PageResult(request: request, items: rows, end: EndReason("end"))))
        let f = render(state)
        for scalar in f.rows.flatMap({ $0.spans }).flatMap({ $0.text.unicodeScalars }) {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.value != 0x202E)
        }
        #expect(f.text == #"""
        > \x1B]2;pwned\x07title
          \x1B]52;c;ZXZpbA==\x07
          \x1B[2Jclear
          \x1B[31mred
          \x9B31mC1
          fake\r\nrow
          \u{202E}evil
        """# + "\n infinilist · t                       row 1/7 · end · 0 ms")
    }

    @Test func tinyTerminalDoesNotCrash() {
        for rows in 0...3 {
            for columns in 0...3 {
                var state = loadedState(pages: 1, size: Size(rows: rows, columns: columns))
                _ = state.update(.key(.pageDown))
                let f = render(state)
                #expect(f.rows.count == rows)
            }
        }
    }
}

@Suite struct DisplayWidthTests {
    @Test func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("👩‍👩‍👧") == 6)   // as ncurses and tmux place it
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("❤️") == 1)   // glibc: U+2764 is narrow, VS16 zero
        #expect(DisplayWidth.of("👍🏻") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
        #expect(DisplayWidth.of("Ελληνικά Русский") == 16)
    }

    @Test func clipNeverSplitsAWideCharacter() {
        let clipped = DisplayWidth.clip("a日b", to: 2)
        #expect(clipped.text == "a" && clipped.width == 1)
        #expect(DisplayWidth.clip("abc", to: 0).text.isEmpty)
    }

    @Test func groupedNumbers() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1000) == "1,000")
        #expect(NumberText.grouped(1234567) == "1,234,567")
        #expect(NumberText.grouped(100_000) == "100,000")
        #expect(NumberText.grouped(-1234) == "-1,234")
        #expect(NumberText.grouped(-999) == "-999")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
        #expect(NumberText.duration(0.3124) == "312 ms")
        #expect(NumberText.duration(1.44) == "1.4 s")
    }
}
