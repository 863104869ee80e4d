extension AppState {
    /// Whether the help screen is open. Setting it opens the help at its top over the current
    /// mode (the `help` action, `?`, of every table), or closes it.
    public internal(set) var showsHelp: Bool {
        get { help != nil }
        set { help = newValue ? HelpView(first: mode, tables: config.keyTables) : nil }
    }

    /// Keys while the help is open: its own table (`KeyTables.help`), the `/` prompt while a
    /// query is typed. A key the table does not have does nothing but make the status line name
    /// the keys that do: before, any key closed the help, so a user scrolling it with a key it
    /// did not know lost it.
    mutating func handleHelp(_ key: Key) -> [Effect] {
        guard var view = help else { return [] }
        view.namesKeys = false
        if view.prompt != nil { return handleHelpPrompt(key, view) }
        let height = max(1, contentHeight)
        var effects: [Effect] = []
        guard let action = config.keyTables.help.action(for: key) else {
            view.namesKeys = true
            help = view
            return []
        }
        switch action {
        case _ where view.scroll(for: action, height: height): break
        case .last: view.scroll(to: view.lines.count, height: height)
        case .search: view.prompt = Prompt(kind: .search)
        case .searchNext, .searchPrevious:
            if var search = view.search {
                if search.step(forward: action == .searchNext) { notice = .searchWrapped }
                view.search = search
                view.revealCurrentMatch(height: height)
            } else {
                notice = .noPreviousSearch
                effects = [.bell]
            }
        case .back:
            help = nil
            return []
        case .redraw: effects = [.redraw]
        case .suspend: effects = [.suspend]
        case .interrupt: return [.quit(code: 130, output: [])]
        default: view.namesKeys = true
        }
        help = view
        return effects
    }

    /// Keys while the help's `/` prompt is open, as at the detail view's: Enter searches (an
    /// empty query repeats the last one), Esc cancels.
    private mutating func handleHelpPrompt(_ key: Key, _ view: HelpView) -> [Effect] {
        var view = view
        guard let prompt = view.prompt else { return [] }
        switch prompt.outcome(of: key) {
        case .editing(let edited):
            view.prompt = edited
        case .submitted(let submitted):
            view.prompt = nil
            let query = submitted.text.isEmpty ? view.search?.matcher.query ?? "" : submitted.text
            if !query.isEmpty { searchHelp(for: query, in: &view) }
        case .closed:
            view.prompt = nil
        case .effects(let effects):
            help = view
            return effects
        }
        help = view
        return []
    }

    /// Searches the help from its first line on screen: the match is scrolled to, or a notice
    /// says there is none (and the lines stay as they were).
    private mutating func searchHelp(for query: String, in view: inout HelpView) {
        let height = max(1, contentHeight)
        let from = view.top(height: height)
        guard let search = HelpSearch(query, in: view.lines, from: from) else {
            view.search = nil
            notice = .notFound(query: query)
            return
        }
        if search.wrapped(from: from) { notice = .searchWrapped }
        view.search = search
        view.revealCurrentMatch(height: height)
    }

    /// Scrolls the help by `delta` lines (the mouse wheel).
    mutating func scrollHelp(by delta: Int) {
        guard var view = help else { return }
        view.scroll(by: delta, height: max(1, contentHeight))
        help = view
    }
}
