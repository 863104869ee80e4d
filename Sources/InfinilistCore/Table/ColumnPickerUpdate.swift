/// The column picker's keys, and applying its choice through `replaceColumns`.
extension AppState {
    /// Items whose values the widths of applied columns are measured on, as the first page's are
    /// for the columns chosen at start: the loaded items around the cursor, at most this many.
    static let columnSampleSize = 50

    /// `c`: opens the picker on the fields of the item under the cursor; rings (with a note)
    /// when there is none, or it is not an object.
    /// `purpose` `.sort` (`s`): its cursor on the field sorted by, if any, for `s` to sort by a
    /// field; `.counts` (`#`): a hint that `#` counts the field's values.
    mutating func openColumnPicker(for purpose: ColumnPicker.Purpose = .columns) -> [Effect] {
        guard let item = selectedItem, let value = try? JSONParser.parse(item.json), value.objectValue != nil else {
            notice = .noFieldsToChoose
            return [.bell]
        }
        var picker = ColumnPicker(current: rowLayout.table?.columns.map(\.spec) ?? [], item: value)
        if purpose == .counts { picker.note = .countsHint }
        if purpose == .sort {
            picker.note = .sortHint
            if let path = finding.order?.field.path, let index = picker.entries.firstIndex(where: { $0.spec.path == path }) {
                picker.moveCursor(to: index)
            }
        }
        picker.keepCursorVisible(height: columnPickerListHeight(picker))
        mode = .columns(picker)
        return []
    }

    mutating func handleColumnPicker(_ key: Key) -> [Effect] {
        guard case .columns(var picker) = mode, let action = KeyMap.columns.action(for: key) else { return [] }
        picker.note = nil
        let height = columnPickerListHeight(picker)
        var effects: [Effect] = []
        switch action {
        case .down: picker.moveCursor(to: picker.cursor + 1)
        case .up: picker.moveCursor(to: picker.cursor - 1)
        case .pageDown: picker.moveCursor(to: picker.cursor + height)
        case .pageUp: picker.moveCursor(to: picker.cursor - height)
        case .first: picker.moveCursor(to: 0)
        case .last: picker.moveCursor(to: picker.entries.count - 1)
        case .toggleColumn: if !picker.toggle() { effects = [.bell] }
        case .moveColumnUp: if !picker.moveEntry(by: -1) { effects = [.bell] }
        case .moveColumnDown: if !picker.moveEntry(by: 1) { effects = [.bell] }
        case .sort:
            guard let entry = picker.entries.indices.contains(picker.cursor) ? picker.entries[picker.cursor] : nil else { return [.bell] }
            mode = .list
            sortFromPicker(path: entry.spec.path)
            return []
        case .counts:
            guard let entry = picker.entries.indices.contains(picker.cursor) ? picker.entries[picker.cursor] : nil else { return [.bell] }
            openCounts(path: entry.spec.path)
            return []
        case .submit:
            let specs = picker.chosenSpecs
            guard !specs.isEmpty else {
                picker.note = .noneChosen
                effects = [.bell]
                break
            }
            mode = .list
            applyColumns(specs)
            return []
        case .help: showsHelp = true
        default: return dialogKey(action)
        }
        picker.keepCursorVisible(height: height)
        mode = .columns(picker)
        return effects
    }

    /// The wheel moves the picker's cursor; a click puts it on a field.
    mutating func handleColumnPickerMouse(_ event: MouseEvent) {
        guard case .columns(var picker) = mode else { return }
        let layout = columnPickerLayout(picker)
        switch event {
        case .wheelUp: picker.moveCursor(to: picker.cursor - Self.wheelStep)
        case .wheelDown: picker.moveCursor(to: picker.cursor + Self.wheelStep)
        case .click(let y):
            // A click on the --columns rows chooses nothing.
            let row = y - layout.specRows.count
            guard row >= 0, row < layout.listHeight else { return }
            let index = ColumnPicker.top(picker.top, cursor: picker.cursor, height: layout.listHeight, count: picker.entries.count) + row
            guard index < picker.entries.count else { return }
            picker.moveCursor(to: index)
        }
        picker.keepCursorVisible(height: layout.listHeight)
        mode = .columns(picker)
    }

    /// Lays the list out in `specs`, with widths measured on the loaded items around the cursor
    /// (as `--columns` would on a first page), scrolled back to the first column.
    mutating func applyColumns(_ specs: [ColumnSpec]) {
        guard let layout = ColumnLayout.make(.given(specs), firstPage: columnSample()) else { return }
        replaceColumns(layout)
    }

    /// The loaded items around the cursor, parsed: at most `columnSampleSize`.
    func columnSample() -> [JSONValue] {
        let center = cursorStoreRow ?? 0
        let start = max(0, center - Self.columnSampleSize / 2)
        let end = min(store.itemCount, start + Self.columnSampleSize)
        guard start < end else { return [] }
        return (start..<end).compactMap { row in store.item(at: row).flatMap { try? JSONParser.parse($0.json) } }
    }

    func columnPickerLayout(_ picker: ColumnPicker) -> ColumnPickerLayout {
        ColumnPickerLayout(picker, height: contentHeight, width: size.columns)
    }

    /// Rows of the picker's list of fields at the current size.
    func columnPickerListHeight(_ picker: ColumnPicker) -> Int {
        columnPickerLayout(picker).listHeight
    }
}

/// How the picker shares the screen above the status line: the `--columns` value on top (wrapped
/// over as many rows as it needs, up to a third of the height, so it can be copied whole), the
/// fields under it. A screen of two rows or fewer shows the fields only.
struct ColumnPickerLayout: Equatable {
    /// The `--columns` value, cut into rows of the width (after a two-column indent).
    let specRows: [String]
    let listHeight: Int

    static let indent = 2

    init(_ picker: ColumnPicker, height: Int, width: Int) {
        guard height >= 3, width > Self.indent + 1 else {
            specRows = []
            listHeight = max(0, height)
            return
        }
        let most = max(1, height / 3)
        var rows: [String] = []
        var rest = TerminalText.sanitize(picker.commandText)
        let room = width - Self.indent
        while !rest.isEmpty {
            let head = String(DisplayWidth.clip(rest, to: room).text)
            guard !head.isEmpty else { break }
            let tail = String(rest.dropFirst(head.count))
            if rows.count == most - 1, !tail.isEmpty {
                // The last row there is room for: its end cut with `…`.
                rows.append(String(DisplayWidth.clip(rest, to: room - 1).text) + "…")
                break
            }
            rows.append(head)
            rest = tail
        }
        specRows = rows
        listHeight = max(0, height - rows.count)
    }
}
