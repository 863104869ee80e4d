/// Values that name their own type and hold their content under that name, as Notion's page
/// properties do: `{"type": "select", "select": {"name": "Done"}}`,
/// `{"type": "title", "title": [{"plain_text": "Buy milk"}, …]}`. A cell shows the content,
/// and the column chooser judges it, not the wrapper (whose compact JSON filled a cell before).
///
/// The rule is general, not Notion's list of types: an object whose string `type` names one of
/// its own members stands for that member (up to a few levels: a formula holds a typed value).
/// Rich text (an array of pieces each with `plain_text`) is its pieces joined; a date range
/// (`start`, `end`) is its start when it has no end; a chosen option (`{"name": "Done", …}` under a
/// type) is its name.
enum TypedValue {
    /// The content `value` stands for; `value` itself when it is not typed.
    static func content(of value: JSONValue) -> JSONValue {
        var current = value
        for _ in 0..<4 {
            guard let inner = member(namedByType: current) else { break }
            current = inner
        }
        if let text = richText(current) { return .string(text) }
        // A chosen option (`select`, `status`): its name, so a state column can read it as text.
        if current != value, let name = current.objectValue?["name"]?.stringValue { return .string(name) }
        if let range = current.objectValue, range.count <= 3, let start = range["start"]?.stringValue {
            guard let end = range["end"]?.stringValue else { return .string(start) }
            return .string(start + " → " + end)
        }
        return current
    }

    /// The type a typed value names (`title`, `date`), or nil.
    static func type(of value: JSONValue) -> String? {
        guard member(namedByType: value) != nil else { return nil }
        return value.objectValue?["type"]?.stringValue
    }

    private static func member(namedByType value: JSONValue) -> JSONValue? {
        guard let members = value.objectValue, let type = members["type"]?.stringValue, type != "type" else { return nil }
        return members[type]
    }

    /// Notion's rich text: every element an object with a `plain_text` string.
    private static func richText(_ value: JSONValue) -> String? {
        guard case .array(let pieces) = value, !pieces.isEmpty else { return nil }
        var text = ""
        for piece in pieces {
            guard let plain = piece.objectValue?["plain_text"]?.stringValue else { return nil }
            text += plain
        }
        return text
    }
}
