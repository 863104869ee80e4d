import InfinilistCore

/// Finds the cursor for `{cursor}` in a response body: the field given with `--cursor PATH`, or
/// the first of the places common APIs use (Slack `response_metadata.next_cursor`, Google
/// `nextPageToken`, X `meta.next_token`, Reddit `data.after`, Notion and Stripe-likes
/// `next_cursor`, ...). A candidate that is present decides, even when it is null or empty: that
/// is how those APIs say the list has ended.
enum CursorDetection {
    /// Where cursors live, in the order they are tried.
    static let candidates: [JSONPath] = [
        FieldPaths.path("response_metadata", "next_cursor"),
        FieldPaths.path("next_cursor"),
        FieldPaths.path("nextCursor"),
        FieldPaths.path("nextPageToken"),
        FieldPaths.path("next_page_token"),
        FieldPaths.path("meta", "next_token"),
        FieldPaths.path("meta", "next_cursor"),
        FieldPaths.path("meta", "nextCursor"),
        FieldPaths.path("next_token"),
        FieldPaths.path("nextToken"),
        FieldPaths.path("data", "after"),
        FieldPaths.path("after"),
        FieldPaths.path("paging", "cursors", "after"),
        FieldPaths.path("pagination", "next_cursor"),
        FieldPaths.path("pagination", "cursor"),
        FieldPaths.path("cursor"),
        FieldPaths.path("next_page"),
        FieldPaths.path("continuation"),
        FieldPaths.path("offset"),
    ]

    /// Candidates taken only when they hold a string: a numeric `offset` is an offset API's echo of
    /// the request, while Airtable's string `offset` is a real cursor.
    static let stringOnly: Set<JSONPath> = [FieldPaths.path("offset")]

    /// What a body says at one path.
    enum Reading: Equatable {
        /// The cursor text for `{cursor}` (a string, or a number as written).
        case cursor(String)
        /// The field is there but holds no cursor: `null`, `""`, or a value that cannot be one.
        case noCursor(String)
        /// The field is not there at all.
        case missing
    }

    static func read(_ path: JSONPath, in body: JSONValue) -> Reading {
        guard let value = body[path] else { return .missing }
        switch value {
        case .string(let text) where !PagingText.trimmed(text).isEmpty: return .cursor(text)
        case .number(let literal): return .cursor(literal)
        default: return .noCursor(value.briefDescription)
        }
    }

    /// The first candidate present on this page, with what it holds. Values that cannot be cursors
    /// (objects, arrays, booleans) do not count as present, so `"cursor": {…}` objects are passed over.
    static func detect(in body: JSONValue) -> (path: JSONPath, reading: Reading)? {
        for path in candidates {
            guard let value = body[path] else { continue }
            switch value {
            case .object, .array, .bool: continue
            case .number where stringOnly.contains(path): continue
            case .null, .number, .string: return (path, read(path, in: body))
            }
        }
        return nil
    }
}
