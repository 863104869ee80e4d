import Testing
@testable import InfinilistCore

/// Issue 33.1 and 33.8: an error is read whole on the screen (wrapped over the empty rows below a
/// failed page; a long notice above the status line) and named on stderr at exit, and the exit
/// status tells a pick from a cancel and a cancel from a failure.
@Suite struct ErrorExitTests {
    /// What a GitHub repository's URL (an object, not a list) says: its advice is at the end.
    static let noList = "page 1 has no list of items; use --items PATH (top-level keys: id, node_id, name, full_name, private, owner, html_url, description, fork, url, created_at, updated_at, stargazers_count, open_issues_count, has_issues)"

    /// A state whose first page failed with `message`.
    private func failedFirstPage(_ message: String, size: Size = Size(rows: 24, columns: 80)) -> AppState {
        var state = AppState(config: AppConfig(sourceName: "test"), size: size)
        guard case .load(let request)? = state.start().first else { Issue.record("no first load"); return state }
        _ = state.update(.pageFailed(PageFailure(request: request, message: message)))
        return state
    }

    @Test func aFailedFirstPageIsWrappedOverTheEmptyRowsBelowIt() {
        let frame = render(failedFirstPage(Self.noList))
        let rows = frame.rows.map(\.text)
        #expect(rows[0].hasPrefix("  ✗ page 1 failed (r to retry): page 1 has no list of items;"), "\(rows[0])")
        #expect(rows[1].hasPrefix("    "), "continued under the message: \(rows[1])")
        let shown = rows.prefix(23).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown.contains("use --items PATH"), "\(shown)")
        #expect(shown.contains("open_issues_count, has_issues)"), "the end is shown: \(shown)")
        #expect(!shown.contains("…"), "nothing is cut: \(shown)")
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(frame.rows[1].spans.allSatisfy { $0.style == .error || $0.text.allSatisfy(\.isWhitespace) })
        #expect(rows.last?.contains("failed") == true, "the status line stays: \(rows.last ?? "")")
    }

    /// With fewer rows than the message needs, the last row holds the rest cut in its middle,
    /// so the message's end (the advice) stays in sight.
    @Test func withTooFewRowsTheLastRowKeepsTheEnd() {
        let frame = render(failedFirstPage(Self.noList, size: Size(rows: 3, columns: 60)))
        let rows = frame.rows.map(\.text)
        #expect(rows.count == 3)
        #expect(rows[0].hasPrefix("  ✗ page 1 failed (r to retry): page 1 has"), "\(rows[0])")
        #expect(rows[1].contains("…"), "\(rows[1])")
        #expect(rows[1].hasSuffix("has_issues)"), "\(rows[1])")
    }

    @Test func wrappedTextBreaksAtSpacesAndLongWords() {
        #expect(WrappedText.lines("one two three four", first: 8, rest: 10) == ["one two", "three four"])
        #expect(WrappedText.lines("abcdefghij kl", first: 4, rest: 4) == ["abcd", "efgh", "ij", "kl"])
        #expect(WrappedText.lines("", first: 4, rest: 4) == [""])
        #expect(WrappedText.lines("日本語のテキスト", first: 5, rest: 5) == ["日本", "語の", "テキ", "スト"])
        #expect(WrappedText.lines("a b c d e f", first: 3, rest: 3, atMost: 2) == ["a b", "c…f"])
        #expect(WrappedText.lines("\u{1b}[31m red", first: 20, rest: 20) == ["\\x1B[31m red"])
    }

    /// The clipboard's hint in tmux did not fit beside the position on an 80-column status line.
    @Test func aLongNoticeIsShownWholeAboveTheStatusLineUntilTheNextKey() {
        var state = loadedState(pages: 1, size: Size(rows: 10, columns: 60), prefetch: 100)
        _ = state.update(.commandReport(.copied(what: "the item's JSON", bytes: 12_345, inTmux: true)))
        let text = CommandNotice.copied(what: "the item's JSON", bytes: 12_345, inTmux: true).text
        let rows = render(state).rows.map(\.text)
        let shown = rows[6...8].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown.hasSuffix(text), "\(rows)")
        #expect(shown.contains("set -g set-clipboard on"), "\(rows)")
        #expect(rows[9].hasPrefix(" infinilist · test"), "the status line shows the source: \(rows[9])")
        _ = state.update(.key(.down))
        let after = render(state).rows.map(\.text)
        #expect(!after.contains { $0.contains("set-clipboard") }, "\(after)")
        #expect(after[8].contains("item"), "the list is drawn again: \(after[8])")
    }

    /// A notice over the cursor's row draws the list higher for that frame, so the row just
    /// reached stays in sight (hostile pass: after `End`, a page's warning hid the last row).
    @Test func aLongNoticeOverTheCursorsRowRaisesTheListForThatFrame() {
        var state = loadedState(pages: 1, size: Size(rows: 10, columns: 60), prefetch: 100)
        for _ in 0..<8 { _ = state.update(.key(.down)) }
        let before = render(state).rows.map(\.text)
        let cursorLine = before.first { $0.hasPrefix(">") }
        var withoutNotice = state
        _ = state.update(.commandReport(.copied(what: "the item's JSON", bytes: 12_345, inTmux: true)))
        let rows = render(state).rows.map(\.text)
        let noticeStart = rows.firstIndex { $0.contains("the item's JSON") } ?? rows.count
        let cursorRow = rows.firstIndex { $0.hasPrefix(">") } ?? rows.count
        #expect(cursorRow < noticeStart, "\(rows)")
        #expect(rows.first { $0.hasPrefix(">") } == cursorLine, "the same row: \(rows)")
        // The state is not moved: the next key draws the list where it was.
        #expect(state.viewport.cursor == 8)
        _ = state.update(.key(.down))
        _ = withoutNotice.update(.key(.down))
        #expect(render(state).rows.map(\.text) == render(withoutNotice).rows.map(\.text))
    }

    /// A notice that fits stays on the status line; on a screen too small to spare two rows, a
    /// long one is clipped there, as before.
    @Test func aShortNoticeStaysOnTheStatusLine() {
        var state = loadedState(pages: 1, size: Size(rows: 10, columns: 80), prefetch: 100)
        _ = state.update(.commandReport(.opening("https://example.com/1")))
        let rows = render(state).rows.map(\.text)
        #expect(rows[9].hasPrefix(" opening https://example.com/1"), "\(rows[9])")
        #expect(rows[8].contains("item"), "\(rows[8])")
        var small = loadedState(pages: 1, size: Size(rows: 4, columns: 30), prefetch: 100)
        _ = small.update(.commandReport(.noWebAddress))
        let smallRows = render(small).rows.map(\.text)
        #expect(smallRows[3].hasPrefix(" no we"), "\(smallRows)")
        #expect(smallRows[2].contains("item"), "\(smallRows)")
    }

    @Test func theExitStatusTellsAPickFromACancelFromAFailure() {
        let loaded = loadedState(pages: 1)
        // q on a terminal: a browser's quit, as less.
        #expect(loaded.exitReport(status: 0, picked: false, stdoutIsTerminal: true) == ExitReport(status: 0, errors: []))
        // q with stdout a file or a pipe: a picker's cancel, as fzf.
        #expect(loaded.exitReport(status: 0, picked: false, stdoutIsTerminal: false) == ExitReport(status: 130, errors: []))
        #expect(loaded.exitReport(status: 0, picked: true, stdoutIsTerminal: false) == ExitReport(status: 0, errors: []))
        #expect(loaded.exitReport(status: 130, picked: false, stdoutIsTerminal: true).status == 130)
        #expect(loaded.exitReport(status: 143, picked: false, stdoutIsTerminal: false).status == 143)

        let failed = failedFirstPage("HTTP 401 Unauthorized from api.example.com: \u{1b}[31mset a token")
        let line = "infinilist: page 1 failed: HTTP 401 Unauthorized from api.example.com: \\x1B[31mset a token"
        #expect(failed.exitReport(status: 0, picked: false, stdoutIsTerminal: true) == ExitReport(status: 1, errors: [line]))
        #expect(failed.exitReport(status: 0, picked: false, stdoutIsTerminal: false) == ExitReport(status: 1, errors: [line]))
        #expect(failed.exitReport(status: 130, picked: false, stdoutIsTerminal: true) == ExitReport(status: 130, errors: [line]))
    }

    /// Esc Esc in the `&` prompt (a vi user's habit) closes the prompt; the list stays.
    @Test func escEscInThePromptLeavesThePromptNotTheProgram() {
        for opener in [Key.char("&"), .char("/")] {
            var state = loadedState(pages: 1)
            _ = state.update(.key(opener))
            _ = state.update(.key(.char("x")))
            #expect(state.update(.key(.escape)).isEmpty)
            #expect(state.mode == .list)
            #expect(state.update(.key(.escape)).isEmpty, "the second Esc quit")
            // A third Esc is the list's own: it quits.
            #expect(state.update(.key(.escape)) == [.quit(code: 0, output: [])])
        }
        // An Esc after any other key still quits.
        var state = loadedState(pages: 1)
        _ = state.update(.key(.char("&")))
        _ = state.update(.key(.escape))
        _ = state.update(.key(.down))
        #expect(state.update(.key(.escape)) == [.quit(code: 0, output: [])])
    }
}
