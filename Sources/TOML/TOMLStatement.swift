/// One statement of a TOML document as written: a `[table]` or `[[array]]` header, or a
/// `key = value` (its value may span lines: a multi-line string or array). Paths are as written,
/// relative to the table the statement is in for a key.
public struct TOMLStatement: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case tableHeader
        case arrayTableHeader
        case keyValue
    }

    public let kind: Kind
    /// The header's table path, or the key's dotted path.
    public let path: [String]
    /// The lines it spans, 1-based; a comment after it on its last line belongs to it.
    public let lines: ClosedRange<Int>

    public var isHeader: Bool { kind != .keyValue }
}
