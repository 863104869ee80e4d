/// One value of a field, as the counts view (`#`) counts it and its Enter filters by it: the
/// value's compact JSON is its identity (so `1` and `"1"` are two values, as jq's `group_by`
/// has them, while `1` and `1.0` are one), and a missing field is a value of its own.
public struct FieldValue: Sendable, Equatable {
    public let path: JSONPath
    /// The value's compact JSON; nil when the field is missing.
    public let json: String?

    public init(path: JSONPath, json: String?) {
        self.path = path
        self.json = json
    }

    /// The value of `path` in `item`; nil when the item is not JSON (a line of text, a problem).
    static func of(_ item: Item, path: JSONPath) -> FieldValue? {
        guard item.kind == .value, let value = try? JSONParser.parse(item.json) else { return nil }
        return FieldValue(path: path, json: value[path].map { identity(of: TypedValue.content(of: $0)) })
    }

    /// A value's JSON, a number written one way (`1`, `1.0` and `1e0` are one value, as in jq).
    private static func identity(of value: JSONValue) -> String {
        guard case .number(let text) = value, let number = Double(text), number.isFinite else { return value.compactJSON }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? String(number) : text
    }

    /// As a row shows it: a string's text, other values as JSON, `(missing)`; terminal-safe.
    public var text: String {
        guard let json else { return "(missing)" }
        if let value = try? JSONParser.parse(json), case .string(let text) = value { return TerminalText.sanitize(text) }
        return TerminalText.sanitize(json)
    }

    /// As the status line names the filter: `state = open`.
    public var label: String { "\(path) = \(text)" }
}
