/// The counts view's keys and how it follows the list (CountsView.swift).
extension AppState {
    /// `#` in the column picker: counts the values of the field under its cursor.
    mutating func openCounts(path: JSONPath) {
        var view = CountsView(path: path)
        let filter = finding.filter
        view.countNew(upTo: store.itemCount, in: store) { row in filter?.keeps(row) ?? true }
        mode = .counts(view)
    }

    /// Rows arrived (or the store changed): the open counts view counts the new ones.
    mutating func countsRowsArrived() {
        guard case .counts(var view) = mode else { return }
        let filter = finding.filter
        view.countNew(upTo: store.itemCount, in: store) { row in filter?.keeps(row) ?? true }
        mode = .counts(view)
    }

    /// The store's rows were renumbered (a poll): the open view counts again from the start.
    mutating func countsRowsEdited() {
        guard case .counts(let view) = mode else { return }
        openCounts(path: view.path)
        let before = view.entries.indices.contains(view.cursor) ? view.entries[view.cursor].value : nil
        if case .counts(var fresh) = mode, let at = fresh.entries.firstIndex(where: { $0.value == before }) {
            fresh.moveCursor(to: at)
            mode = .counts(fresh)
        }
    }

    mutating func handleCounts(_ key: Key) -> [Effect] {
        guard case .counts(var view) = mode, let action = config.keyTables.counts.action(for: key) else { return [] }
        let height = max(1, contentHeight - 1)
        switch action {
        case .down: view.moveCursor(to: view.cursor + 1)
        case .up: view.moveCursor(to: view.cursor - 1)
        case .pageDown: view.moveCursor(to: view.cursor + height)
        case .pageUp: view.moveCursor(to: view.cursor - height)
        case .first: view.moveCursor(to: 0)
        case .last: view.moveCursor(to: view.entries.count - 1)
        case .submit:
            guard view.entries.indices.contains(view.cursor) else { return [.bell] }
            mode = .list
            // The counts were of the rows a filter shows: the rows of the value are among them.
            let value = view.entries[view.cursor].value
            switch finding.filter?.test {
            case .text(let matcher)?, .textAndValue(let matcher, _)?: applyFilter(Filter(test: .textAndValue(matcher, value)))
            case .value?, nil: applyFilter(Filter(value))
            }
            return []
        case .help: showsHelp = true
        default: return dialogKey(action)
        }
        view.top = ColumnPicker.top(view.top, cursor: view.cursor, height: height, count: view.entries.count)
        mode = .counts(view)
        return []
    }
}

extension AppState {
    /// The keys the column picker and the counts view answer alike: Esc back to the list,
    /// Ctrl-L, Ctrl-Z and Ctrl-C; any other key does nothing.
    mutating func dialogKey(_ action: Action) -> [Effect] {
        switch action {
        case .back:
            mode = .list
            return []
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .interrupt: return [.quit(code: 130, output: [])]
        default: return []
        }
    }
}
