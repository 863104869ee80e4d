/// Which value each line of the pretty-printed JSON shows, for `y` in the detail view: the
/// line of a member or an element is its value, a line that closes an object or an array is that
/// object or array, and the first line is the whole item. Made by the same walk as
/// `highlightedLines` (one entry per line; a test checks the counts agree).
extension JSONValue {
    /// Each line's value and the path to it (`user.login`, `labels[0]`; empty for the root).
    public func lineValues() -> [(path: String, value: JSONValue)] {
        var lines: [(path: String, value: JSONValue)] = [("", self)]
        Self.appendLines(of: self, path: "", to: &lines)
        return lines
    }

    /// The lines after the first of `value` (whose own line is already there). Recursive, as
    /// `highlightedLines` is: depth is bounded by the parser's `maxDepth`.
    private static func appendLines(of value: JSONValue, path: String, to lines: inout [(path: String, value: JSONValue)]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() {
                let inner = "\(path)[\(index)]"
                lines.append((inner, element))
                appendLines(of: element, path: inner, to: &lines)
            }
            lines.append((path, value))
        case .object(let members) where !members.isEmpty:
            for (key, member) in members {
                let inner = path.isEmpty ? key : "\(path).\(key)"
                lines.append((inner, member))
                appendLines(of: member, path: inner, to: &lines)
            }
            lines.append((path, value))
        case .string(let text):
            // A string with line breaks goes on over more lines (`PrettyLines`): each is it too.
            for _ in QuotedLines.of(text).dropFirst() { lines.append((path, value)) }
        default:
            break
        }
    }

    /// The value as text to copy: a string as it is (not quoted), a number as written, `true`,
    /// `false`, `null`, and compact JSON for an array or an object.
    public var copyText: String {
        scalarText ?? compactJSON
    }
}
