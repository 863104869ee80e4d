import InfinilistCore

/// Builds the constant paths the auto-detection probes (`response_metadata.next_cursor`) from
/// plain keys, so no parsing (and no `try`) is needed for them; a key may contain a dot, as
/// OData's `@odata.nextLink` does.
enum FieldPaths {
    static func path(_ keys: String...) -> JSONPath {
        JSONPath(keys.map { JSONPath.Component.key($0) })
    }

    /// Reads back a path stored as text in a `PageKey` (it was written by `JSONPath.description`,
    /// so it parses); nil only if the key was built by hand with a malformed path.
    static func parse(_ text: String) -> JSONPath? {
        try? JSONPath(parsing: text)
    }
}

extension JSONValue {
    /// A short description of a value for `-v` lines: `null`, `""`, `'abc…'`, `an object`.
    var briefDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let literal): return OneLine.clean(literal, maxCharacters: 40)
        case .string(let text): return text.isEmpty ? "\"\"" : PagingText.quoted(text, max: 60)
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
