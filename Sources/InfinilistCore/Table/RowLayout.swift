/// How rows are laid out: decided once, when the first page with items arrives.
public enum RowLayout: Sendable, Equatable {
    /// Not yet known: no page with items has arrived.
    case undecided
    /// One line of text per row (`--format`, or items that make no table).
    case lines
    /// A table under a header row.
    case table(ColumnLayout)

    public var table: ColumnLayout? {
        if case .table(let layout) = self { return layout }
        return nil
    }

    /// Whether the layout stays as it is for the rows to come, after `rows` rows: lines, or a
    /// table past the rows that widen its columns (`ColumnLayout.settlingRows`).
    func isSettled(after rows: Int) -> Bool {
        switch self {
        case .undecided: false
        case .lines: true
        case .table: rows >= ColumnLayout.settlingRows
        }
    }
}

/// What the command line asks for.
public enum ColumnChoice: Sendable, Equatable {
    /// `--format`: today's single-line rows.
    case lines
    /// No flag: a table when the first page's items make one.
    case auto
    /// `--columns SPEC`.
    case given([ColumnSpec])
}
