/// Turns the value at a column's path into a cell: one line of terminal-safe text, whatever the
/// server sent.
enum CellValue {
    /// Longer text is cut here: a cell is never wider than a screen, and an item whose `body`
    /// is a column must not keep its whole body twice. Search sees the same cut text.
    static let maxCharacters = 500

    /// Keys whose value stands for an object in a cell (`labels` → `bug, ui`).
    static let nameKeys = ["name", "login", "title", "label", "username", "acct", "id"]

    static func cell(_ value: JSONValue?, kind: ColumnKind) -> Cell {
        guard let typed = value else { return .missing }
        let value = TypedValue.content(of: typed)
        if kind == .date, let date = dateCell(value) { return date }
        switch value {
        case .null: return .null
        case .string(let text): return .text(clean(text))
        case .number(let number): return .text(clean(number))
        case .bool(let flag): return .text(flag ? "true" : "false")
        case .array, .object: return .text(clean(summary(value)))
        }
    }

    /// A date column's value as a date, if it reads as one.
    static func dateCell(_ value: JSONValue) -> Cell? {
        switch value {
        case .string(let text):
            return DateValue.iso8601(text).map { .date(seconds: $0, text: clean(text)) }
        case .number(let number):
            return DateValue.unixTime(number).map { .date(seconds: $0, text: clean(number)) }
        default:
            return nil
        }
    }

    /// An array or object in one short line: scalars and the name of each object, comma
    /// separated (`bug, ui` for GitHub's labels); compact JSON when there is no such name.
    static func summary(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements):
            var parts: [String] = []
            for element in elements {
                guard let part = name(of: element) else { return value.compactJSON }
                parts.append(part)
                if parts.count >= 20 { break }
            }
            return parts.isEmpty ? "[]" : parts.joined(separator: ", ")
        case .object:
            return name(of: value) ?? value.compactJSON
        default:
            return value.scalarText ?? value.compactJSON
        }
    }

    private static func name(of value: JSONValue) -> String? {
        if let text = value.scalarText { return text }
        guard let members = value.objectValue else { return nil }
        for key in nameKeys {
            if let text = members[key]?.scalarText { return text }
        }
        return nil
    }

    /// Sanitized for the terminal and cut to `maxCharacters`.
    static func clean(_ text: String) -> String {
        // Cut before sanitizing too, so a huge value is never copied whole.
        let head = text.utf8.count > maxCharacters ? String(text.prefix(maxCharacters)) : text
        let safe = TerminalText.sanitize(head)
        return safe.utf8.count > maxCharacters ? String(safe.prefix(maxCharacters)) : safe
    }
}
