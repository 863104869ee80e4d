/// Turns an item into its row text. A row has room for one line, so the formatter either follows
/// the user's `--format` template or guesses the field a person would want to see (a title, a
/// name, a message body) so that most APIs need no flags at all.
///
/// Template syntax: `{PATH}` is replaced by the field at `PATH` (see `JSONPath`): strings as-is,
/// numbers as written, `true`/`false`, nothing for `null` or a missing field, compact JSON for
/// arrays and objects. `{{` and `}}` are literal braces. Example: `{title} ({score}) by {user.login}`.
/// Spaces inside the braces are part of the key; a `}` in a key needs the quoted form `{["a}b"]}`.
/// The returned text is raw: sanitize it before it reaches the terminal (`makeItem` does).
public struct ItemFormatter: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case field(JSONPath)
    }

    /// Fields tried, in order, for an item's line when there is no template.
    public static let textKeys = [
        "title", "name", "full_name", "text", "body", "summary", "subject", "message", "description",
        "content", "label", "login", "story_title", "comment_text", "url",
    ]

    /// Wrapper objects looked into when the item itself has no text field: Reddit `data`,
    /// JSON:API `attributes`, Airtable `fields`, Google `snippet`, Elasticsearch `_source`,
    /// Kubernetes `metadata`, GraphQL edges' `node`.
    public static let wrapperKeys = ["data", "attributes", "fields", "snippet", "_source", "metadata", "node"]

    /// `nil` means "guess".
    let segments: [Segment]?

    /// The guessing formatter; cannot fail, unlike a template.
    public init() {
        self.segments = nil
    }

    /// A formatter for `template`, or the guessing one for `nil`. Malformed templates are
    /// rejected here, before any request, with the position of the problem.
    public init(template: String?) throws(JSONPathError) {
        guard let template else {
            self.segments = nil
            return
        }
        self.segments = try Self.parse(template)
    }

    /// The fields the template names, in order (none for the guessing formatter): what
    /// `FieldCheck` looks for in the first page's items.
    public var fieldPaths: [JSONPath] {
        (segments ?? []).compactMap { segment in
            if case .field(let path) = segment { return path }
            return nil
        }
    }

    /// The row text for `item` (not yet sanitized, not clipped).
    public func text(for item: JSONValue) -> String {
        guard let segments else { return Self.guessedText(for: item) }
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal):
                text += literal
            case .field(let path):
                if let value = item[path] {
                    text += value.scalarText ?? (value.isNull ? "" : value.compactJSON)
                }
            }
        }
        return text
    }

    static func guessedText(for item: JSONValue) -> String {
        switch item {
        case .object(let members):
            if let text = firstText(in: members) { return text }
            for wrapper in wrapperKeys {
                if let inner = members[wrapper]?.objectValue, let text = firstText(in: inner) {
                    return text
                }
            }
            return item.compactJSON
        case .array, .null:
            return item.compactJSON
        case .bool, .number, .string:
            return item.scalarText ?? item.compactJSON
        }
    }

    private static func firstText(in members: JSONValue.Members) -> String? {
        for key in textKeys {
            if case .string(let text) = members[key], !text.allSatisfy(\.isWhitespace) {
                return text
            }
        }
        return nil
    }

    static func parse(_ template: String) throws(JSONPathError) -> [Segment] {
        let scalars = Array(template.unicodeScalars)
        let n = scalars.count
        func fail(_ reason: String, at position: Int) -> JSONPathError {
            JSONPathError(kind: "template", text: template, reason: reason, position: position)
        }

        var segments: [Segment] = []
        var literal = String.UnicodeScalarView()
        var i = 0
        while i < n {
            let scalar = scalars[i]
            if scalar == "{", i + 1 < n, scalars[i + 1] == "{" {
                literal.append("{")
                i += 2
            } else if scalar == "}", i + 1 < n, scalars[i + 1] == "}" {
                literal.append("}")
                i += 2
            } else if scalar == "}" {
                throw fail("unmatched '}' (write '}}' for a literal brace)", at: i)
            } else if scalar == "{" {
                let open = i
                i += 1
                let start = i
                var inQuotes = false
                while true {
                    guard i < n else { throw fail("unclosed '{'", at: open) }
                    let inner = scalars[i]
                    if inQuotes {
                        if inner == "\\" {
                            i += 2
                            continue
                        }
                        if inner == "\"" { inQuotes = false }
                    } else if inner == "\"" {
                        inQuotes = true
                    } else if inner == "}" {
                        break
                    } else if inner == "{" {
                        throw fail("'{' inside a placeholder (write '{{' for a literal brace)", at: i)
                    }
                    i += 1
                }
                guard i > start else { throw fail("empty placeholder '{}'", at: open) }
                var pathParser = PathParser(
                    scalars: Array(scalars[start..<i]), reportedText: template, kind: "template", offset: start
                )
                let path = JSONPath(try pathParser.parseAll())
                if !literal.isEmpty {
                    segments.append(.literal(String(literal)))
                    literal = String.UnicodeScalarView()
                }
                segments.append(.field(path))
                i += 1
            } else {
                literal.append(scalar)
                i += 1
            }
        }
        if !literal.isEmpty {
            segments.append(.literal(String(literal)))
        }
        return segments
    }
}
