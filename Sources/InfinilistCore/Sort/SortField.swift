/// What the rows are sorted by: a field of the rows (any path, shown as a column or not) and
/// the direction. Written `FIELD` or `FIELD:desc` (`--sort`, `sort = "…"` in a named source).
public struct SortField: Sendable, Equatable {
    public let path: JSONPath
    public let descending: Bool

    public init(path: JSONPath, descending: Bool = false) {
        self.path = path
        self.descending = descending
    }

    /// `comments`, `comments:desc`, `user.login:asc`.
    public init(parsing text: String) throws(SortFieldError) {
        let trimmed = text.trimmingSpaces
        var field = trimmed
        var descending = false
        if let colon = ColumnSpec.lastTopLevel(trimmed, ":") {
            let direction = trimmed[trimmed.index(after: colon)...].lowercased()
            switch direction {
            case "desc", "descending": descending = true
            case "asc", "ascending": descending = false
            default: throw SortFieldError(message: "'\(TerminalText.sanitize(direction))' after ':' is not a direction: write FIELD, FIELD:asc or FIELD:desc")
            }
            field = String(trimmed[..<colon])
        }
        guard !field.isEmpty else { throw SortFieldError(message: "no field to sort by: write FIELD or FIELD:desc, e.g. comments:desc") }
        do {
            path = try JSONPath(parsing: field)
        } catch {
            throw SortFieldError(message: error.description)
        }
        self.descending = descending
    }

    /// The other direction, same field (`s` on the field sorted by).
    public var reversed: SortField { SortField(path: path, descending: !descending) }

    /// As `--sort` takes it back: a key holding `:` is written in brackets, so that it reads back
    /// as this field (`time:desc` would be the field `time`, descending).
    public var text: String { path.text(bracketing: { $0.contains(":") }) + (descending ? ":desc" : "") }

    /// The arrow the header and the status line show: ↑ smallest first, ↓ largest first.
    public var arrow: String { descending ? "↓" : "↑" }
}

public struct SortFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
