import Testing
@testable import InfinilistCore

@Suite struct PromptTests {
    @Test func typingEditsThePromptAndLeavesTheListAlone() {
        var state = stateWith(["a", "b", "c"])
        state.press(.char("/"))
        state.type("jk q")
        #expect(state.mode == .prompt(Prompt(kind: .search, text: "jk q")))
        #expect(state.viewport.cursor == 0, "j and k are text here")
        state.press(.backspace)
        #expect(state.mode == .prompt(Prompt(kind: .search, text: "jk ")))
        state.press(.ctrl("u"))
        #expect(state.mode == .prompt(Prompt(kind: .search, text: "")))
        state.type("日本")
        #expect(state.mode == .prompt(Prompt(kind: .search, text: "日本")))
    }

    @Test func escCancelsWithoutSearching() {
        var state = stateWith(["a", "b"])
        state.press(.char("/"))
        state.type("b")
        #expect(state.press(.escape).isEmpty)
        #expect(state.mode == .list)
        #expect(state.finding.search == nil)
        #expect(state.viewport.cursor == 0)
    }

    @Test func backspaceOnAnEmptyPromptCancels() {
        var state = stateWith(["a"])
        state.press(.char("&"), .backspace)
        #expect(state.mode == .list)
    }

    @Test func controlKeysAreNotTyped() {
        var state = stateWith(["a"])
        state.press(.char("/"), .tab, .down, .char("\u{1b}"), .function(3))
        #expect(state.mode == .prompt(Prompt(kind: .search, text: "")))
        #expect(state.press(.ctrl("c")) == [.quit(code: 130, output: [])])
    }
}

@Suite struct HelpOverlayTests {
    @Test func helpKeysActOnTheHelpAndQClosesIt() {
        var state = stateWith(["a", "b", "c"])
        state.press(.char("?"))
        #expect(state.showsHelp)
        #expect(state.press(.char("j")).isEmpty)
        #expect(state.showsHelp, "j scrolls the help")
        #expect(state.press(.char("x")).isEmpty)
        #expect(state.showsHelp, "a key the help does not have does nothing")
        #expect(state.viewport.cursor == 0)
        #expect(state.press(.char("q")).isEmpty, "q closes help; it does not quit")
        #expect(!state.showsHelp)
        state.press(.char("?"))
        state.press(.char("?"))
        #expect(state.press(.ctrl("c")) == [.quit(code: 130, output: [])])
    }

    @Test func helpIsGeneratedFromEveryTable() {
        let lines = KeyMap.helpLines()
        for map in KeyMap.all {
            #expect(lines.contains(map.title))
            for line in map.helpLines() { #expect(lines.contains("  " + line)) }
        }
        #expect(lines.contains { $0.hasPrefix("  / ") && $0.hasSuffix("search forward, loading pages until found") })
        #expect(lines.contains { $0.hasPrefix("  Tab ") && $0.hasSuffix("mark or unmark the item, then move down") })
    }

    /// `--help` and the man page get the same tables with the arrows spelled in ASCII.
    @Test func asciiHelpSpellsOutTheArrows() {
        let ascii = KeyMap.helpLines(naming: .ascii)
        let symbols = KeyMap.helpLines()
        #expect(ascii.count == symbols.count)
        #expect(ascii.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(ascii.contains { $0.hasPrefix("  Down j Ctrl-N") && $0.hasSuffix("next row") })
        #expect(symbols.contains { $0.hasPrefix("  ↓ j Ctrl-N") && $0.hasSuffix("next row") })
    }

    @Test func noKeyIsBoundTwiceInOneTable() {
        for map in KeyMap.all {
            let keys = map.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "\(map.title) binds a key twice")
        }
    }

    @Test func eachModeHasItsOwnMeaningForAKey() {
        #expect(KeyMap.list.action(for: .ctrl("u")) == .halfPageUp)
        #expect(KeyMap.prompt.action(for: .ctrl("u")) == .clearPrompt)
        #expect(KeyMap.list.action(for: .char("q")) == .quit)
        #expect(KeyMap.detail.action(for: .char("q")) == .back)
        #expect(KeyMap.action(for: .char("j")) == .down)
    }
}

@Suite struct DetailViewTests {
    private func bigState() -> AppState {
        let json = "{\"title\":\"big\",\"tags\":[" + (0..<12).map(String.init).joined(separator: ",") + "],\"ok\":true}"
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 6, columns: 40))
        _ = state.start()
        state.answer([Item(json: "{\"n\":0}", text: "small"), Item(json: json, text: "big")], end: EndReason("end"))
        return state
    }

    @Test func rightOrLOpensTheItemUnderTheCursor() {
        var state = bigState()
        state.press(.down, .char("l"))
        guard case .detail(let view) = state.mode else { Issue.record("not in detail"); return }
        #expect(view.row == 1)
        #expect(view.allLines.count == 18)
        state.press(.left)
        #expect(state.mode == .list)
        state.press(.right)
        guard case .detail = state.mode else { Issue.record("→ should open it too"); return }
    }

    @Test func theListKeysScrollAndBackReturnsToTheSamePlace() {
        var state = bigState()
        state.press(.down)
        let viewport = state.viewport
        state.press(.char("l"))
        func top() -> Int? {
            if case .detail(let view) = state.mode { return view.top }
            return nil
        }
        state.press(.char("j"), .down)
        #expect(top() == 2)
        state.press(.char("G"))
        #expect(top() == 13, "18 lines, 5 on screen")
        state.press(.pageDown)
        #expect(top() == 13)
        state.press(.char("g"))
        #expect(top() == 0)
        state.press(.ctrl("d"))
        #expect(top() == 2)
        for key in [Key.char("h"), .char("q"), .escape, .left] {
            state.press(.char("l"))
            #expect(state.press(key).isEmpty)
            #expect(state.mode == .list)
            #expect(state.viewport == viewport)
        }
    }

    @Test func enterInTheDetailViewPrintsTheItem() {
        var state = bigState()
        state.press(.char("l"))
        #expect(state.press(.enter) == [.quit(code: 0, output: ["{\"n\":0}"])])
    }

    @Test func aRowNotInMemoryCannotBeOpened() {
        var state = AppState(config: AppConfig(sourceName: "t"), size: Size(rows: 5, columns: 20))
        _ = state.start()
        #expect(state.press(.char("l")) == [.bell])
        #expect(state.mode == .list)
    }

    @Test func pagesKeepArrivingWhileTheDetailViewIsOpen() {
        var state = loadedState(pages: 1, prefetch: 100)
        state.press(.char("l"))
        state.answer(items(10..<20))
        guard case .detail = state.mode else { Issue.record("left detail"); return }
        #expect(state.store.itemCount == 20)
    }

    @Test func aResizeKeepsTheScrollPositionValid() {
        var state = bigState()
        state.press(.down, .char("l"), .char("G"))
        _ = state.update(.resized(Size(rows: 30, columns: 40)))
        guard case .detail(let view) = state.mode else { Issue.record("not in detail"); return }
        #expect(view.top == 0)
    }

    @Test func anItemThatIsNotJSONIsShownAsItIs() {
        let view = DetailView(row: 0, item: Item(json: "not json", text: "x"))
        #expect(view.allLines == [[Span("not json")]])
    }

    @Test func enterInTheDetailViewPrintsTheMarkedItems() {
        var state = loadedState(pages: 1)
        _ = state.update(.key(.tab))
        _ = state.update(.key(.tab))
        _ = state.update(.key(.right))
        #expect(state.update(.key(.enter)) == [.quit(code: 0, output: ["{\"n\":0}", "{\"n\":1}"])])
    }

    @Test func enterInTheDetailViewWithoutMarksPrintsTheItemShown() {
        var state = loadedState(pages: 1)
        _ = state.update(.key(.down))
        _ = state.update(.key(.right))
        #expect(state.update(.key(.enter)) == [.quit(code: 0, output: ["{\"n\":1}"])])
    }
}
