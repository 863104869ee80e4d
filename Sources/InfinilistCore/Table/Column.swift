/// One column of the table, its width chosen from the first page and then only widened while
/// the list's first rows arrive (`widened(toFit:)`: a live stream's first page is one event),
/// never narrowed, so the columns settle at once and do not shift under the user's eyes after.
/// Only `ColumnFit` decides, for a screen width, which columns are shown and how wide the
/// flexible one is.
public struct Column: Sendable, Equatable {
    public let spec: ColumnSpec
    /// The header as shown: sanitized.
    public let header: String
    public let kind: ColumnKind
    /// The width in terminal columns; for the flexible column, the least it is given before
    /// columns to its right are left out.
    public let width: Int
    /// Takes whatever the other columns leave (the title).
    public let isFlexible: Bool

    /// The widest a column other than the flexible one grows from its values (a text column;
    /// a number column gets `maxNumberWidth`).
    static let maxTextWidth = 20
    static let maxNumberWidth = 20
    /// The flexible column's least width, unless its values are all narrower.
    static let flexibleMinimum = 24

    init(spec: ColumnSpec, kind: ColumnKind, isFlexible: Bool, firstPage: [Cell]) {
        self.spec = spec
        self.header = TerminalText.sanitize(spec.headerText)
        self.kind = kind
        self.isFlexible = isFlexible
        let headerWidth = DisplayWidth.of(header)
        if let given = spec.width {
            width = given
            return
        }
        width = Self.width(kind: kind, isFlexible: isFlexible, headerWidth: headerWidth, widest: Self.widest(firstPage))
    }

    private init(_ column: Column, width: Int) {
        spec = column.spec
        header = column.header
        kind = column.kind
        isFlexible = column.isFlexible
        self.width = width
    }

    /// This column as wide as `cells` need too, within its kind's limits; never narrower.
    func widened(toFit cells: [Cell]) -> Column {
        guard spec.width == nil else { return self }
        let needed = Self.width(kind: kind, isFlexible: isFlexible, headerWidth: DisplayWidth.of(header), widest: Self.widest(cells))
        return needed > width ? Column(self, width: needed) : self
    }

    private static func widest(_ cells: [Cell]) -> Int {
        cells.map { cell -> Int in
            switch cell {
            case .text(let text): return DisplayWidth.of(text)
            case .null: return 4
            case .missing: return 0
            case .date: return AgeText.maxWidth
            }
        }.max() ?? 0
    }

    private static func width(kind: ColumnKind, isFlexible: Bool, headerWidth: Int, widest: Int) -> Int {
        let width: Int
        switch kind {
        case _ where isFlexible:
            width = max(1, min(max(widest, headerWidth), Self.flexibleMinimum))
        case .date:
            width = max(headerWidth, AgeText.maxWidth)
        case .number:
            width = max(headerWidth, min(widest, Self.maxNumberWidth))
        case .bool:
            width = max(headerWidth, 5)
        case .text:
            width = max(1, min(max(widest, headerWidth), Self.maxTextWidth))
        }
        return width
    }

    /// What the first page's values say this column holds: dates (at least half the values:
    /// ISO-8601 strings, or Unix times in a field named like a date; the others are shown as
    /// written), numbers, booleans, else text.
    static func kind(of values: [JSONValue], key: String?) -> ColumnKind {
        let present = values.filter { !$0.isNull }
        guard !present.isEmpty else { return .text }
        let dateNamed = key.map(DateValue.isDateName) ?? false
        let dates = present.filter { CellValue.dateCell($0) != nil && ($0.stringValue != nil || dateNamed) }
        if dates.count * 2 >= present.count { return .date }
        if present.allSatisfy({ if case .number = $0 { true } else { false } }) { return .number }
        if present.allSatisfy({ $0.boolValue != nil }) { return .bool }
        return .text
    }
}
