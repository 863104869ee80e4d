/// What a column holds, judged from the first page's values; it decides alignment (numbers and
/// ages right-aligned, so that their magnitudes line up) and whether values are shown as ages.
public enum ColumnKind: Sendable, Equatable {
    case text
    case number
    case bool
    /// ISO-8601 strings, or Unix times in a field named like a date (`created`, `*_at`, `*_utc`).
    case date

    public var isRightAligned: Bool { self == .number || self == .date }
}
