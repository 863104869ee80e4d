/// One value of a table row, computed once when the item arrives (the item's JSON is not kept
/// parsed): what the row shows and what search and filter match.
public enum Cell: Sendable, Equatable {
    /// Text, a number as written, `true` or `false`: sanitized, one line, cut at
    /// `CellValue.maxCharacters`.
    case text(String)
    /// The field is `null`: shown as a dim `null`, so it is not mistaken for an empty string.
    case null
    /// The item has no such field: an empty cell.
    case missing
    /// A date (an ISO-8601 string or a Unix time), shown as an age relative to the wall clock;
    /// `text` is the value as the server wrote it, which search matches.
    case date(seconds: Double, text: String)

    /// What search and the filter match in this cell.
    public var searchText: String {
        switch self {
        case .text(let text): return text
        case .null: return "null"
        case .missing: return ""
        case .date(_, let text): return text
        }
    }
}
