import InfinilistCore

/// A JSON document in which some values are placeholders, filled anew for every page: the body of
/// a POST that pages (`{"start_cursor": "{cursor}", "page_size": {limit}}`), or GraphQL's
/// `{"query": …, "variables": {"cursor": {cursor}}}`. Kept as a tree rather than as text so that a
/// placeholder is always replaced by a whole JSON value of the right type (a string for a cursor,
/// a number for a counter, the last item's field as it was), never spliced into the middle of a
/// string where quotes in a cursor would break the document.
public indirect enum JSONTemplate: Sendable, Hashable {
    /// A value without placeholders, sent as it is.
    case literal(JSONValue)
    /// A placeholder standing for a whole value; `missing` says what is sent while it has no
    /// value yet (no cursor on the first request).
    case placeholder(URLTemplate.Placeholder, missing: Missing = .leftOut)
    case array([JSONTemplate])
    /// Members in the order written.
    case object([Member])

    /// One `"key": value` of an object.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONTemplate

        public init(_ key: String, _ value: JSONTemplate) {
            self.key = key
            self.value = value
        }
    }

    /// What a placeholder without a value becomes.
    public enum Missing: Sendable, Hashable {
        /// Its member is left out of its object (its element out of its array): Notion refuses
        /// `"start_cursor": null`, as many APIs refuse `cursor=` in a query.
        case leftOut
        /// `null`: GraphQL variables, which a query declares and expects to be there.
        case null
    }

    /// The placeholders, in document order.
    public var placeholders: [URLTemplate.Placeholder] {
        switch self {
        case .literal: return []
        case .placeholder(let placeholder, _): return [placeholder]
        case .array(let elements): return elements.flatMap(\.placeholders)
        case .object(let members): return members.flatMap(\.value.placeholders)
        }
    }

    /// The document for one request: each placeholder replaced by `value(placeholder)`, or left
    /// out (or null) when that is nil. A whole document that is one placeholder without a value
    /// is `null`.
    public func filled(_ value: (URLTemplate.Placeholder) -> JSONValue?) -> JSONValue {
        fill(value) ?? .null
    }

    private func fill(_ value: (URLTemplate.Placeholder) -> JSONValue?) -> JSONValue? {
        switch self {
        case .literal(let literal):
            return literal
        case .placeholder(let placeholder, let missing):
            if let filled = value(placeholder) { return filled }
            return missing == .null ? .null : nil
        case .array(let elements):
            return .array(elements.compactMap { $0.fill(value) })
        case .object(let members):
            var filled = JSONValue.Members()
            for member in members {
                // As JSONParser reads duplicate keys: the last value, at the first key's place.
                if let element = member.value.fill(value) { filled[member.key] = element }
            }
            return .object(filled)
        }
    }

    /// An array or object whose parts have no placeholder, as one literal (filled once, not per
    /// request).
    static func collapsed(_ template: JSONTemplate) -> JSONTemplate {
        switch template {
        case .literal, .placeholder:
            return template
        case .array(let elements):
            var values: [JSONValue] = []
            for element in elements {
                guard case .literal(let value) = element else { return template }
                values.append(value)
            }
            return .literal(.array(values))
        case .object(let members):
            var values = JSONValue.Members()
            for member in members {
                guard case .literal(let value) = member.value else { return template }
                values[member.key] = value
            }
            return .literal(.object(values))
        }
    }
}
