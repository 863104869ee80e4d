import InfinilistCore

/// A URL with placeholders in braces, filled anew for every page request: the command line's way of
/// saying how an API is paged (`https://host/items?page={page}&per_page={limit}`).
///
/// Parsing checks every placeholder up front, so a typo such as `{pgae}` is a usage error before any
/// request is sent. Filling percent-encodes each value (cursors contain `+`, `/`, `=`).
public struct URLTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The placeholders a template may contain.
    public enum Placeholder: Sendable, Hashable, CustomStringConvertible {
        /// The page number: the first page number, then +1 per page.
        case page
        /// The number of items received before this page.
        case offset
        /// The page size asked for.
        case limit
        /// The cursor taken from the previous response.
        case cursor
        /// A field of the previous page's last item, by path (`{last.id}`).
        case last(path: String)

        /// The placeholders there are, for messages about an unknown one.
        static let known = "{page}, {offset}, {limit}, {cursor}, {last.PATH}"

        /// The placeholder written `{name}`; nil for an unknown name. Shared by the URL and the
        /// body templates, so both know the same names. A `{last.PATH}` whose path is malformed
        /// throws.
        static func named(_ name: String) throws(JSONPathError) -> Placeholder? {
            switch name {
            case "page": return .page
            case "offset": return .offset
            case "limit": return .limit
            case "cursor": return .cursor
            default:
                guard name.hasPrefix("last."), name.count > 5 else { return nil }
                let path = String(name.dropFirst(5))
                _ = try JSONPath(parsing: path)
                return .last(path: path)
            }
        }

        public var description: String {
            switch self {
            case .page: return "{page}"
            case .offset: return "{offset}"
            case .limit: return "{limit}"
            case .cursor: return "{cursor}"
            case .last(let path): return "{last.\(path)}"
            }
        }
    }

    enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(Placeholder)
    }

    /// The template as the user wrote it.
    public let text: String
    let parts: [Part]

    public init(parsing text: String) throws(URLTemplateError) {
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            // Shown escaped (`\t`, `\u{1}`), with any password hidden: never sent to the terminal.
            let shown = TerminalText.sanitize(OneLine.clean(URLText.masked(text), maxCharacters: 200))
            let code = String(control.value, radix: 16, uppercase: true)
            throw URLTemplateError("the URL \(shown) contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code); URLs cannot hold control characters (write one as %XX, e.g. a tab as %09)")
        }
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        // Messages show the URL with any password hidden.
        let shown = OneLine.clean(URLText.masked(text), maxCharacters: 200)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            if afterOpen < rest.endIndex, rest[open] == rest[afterOpen] {
                let pair = rest[open] == "{" ? "{{" : "}}"
                let (brace, code) = rest[open] == "{" ? ("{", "%7B") : ("}", "%7D")
                throw URLTemplateError(
                    "'\(pair)' in the URL \(shown): placeholders are written with one brace, as {page}; a literal '\(brace)' must be percent-encoded as \(code)"
                )
            }
            guard rest[open] == "{" else {
                throw URLTemplateError("unmatched '}' in the URL \(shown); a literal '}' must be percent-encoded as %7D")
            }
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                  rest[close] == "}"
            else { throw URLTemplateError("unclosed '{' in the URL \(shown); placeholders are written {page}, and a literal '{' must be percent-encoded as %7B") }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.placeholder(try Self.placeholder(named: String(rest[afterOpen..<close]))))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.text = text
        self.parts = parts
    }

    /// The placeholders in the order they appear.
    public var placeholders: [Placeholder] {
        parts.compactMap { part in
            if case .placeholder(let p) = part { return p }
            return nil
        }
    }

    public var description: String { text }

    /// The query parameter whose whole value is `{page}` (`page` in `?per_page=100&page={page}`),
    /// to read a page number from a link the server gives (`rel="last"`); nil when `{page}` is
    /// elsewhere (a path segment, part of a value).
    var pageQueryParameter: String? {
        var sawQuery = false
        var previous: String?
        for (index, part) in parts.enumerated() {
            switch part {
            case .literal(let literal):
                sawQuery = sawQuery || literal.contains("?")
                previous = literal
            case .placeholder(let placeholder):
                let endsValue = index + 1 == parts.count || { if case .literal(let next) = parts[index + 1] { return next.hasPrefix("&") || next.hasPrefix("#") } else { return false } }()
                if placeholder == .page, sawQuery, endsValue, let literal = previous, literal.hasSuffix("="),
                   let start = literal.lastIndex(where: { $0 == "?" || $0 == "&" }) {
                    let name = literal[literal.index(after: start)..<literal.index(before: literal.endIndex)]
                    return name.isEmpty ? nil : String(name)
                }
                previous = nil
            }
        }
        return nil
    }

    /// The URL for one request. `value` gives each placeholder's raw value; it is percent-encoded
    /// here. A query parameter whose value would be empty because its placeholders have no value
    /// yet (no cursor on the first page, no last item) is left out entirely, `&` included:
    /// `?limit=20&cursor={cursor}` becomes `?limit=20`, as several APIs reject `cursor=`. Elsewhere
    /// (in the path) a placeholder without a value is filled with nothing.
    public func fill(_ value: (Placeholder) -> String?) -> String {
        var filler = QueryAwareFiller()
        for part in parts {
            switch part {
            case .literal(let text): filler.appendLiteral(text)
            case .placeholder(let p): filler.appendValue(Self.percentEncoded(value(p) ?? ""))
            }
        }
        return filler.finish()
    }

    private static func placeholder(named name: String) throws(URLTemplateError) -> Placeholder {
        let found: Placeholder?
        do throws(JSONPathError) {
            found = try Placeholder.named(name)
        } catch {
            throw URLTemplateError("in the placeholder {\(name)}: \(error.message)")
        }
        guard let found else {
            throw URLTemplateError(
                "unknown placeholder {\(OneLine.clean(name, maxCharacters: 40))} in the URL; known: \(Placeholder.known); a literal '{' must be percent-encoded as %7B"
            )
        }
        return found
    }

    /// Keeps RFC 3986's unreserved characters, encodes every other byte: safe in a path segment and
    /// in a query value alike.
    static func percentEncoded(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (byte < 0x10 ? "0" : "") + hex
            }
        }
        return out
    }
}

/// A URL template that cannot be used; the message names the problem for the usage error.
public struct URLTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
