/// The column picker on screen: the `--columns` value on top, then one row per field with its
/// check box, its name and (dim) the item's value, the cursor's pointer in the gutter as in the
/// list. Names and values are sanitized and clipped with `…`, so no row is wider than the screen.
///
/// ```
///   --columns 'number,title,user.login=author'
/// > [x] number              78012
///   [x] title               Crash in SILGen when a closure captures…
///   [x] user.login=author   jckarter
///   [ ] url                 https://api.github.com/repos/apple/swift…
/// ```
func columnPickerRows(_ picker: ColumnPicker, height: Int, width: Int) -> [FrameRow] {
    let layout = ColumnPickerLayout(picker, height: height, width: width)
    var rows: [FrameRow] = layout.specRows.map { text in
        var builder = RowBuilder(width: width)
        builder.append(String(repeating: " ", count: ColumnPickerLayout.indent))
        builder.append(text, .heading)
        return builder.row
    }
    let top = ColumnPicker.top(picker.top, cursor: picker.cursor, height: layout.listHeight, count: picker.entries.count)
    let nameWidth = columnPickerNameWidth(picker, width: width)
    for y in 0..<layout.listHeight {
        let index = top + y
        guard picker.entries.indices.contains(index) else {
            rows.append(FrameRow())
            continue
        }
        rows.append(fieldRow(picker.entries[index], isCursor: index == picker.cursor, nameWidth: nameWidth, width: width))
    }
    return rows
}

/// Where names start: after the gutter and the check box.
private let fieldNameStart = 6

/// `> [x] name   value`.
private func fieldRow(_ entry: ColumnPicker.Entry, isCursor: Bool, nameWidth: Int, width: Int) -> FrameRow {
    var builder = RowBuilder(width: width)
    if isCursor {
        builder.append(">", .pointer)
        builder.append(" ")
    } else {
        builder.append("  ")
    }
    builder.append(entry.isChosen ? "[x] " : "[ ] ", entry.isChosen ? .marked : .normal)
    let nameStyle: Style = entry.isChosen ? .header : entry.isNameable ? .normal : .dim
    appendCell(entry.name, nameStyle, width: min(nameWidth, builder.remaining), rightAligned: false, matches: [], into: &builder)
    guard fieldNameStart + nameWidth + 2 < width, !entry.sample.isEmpty else { return builder.row }
    builder.pad(toColumn: fieldNameStart + nameWidth + 2)
    appendCell(entry.sample, .dim, width: builder.remaining, rightAligned: false, matches: [], into: &builder)
    return builder.row
}

/// The names' column: as wide as the widest name, at most half the row after the check box.
func columnPickerNameWidth(_ picker: ColumnPicker, width: Int) -> Int {
    let widest = picker.entries.map { DisplayWidth.of($0.name) }.max() ?? 0
    return max(1, min(widest, max(8, (width - 6) / 2)))
}

/// The picker's status line: what the keys do (or why the last one did nothing) on the left,
/// where the cursor is on the right.
func columnPickerStatusRow(_ picker: ColumnPicker, width: Int) -> FrameRow {
    let left = picker.note.map { " " + $0.text } ?? " Space shows/hides · K/J move · Enter applies · Esc cancels"
    let position = "field \(NumberText.grouped(min(picker.cursor + 1, picker.entries.count)))/\(NumberText.grouped(picker.entries.count))"
    return statusLine(left: left, parts: [position], width: width)
}
