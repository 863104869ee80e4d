import Testing
@testable import InfinilistCore

/// `V` (issue 36): the view on screen as the settings of a named source, the name prompt, the
/// question before replacing another source's view, and what the status line says.
@Suite struct SavedViewTests {
    private func state(viewName: String? = nil, format: String? = nil) -> AppState {
        var config = AppConfig(sourceName: "t", prefetch: 2)
        config.viewName = viewName
        config.format = format
        var state = AppState(config: config, size: Size(rows: 10, columns: 70))
        var pending = loads(state.start())
        while state.store.pageCount < 2, let request = pending.first(where: { $0.page == state.store.pageCount }) {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: jsonItems((request.page * 10..<(request.page + 1) * 10).map(CountsViewTests.json))))))
        }
        return state
    }

    private func saved(_ effects: [Effect]) -> SavedView? {
        for case .saveView(let view) in effects { return view }
        return nil
    }

    private func settings(_ view: SavedView?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (view?.settings ?? []).map { ($0.key, $0.value) })
    }

    @Test func vSavesTheColumnsSortFilterAndProgramOnScreenUnderTheNameTyped() {
        var state = state()
        state.press(.char("s"))
        state.press(.down, .down, .char("s"))
        state.press(.char("&"))
        state.type("Item 1")
        state.press(.enter)
        state.press(.char("V"))
        #expect(state.mode == .prompt(Prompt(kind: .saveView)))
        #expect(render(state).rows.last?.text.hasPrefix("save view as @") == true)
        state.type("mine")
        let view = saved(state.press(.enter))
        #expect(view?.name == "mine")
        #expect(view?.replacing == false)
        #expect(view?.settings.map(\.key) == ["columns", "sort", "filter"])
        #expect(settings(view)["filter"] == "Item 1")
        #expect(settings(view)["sort"] == state.finding.order?.field.text)
        #expect(settings(view)["columns"] == state.rowLayout.table?.columns.map(\.spec.text).joined(separator: ","))
        #expect(state.mode == .list)
    }

    /// The source the list was opened from is offered, and saved over without a question.
    @Test func theSourcesOwnNameIsOfferedAndSavedOverWithoutAsking() {
        var state = state(viewName: "gh")
        state.press(.char("V"))
        #expect(state.mode == .prompt(Prompt(kind: .saveView, text: "gh")))
        #expect(saved(state.press(.enter))?.replacing == true)
        _ = state.update(.viewSaved(.saved(name: "gh", path: "/c.toml", created: false, hasURL: true)))
        #expect(render(state).text.contains("updated view @gh in /c.toml: infinilist @gh opens it"))
    }

    @Test func anotherSourcesNameIsReplacedOnlyAfterY() {
        var state = state()
        state.press(.char("V"))
        state.type("other")
        #expect(saved(state.press(.enter))?.replacing == false)
        _ = state.update(.viewSaved(.exists(name: "other", path: "/c.toml")))
        #expect(state.mode == .prompt(Prompt(kind: .replaceView, text: "other")))
        #expect(render(state).rows.last?.text.contains("@other exists: replace its view? (y: yes") == true)
        #expect(saved(state.press(.char("y"))) == SavedView(name: "other", settings: state.savedView(named: "other", replacing: true).settings, replacing: true))
        state.press(.char("V"))
        state.type("other")
        state.press(.enter)
        _ = state.update(.viewSaved(.exists(name: "other", path: "/c.toml")))
        #expect(saved(state.press(.char("n"))) == nil)
        #expect(state.mode == .list)
        #expect(render(state).text.contains("view @other not saved: @other exists, and was kept"))
    }

    @Test func aNameThatCannotBeTypedAfterAtIsRefusedAndAFailureIsShown() {
        var state = state()
        state.press(.char("V"))
        state.type("my view")
        #expect(saved(state.press(.enter)) == nil)
        #expect(render(state).text.contains("not saved: a view's name is letters, digits, - and _"))
        _ = state.update(.viewSaved(.failed(name: "v", reason: "cannot write /c.toml: Permission denied; the file is as it was")))
        #expect(render(state).text.contains("view @v not saved: cannot write /c.toml: Permission denied"))
        state.press(.char("V"))
        #expect(saved(state.press(.escape)) == nil)
        #expect(state.mode == .list)
    }

    /// A value picked in the counts view has no filter text: it is saved as a jq `select` (after
    /// the program, when there is one), which keeps the same rows (JQTests run it).
    @Test func aValuePickedInCountsIsSavedAsASelect() {
        var state = state()
        state.press(.char("#"))
        guard case .columns(let picker) = state.mode, let index = picker.entries.firstIndex(where: { $0.name == "state" }) else {
            Issue.record("no picker")
            return
        }
        for _ in 0..<(index - picker.cursor) { state.press(.down) }
        state.press(.char("#"), .down, .enter)
        #expect(state.finding.filter?.label.contains("closed") == true)
        let view = state.savedView(named: "v", replacing: false)
        #expect(settings(view)["jq"] == #"select((. | .["state"]?) == "closed")"#)
        #expect(settings(view)["filter"] == nil)
    }

    @Test func aViewWithNothingOfItsOwnSavesNoSettings() {
        var config = AppConfig(sourceName: "t")
        config.columns = .lines
        let state = AppState(config: config, size: Size(rows: 10, columns: 70))
        #expect(state.savedView(named: "v", replacing: false).settings.isEmpty)
    }

    @Test func theFilterSettingFiltersFromTheStart() {
        var config = AppConfig(sourceName: "t")
        config.filter = "Item 1"
        var state = AppState(config: config, size: Size(rows: 10, columns: 70))
        var pending = loads(state.start())
        if let request = pending.first {
            pending = loads(state.update(.pageLoaded(PageResult(request: request, items: jsonItems((0..<20).map(CountsViewTests.json)), end: EndReason("last page")))))
        }
        #expect(state.visibleCount == 11)
        #expect(render(state).text.contains("filter: Item 1"))
    }

    /// Lines from `--format` save the format; a table saves its columns (and `format` is then
    /// taken out of the table, since a source cannot have both).
    @Test func linesSaveTheirFormatAndATableItsColumns() {
        var config = AppConfig(sourceName: "t")
        config.columns = .lines
        config.format = "{title} by {user.login}"
        let lines = AppState(config: config, size: Size(rows: 10, columns: 70))
        #expect(lines.savedView(named: "v", replacing: false).settings == [SavedView.Setting(key: "format", value: "{title} by {user.login}")])
        let table = state(format: "{title}")
        #expect(settings(table.savedView(named: "v", replacing: false)).keys.sorted() == ["columns"])
    }

    /// The prompt shows the `@`; typing one too names the same view.
    @Test func anAtTypedBeforeTheNameIsNotPartOfIt() {
        var state = state()
        state.press(.char("V"))
        state.type("@mine")
        #expect(saved(state.press(.enter))?.name == "mine")
    }

    /// A view without an address (of standard input) says how it can be used.
    @Test func aViewWithoutAURLSaysToUseItWithView() {
        var state = state()
        _ = state.update(.viewSaved(.saved(name: "in", path: "/c.toml", created: true, hasURL: false)))
        #expect(render(state).text.contains("it has no url: infinilist --view in FILE"))
    }

    /// A field whose key holds `:` is saved in brackets: read back, it is the same field, not
    /// a direction.
    @Test func aSortFieldWithAColonReadsBackAsItself() throws {
        let field = SortField(path: JSONPath([.key("time:desc")]), descending: true)
        #expect(field.text == #"["time:desc"]:desc"#)
        #expect(try SortField(parsing: field.text) == field)
        #expect(SortField(path: JSONPath([.key("a")])).text == "a")
    }
}
