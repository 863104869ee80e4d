/// The table's columns, chosen once from the first page (by the user's `--columns`, or by
/// `ColumnChooser`) and then kept: pages that arrive later are laid out in the same columns
/// at the same widths. A run-time column picker replaces this value as a whole.
public struct ColumnLayout: Sendable, Equatable {
    public let columns: [Column]

    public init(columns: [Column]) {
        self.columns = columns
    }

    /// The layout for `choice` from the first page's items; nil when the rows stay single lines
    /// (`--format`, or no table fits the items).
    static func make(_ choice: ColumnChoice, firstPage: [JSONValue]) -> ColumnLayout? {
        switch choice {
        case .lines:
            return nil
        case .auto:
            guard let chosen = ColumnChooser.choose(firstPage: firstPage) else { return nil }
            return ColumnLayout(specs: chosen.specs, flexible: chosen.flexible, firstPage: firstPage)
        case .given(let specs):
            return ColumnLayout(specs: specs, flexible: flexibleIndex(specs, firstPage: firstPage), firstPage: firstPage)
        }
    }

    init(specs: [ColumnSpec], flexible: Int?, firstPage: [JSONValue]) {
        columns = specs.enumerated().map { index, spec in
            let values = firstPage.compactMap { $0[spec.path] }
            let kind = Column.kind(of: values, key: spec.path.components.last?.key)
            let cells = firstPage.map { CellValue.cell($0[spec.path], kind: kind) }
            return Column(spec: spec, kind: kind, isFlexible: index == flexible, firstPage: cells)
        }
    }

    /// In a list the user gave, the flexible column is the first title-like field (in the row
    /// guess's order) without a width, else the text column without a width whose values are
    /// widest; none when every column has a width.
    static func flexibleIndex(_ specs: [ColumnSpec], firstPage: [JSONValue]) -> Int? {
        let candidates = specs.indices.filter { index in
            specs[index].width == nil
                && Column.kind(of: firstPage.compactMap { $0[specs[index].path] }, key: specs[index].path.components.last?.key) == .text
        }
        for key in ItemFormatter.textKeys {
            if let index = candidates.first(where: { specs[$0].path.components.last?.key == key }) { return index }
        }
        var best: (index: Int, width: Int)?
        for index in candidates {
            let width = firstPage.map { CellValue.cell($0[specs[index].path], kind: .text).searchText }.map(DisplayWidth.of).max() ?? 0
            if width > (best?.width ?? -1) { best = (index, width) }
        }
        return best?.index
    }

    /// The list's first rows widen the columns their values need (a live stream's first page is
    /// one event: `user` 6 wide, `wiki` cut); past these rows the widths stay.
    static let settlingRows = 200

    /// The layout with each column as wide as these items' cells need too; never narrower.
    func widened(toFit items: [Item]) -> ColumnLayout {
        let widened = columns.enumerated().map { index, column in
            column.widened(toFit: items.compactMap { index < $0.cells.count ? $0.cells[index] : nil })
        }
        return widened == columns ? self : ColumnLayout(columns: widened)
    }

    /// The cells of one item, column by column.
    /// Read by index: `columns.map` copied each column (its spec, header and path) for every
    /// row made.
    public func cells(for value: JSONValue) -> [Cell] {
        columns.indices.map { CellValue.cell(value[columns[$0].spec.path], kind: columns[$0].kind) }
    }

    /// The item with its cells (search and the filter match them). A cell equal to the item's
    /// one-line text (the title, usually) shares its storage. An item whose JSON does not parse
    /// (it always does: the loader wrote it) stays a line, and so does one that is not an object
    /// (a text line among JSON lines from a pipe): it has no fields to put in columns.
    func tableItem(_ item: Item, value: JSONValue? = nil) -> Item {
        guard let value = value ?? (try? JSONParser.parse(item.json)), let cells = rowCells(for: value, text: item.text) else { return item }
        return item.withCells(cells)
    }

    /// The cells of a row of `value` whose one-line text is `text` (a cell equal to it shares its
    /// storage); nil when the value is not an object, which stays a line.
    func rowCells(for value: JSONValue, text: String) -> [Cell]? {
        guard value.objectValue != nil else { return nil }
        return cells(for: value).map { cell -> Cell in
            if case .text(let cellText) = cell, cellText == text { return .text(text) }
            return cell
        }
    }

    /// The columns as a `--columns` value, to paste into a command or the config file.
    public var specText: String {
        columns.map(\.spec.text).joined(separator: ",")
    }
}
