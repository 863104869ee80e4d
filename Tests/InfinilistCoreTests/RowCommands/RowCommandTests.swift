import Testing
@testable import InfinilistCore

/// A state with `--bind` values applied (and `configure` for the rest of the config) and one
/// page of `items` loaded.
func boundState(_ binds: [String] = [], items: [Item], size: Size = Size(rows: 8, columns: 60),
                configure: (inout AppConfig) -> Void = { _ in }) -> AppState {
    var config = AppConfig(sourceName: "test", prefetch: 0)
    config.columns = .lines
    config.keyTables = KeyTables.standard.applying((try? BindingParser.parse(binds)) ?? [])
    configure(&config)
    var state = AppState(config: config, size: size)
    _ = state.start()
    state.answer(items, end: EndReason("end"))
    return state
}

/// `o`, `y`, `Y` and keys bound with `--bind`, as effects for the event loop and notices.
@Suite struct RowCommandTests {
    static let issues = [
        Item(json: #"{"number":1,"title":"One","url":"https://api.example.com/1","html_url":"https://example.com/1"}"#, text: "One", id: "1"),
        Item(json: #"{"number":2,"title":"Two 'quoted'","html_url":"javascript:alert(1)"}"#, text: "Two", id: "2"),
        Item(json: #"{"number":3,"title":"Three"}"#, text: "Three", id: "3"),
    ]

    @Test func oOpensTheWebAddressOrSaysWhyNot() {
        var state = boundState(items: Self.issues)
        #expect(state.press(.char("o")) == [.openInBrowser("https://example.com/1")])
        #expect(state.notice?.text == "opening https://example.com/1")
        #expect(state.press(.down, .char("o")) == [])
        #expect(state.notice == .command(.notWebAddress("javascript:alert(1)")))
        #expect(state.press(.down, .char("o")) == [])
        #expect(state.notice?.text == "no web address in this item (--open PATH says which field holds it)")
        // --open says which field.
        var chosen = boundState(items: Self.issues) { $0.openPath = try? JSONPath(parsing: "url") }
        #expect(chosen.press(.char("o")) == [.openInBrowser("https://api.example.com/1")])
    }

    @Test func yCopiesTheItemsJSONAndYTheRowsText() {
        var state = boundState(items: Self.issues)
        #expect(state.press(.char("y")) == [.copyToClipboard(Self.issues[0].json)])
        #expect(state.notice?.text == "copied the item's JSON (\(Self.issues[0].json.utf8.count) B)")
        #expect(state.press(.char("Y")) == [.copyToClipboard("One")])
        #expect(state.notice?.text == "copied the row's text (3 B)")
        var tmux = boundState(items: Self.issues) { $0.clipboard = .tmux }
        _ = tmux.press(.char("y"))
        #expect(tmux.notice?.text.hasSuffix("; in tmux this needs: set -g set-clipboard on") == true)
        var console = boundState(items: Self.issues) { $0.clipboard = .unavailable("the Linux console has no clipboard") }
        #expect(console.press(.char("y")) == [])
        #expect(console.notice?.text == "not copied: the Linux console has no clipboard")
    }

    @Test func yRefusesMoreThanATerminalTakes() {
        let big = String(repeating: "x", count: ClipboardText.maxBytes)
        var state = boundState(items: [Item(json: "\"\(big)\"", text: "big")])
        #expect(state.press(.char("y")) == [])
        #expect(state.notice == .command(.copyTooLarge(bytes: ClipboardText.maxBytes + 2)))
        #expect(state.press(.char("Y")) == [.copyToClipboard("big")])
    }

    @Test func yInATableCopiesTheCellsTabSeparated() throws {
        var config = AppConfig(sourceName: "test", prefetch: 0)
        config.columns = .given(try ColumnSpec.parseList("number,title"))
        var state = AppState(config: config, size: Size(rows: 8, columns: 60))
        _ = state.start()
        state.answer(Self.issues, end: EndReason("end"))
        #expect(state.press(.char("Y")) == [.copyToClipboard("1\tOne")])
    }

    @Test func yInTheDetailViewCopiesTheValueOnTheTopLine() {
        var state = boundState(items: Self.issues, size: Size(rows: 3, columns: 60))
        _ = state.press(.right)
        // The first line is the whole item.
        #expect(state.press(.char("y")) == [.copyToClipboard(Self.issues[0].json)])
        _ = state.press(.down)
        #expect(state.press(.char("y")) == [.copyToClipboard("1")])
        #expect(state.notice?.text == "copied number (1 B)")
        _ = state.press(.down)
        #expect(state.press(.char("y")) == [.copyToClipboard("One")])
        // `o` works there too.
        #expect(state.press(.char("o")) == [.openInBrowser("https://example.com/1")])
    }

    @Test func yWithThePreviewOpenCopiesTheValueOnThePanesTopLine() {
        var state = boundState(items: Self.issues, size: Size(rows: 6, columns: 100))
        _ = state.press(.char("p"))
        // Unscrolled, the pane's first line is the whole item, as without the pane.
        #expect(state.press(.char("y")) == [.copyToClipboard(Self.issues[0].json)])
        _ = state.press(.char("J"))
        #expect(state.press(.char("y")) == [.copyToClipboard("1")])
        _ = state.press(.char("J"))
        #expect(state.press(.char("y")) == [.copyToClipboard("One")])
        // The next item's pane starts at its top again.
        _ = state.press(.down)
        #expect(state.press(.char("y")) == [.copyToClipboard(Self.issues[1].json)])
    }

    @Test func boundCommandsAreFilledAndQuoted() {
        var state = boundState(["ctrl-v:execute(gh issue view {number} --title {title})", "ctrl-y:execute-silent(printf %s {+} | xclip)",
                                "ctrl-p:print(#{number} {title})"], items: Self.issues)
        #expect(state.press(.ctrl("v")) == [.runCommand("gh issue view '1' --title 'One'")])
        _ = state.press(.down)
        #expect(state.press(.ctrl("v")) == [.runCommand(#"gh issue view '2' --title 'Two '\''quoted'\'''"#)])
        // {+}: the item when nothing is marked, else every marked item.
        #expect(state.press(.ctrl("y")) == [.runCommandInBackground("printf %s '\(Self.issues[1].json.replacingQuotes)' | xclip")])
        _ = state.press(.up, .tab, .tab)
        #expect(state.press(.ctrl("y")) == [.runCommandInBackground("printf %s '\(Self.issues[0].json)\n\(Self.issues[1].json.replacingQuotes)' | xclip")])
        // print: once for each marked item, then exit.
        #expect(state.press(.ctrl("p")) == [.quit(code: 0, output: ["#1 One", "#2 Two 'quoted'"])])
    }

    @Test func commandsInTheDetailViewActOnItsItem() {
        var state = boundState(["ctrl-v:execute(echo {number})"], items: Self.issues)
        _ = state.press(.down, .down, .right)
        #expect(state.press(.ctrl("v")) == [.runCommand("echo '3'")])
    }

    @Test func aCommandLongerThanAnArgumentMayBeIsNotRun() {
        let long = String(repeating: "x", count: AppState.maxCommandBytes)
        var state = boundState(["ctrl-v:execute(echo {title})"], items: [Item(json: #"{"title":"\#(long)"}"#, text: "long")])
        #expect(state.press(.ctrl("v")) == [])
        #expect(state.notice == .command(.commandTooLong(bytes: AppState.maxCommandBytes + 7)))
    }

    @Test func aReportFromOutsideIsANotice() {
        var state = boundState(items: Self.issues)
        _ = state.update(.commandReport(.commandFailed(status: 3, message: "xclip: not found")))
        #expect(state.notice?.text == "the command failed (exit 3): xclip: not found")
        _ = state.update(.commandReport(.commandFailed(status: 137, message: nil)))
        #expect(state.notice?.text == "the command was killed by signal 9")
    }

    @Test func withoutAnItemTheBellRings() {
        var state = boundState(["ctrl-v:execute(echo {})", "ctrl-t:execute(true)"], items: [])
        #expect(state.press(.char("o")) == [.bell])
        #expect(state.press(.char("y")) == [.bell])
        #expect(state.press(.ctrl("v")) == [.bell])
        // A command that uses no item runs anyway.
        #expect(state.press(.ctrl("t")) == [.runCommand("true")])
    }
}

private extension String {
    /// As `ShellQuote` writes a `'` inside its quotes.
    var replacingQuotes: String { split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) }
}
