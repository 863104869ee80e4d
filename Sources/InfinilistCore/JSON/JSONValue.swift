/// A JSON document as the server wrote it. Foundation's JSON types lose key order and round
/// numbers through `Double`, so a 64-bit id such as `1234567890123456789` would be printed wrong
/// and the detail view would not show what the server sent; this type keeps both.
///
/// Not `indirect`: arrays and dictionaries already store their elements out of line, and boxing
/// every string and number would cost one allocation per scalar when parsing large pages.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's literal text, exactly as it appeared in the input (`-0.0`, `1e400`, ...).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Keys in document order. For duplicate keys the last value wins, at the first key's position.
    case object(JSONObject)

    /// The members of a JSON object: ordered, so documents print back in the server's order.
    public typealias Members = JSONObject
}

extension JSONValue {
    /// The text used to fill URL templates, ids and row templates: strings without quotes,
    /// numbers as written, `true`/`false`. `nil` for `null`, arrays and objects, which have no
    /// meaningful one-word form.
    public var scalarText: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    /// Whether both are one stored object or array (CoW storage shared), so equal without
    /// comparing them; false for scalars, and for equal values stored apart.
    public func sharesStorage(with other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let mine), .object(let theirs)):
            return mine.sharesStorage(with: theirs)
        case (.array(let mine), .array(let theirs)):
            return mine.withUnsafeBufferPointer { a in theirs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
        default:
            return false
        }
    }

    /// The text an item's id is known by (`--id`): a scalar's text, or the compact JSON of an
    /// array or an object (a key made of several fields, `--id key` on `{"key":{"org":1,"n":7}}`);
    /// nil for null, which names no item.
    public var idText: String? {
        switch self {
        case .null: return nil
        case .array, .object: return compactJSON
        case .string, .number, .bool: return scalarText
        }
    }

    /// The elements, when this is an array; lets callers probe a response without a `switch`.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, when this is an object; lets callers probe a response without a `switch`.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The string, when this is a string (not a number); for fields such as `next` links.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The boolean, when this is `true` or `false`; for end flags such as `has_more`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Whether this is `null`; APIs signal "no next page" with it (`"next": null`).
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON, so that test failures and logs show the document as the server would.
    public var description: String { compactJSON }
}
