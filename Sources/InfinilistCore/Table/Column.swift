/// One column of the table, its width fixed once chosen: later pages never move it, so the
/// columns do not shift under the user's eyes. Only `ColumnFit` decides, for a screen width,
/// which columns are shown and how wide the flexible one is.
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
        let widest = firstPage.map { cell -> Int in
            switch cell {
            case .text(let text): return DisplayWidth.of(text)
            case .null: return 4
            case .missing: return 0
            case .date: return AgeText.maxWidth
            }
        }.max() ?? 0
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
