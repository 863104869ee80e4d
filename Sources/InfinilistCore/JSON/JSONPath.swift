/// Names a field inside an API response (`data.children`, `hits.0.title`,
/// `response_metadata.next_cursor`). Users type these on the command line to say where the items,
/// ids or cursors are, so the syntax is the familiar dotted one, with a bracket form for keys that
/// are not plain words.
///
/// Syntax:
/// - Components are separated by `.`: `data.children`.
/// - An unquoted component that is a decimal number without leading zeros (`0`, `12`) indexes an
///   array; on an object it looks up that key (`"0"`).
/// - `["key"]` quotes a key that contains `.`, `[`, `]`, or anything else; inside the quotes
///   `\"` and `\\` are the only escapes. It may follow a component directly or after a dot:
///   `data["a.b"]`, `["page[size]"]`, `links["next"].href`. A quoted key never indexes an array.
/// - `[N]` is the same as `.N`: `hits[0].title`.
/// - Errors: an empty path, empty components (leading, trailing or double dots), unclosed
///   brackets or quotes, stray `]`, and control characters anywhere.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path. Kept as both key and index because a numeric step means "key" on an
    /// object and "position" on an array, and which one applies is only known at lookup.
    public struct Component: Sendable, Hashable {
        /// The key looked up when the value is an object.
        public let key: String
        /// The position used when the value is an array; `nil` for quoted keys and non-numbers.
        public let index: Int?

        /// A step with explicit key and index; the static helpers cover the usual cases.
        public init(key: String, index: Int?) {
            self.key = key
            self.index = index
        }

        /// A step that only looks up an object key, as `["name"]` does.
        public static func key(_ key: String) -> Component {
            Component(key: key, index: nil)
        }

        /// A step that takes an array element (or, on an object, the key `"N"`), as `.N` does.
        public static func index(_ index: Int) -> Component {
            Component(key: String(index), index: index)
        }
    }

    /// The steps from the root; empty means the root itself.
    public let components: [Component]

    /// Builds a path in code, e.g. for auto-detected item locations.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// Reads the command-line syntax described on the type.
    public init(parsing text: String) throws(JSONPathError) {
        var parser = PathParser(text: text, kind: "path")
        self.components = try parser.parseAll()
    }

    /// The path in the syntax `init(parsing:)` reads (with control characters shown escaped, as
    /// they never parse); `(root)` for the empty path. Used in verbose logs and error messages, so
    /// it is always terminal-safe: a key holding bidi, invisible or replacement characters is
    /// written quoted and escaped (for reading; such a key does not parse back to itself).
    public var description: String { text(bracketing: { _ in false }) }

    /// `description`, with the keys for which `bracketing` is true written in brackets even when
    /// they could be bare: a column list brackets keys holding its separators.
    func text(bracketing: (String) -> Bool) -> String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            if Self.canWriteBare(component), !bracketing(component.key) {
                if !text.isEmpty { text += "." }
                text += component.key
            } else {
                var escaped = ""
                for scalar in component.key.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
                    escaped.unicodeScalars.append(scalar)
                }
                text += "[\"\(TerminalText.sanitize(escaped))\"]"
            }
        }
        return text
    }

    /// Whether `component` reads back identically when written without brackets. Braces are
    /// quoted too, so that the text can be pasted into a row template.
    static func canWriteBare(_ component: Component) -> Bool {
        let key = component.key
        guard !key.isEmpty, TerminalText.sanitize(key) == key else { return false }
        for scalar in key.unicodeScalars {
            switch scalar {
            case ".", "[", "]", "\"", "{", "}": return false
            default:
                if PathParser.isControl(scalar) { return false }
            }
        }
        return PathParser.bareIndex(key) == component.index
    }
}

extension JSONValue {
    /// The value at `path`, or `nil` when a step is missing, out of range, or not a container.
    /// A key typed in a path finds a member spelled another canonically equivalent way (`é` as
    /// one scalar or as `e` and an accent) when none is spelled as typed: the object keeps its
    /// keys as their bytes (jq's), the paths a user types need not.
    public subscript(_ path: JSONPath) -> JSONValue? {
        value(at: path)
    }

    /// The value at `path`; the named form of the subscript, for call chains.
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch current {
            case .object(let members):
                guard let next = members[component.key] ?? members.first(where: { $0.key == component.key })?.value else { return nil }
                current = next
            case .array(let elements):
                guard let index = component.index, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return current
    }
}

/// Reads path syntax from an array of scalars; shared by `JSONPath` and the row-template parser,
/// which reports errors in terms of the whole template.
struct PathParser {
    let text: String
    let kind: String
    let scalars: [Unicode.Scalar]
    /// Added to positions in errors: where this path starts inside the reported text.
    let offset: Int
    var i = 0

    init(text: String, kind: String) {
        self.text = text
        self.kind = kind
        self.scalars = Array(text.unicodeScalars)
        self.offset = 0
    }

    /// Parses `scalars` as a path, reporting errors against `reportedText` at `offset + position`.
    init(scalars: [Unicode.Scalar], reportedText: String, kind: String, offset: Int) {
        self.text = reportedText
        self.kind = kind
        self.scalars = scalars
        self.offset = offset
    }

    func fail(_ reason: String, at position: Int) -> JSONPathError {
        JSONPathError(kind: kind, text: text, reason: reason, position: offset + position)
    }

    mutating func parseAll() throws(JSONPathError) -> [JSONPath.Component] {
        guard !scalars.isEmpty else { throw fail("the path is empty", at: 0) }
        var components: [JSONPath.Component] = []
        let n = scalars.count
        while true {
            if i < n, scalars[i] == "[" {
                components.append(try bracket())
            } else {
                let start = i
                while i < n, scalars[i] != ".", scalars[i] != "[" {
                    let scalar = scalars[i]
                    if scalar == "]" { throw fail("unexpected ']'", at: i) }
                    if Self.isControl(scalar) { throw controlCharacter(scalar, at: i) }
                    i += 1
                }
                if i == start { throw fail("empty component", at: start) }
                let key = String(String.UnicodeScalarView(scalars[start..<i]))
                components.append(JSONPath.Component(key: key, index: Self.bareIndex(key)))
            }
            while i < n, scalars[i] == "[" {
                components.append(try bracket())
            }
            if i == n { return components }
            guard scalars[i] == "." else {
                if scalars[i] == "]" { throw fail("unexpected ']'", at: i) }
                throw fail("expected '.' or '[' after ']'", at: i)
            }
            i += 1
            if i == n { throw fail("empty component", at: i) }
        }
    }

    /// `["key"]` or `[N]`, starting at the `[`.
    mutating func bracket() throws(JSONPathError) -> JSONPath.Component {
        let open = i
        let n = scalars.count
        i += 1
        guard i < n else { throw fail("unclosed '['", at: open) }
        let component: JSONPath.Component
        if scalars[i] == "\"" {
            let quote = i
            i += 1
            var key = String.UnicodeScalarView()
            while true {
                guard i < n else { throw fail("unclosed quote", at: quote) }
                let scalar = scalars[i]
                if scalar == "\"" {
                    i += 1
                    break
                }
                if scalar == "\\" {
                    guard i + 1 < n else { throw fail("unclosed quote", at: quote) }
                    let escaped = scalars[i + 1]
                    guard escaped == "\"" || escaped == "\\" else {
                        throw fail("invalid escape (only \\\" and \\\\ are allowed)", at: i)
                    }
                    key.append(escaped)
                    i += 2
                    continue
                }
                if Self.isControl(scalar) { throw controlCharacter(scalar, at: i) }
                key.append(scalar)
                i += 1
            }
            component = .key(String(key))
        } else if Self.isDigit(scalars[i]) {
            let start = i
            while i < n, Self.isDigit(scalars[i]) {
                i += 1
            }
            let digits = String(String.UnicodeScalarView(scalars[start..<i]))
            guard let index = Self.bareIndex(digits) else {
                throw fail("invalid index '\(digits)' (too large or leading zeros)", at: start)
            }
            component = .index(index)
        } else if Self.isControl(scalars[i]) {
            throw controlCharacter(scalars[i], at: i)
        } else {
            throw fail("expected a quoted key or an index after '['", at: i)
        }
        guard i < n else { throw fail("unclosed '['", at: open) }
        guard scalars[i] == "]" else { throw fail("expected ']'", at: i) }
        i += 1
        return component
    }

    func controlCharacter(_ scalar: Unicode.Scalar, at position: Int) -> JSONPathError {
        fail("control character \(TerminalText.sanitize(String(scalar))) not allowed", at: position)
    }

    /// The array index a bare component stands for: canonical decimal (no sign, no leading zero).
    static func bareIndex(_ key: String) -> Int? {
        let utf8 = key.utf8
        guard let first = utf8.first, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if first == UInt8(ascii: "0"), utf8.count > 1 { return nil }
        return Int(key)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// C0, DEL and C1 controls: never part of a field name anyone types.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }
}
