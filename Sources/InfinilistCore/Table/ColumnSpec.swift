/// One column as the user names it with `--columns`: `PATH[:WIDTH][=HEADER]`, e.g.
/// `user.login=author` or `created_at:10`.
public struct ColumnSpec: Sendable, Equatable {
    public let path: JSONPath
    /// A fixed width in terminal columns; nil lets the first page decide.
    public let width: Int?
    /// The header; nil means the path's last part.
    public let header: String?

    /// The most columns a list may name, and the widest a column may be made.
    public static let maxColumns = 40
    public static let maxWidth = 1000

    public init(path: JSONPath, width: Int? = nil, header: String? = nil) {
        self.path = path
        self.width = width
        self.header = header
    }

    /// The header shown: the one given, else the path's last key (`login` for `user.login`).
    public var headerText: String {
        header ?? path.components.last?.key ?? path.description
    }

    /// The column as `--columns` takes it back: a key holding `,`, `:` or `=` (which separate
    /// the parts of a list) or starting or ending with a space (entries are trimmed) is written
    /// in brackets, `["a,b"]`.
    public var text: String {
        var text = path.text { key in
            key.contains { $0 == "," || $0 == ":" || $0 == "=" } || key.first == " " || key.last == " "
        }
        if let width { text += ":\(width)" }
        if let header { text += "=\(header)" }
        return text
    }

    /// Reads a comma-separated list: `number,title,user.login=author,state,created_at:10`.
    /// Spaces around each entry are ignored; a key holding `,`, `:` or `=` is quoted as in any
    /// path (`["a,b"]`). The header runs to the next comma.
    public static func parseList(_ text: String) throws(ColumnSpecError) -> [ColumnSpec] {
        let entries = splitTopLevel(text, at: ",")
        guard entries.count <= maxColumns else {
            throw ColumnSpecError("'\(TerminalText.sanitize(text))' names \(entries.count) columns; at most \(maxColumns)")
        }
        var specs: [ColumnSpec] = []
        for (index, raw) in entries.enumerated() {
            let entry = raw.trimmingSpaces
            guard !entry.isEmpty else {
                throw ColumnSpecError("column \(index + 1) of '\(TerminalText.sanitize(text))' is empty")
            }
            specs.append(try parse(entry))
        }
        return specs
    }

    /// One `PATH[:WIDTH][=HEADER]`.
    static func parse(_ entry: String) throws(ColumnSpecError) -> ColumnSpec {
        let shown = TerminalText.sanitize(entry)
        var pathPart = entry
        var header: String?
        if let equals = firstTopLevel(entry, "=") {
            pathPart = String(entry[..<equals])
            let given = String(entry[entry.index(after: equals)...]).trimmingSpaces
            guard !given.isEmpty else { throw ColumnSpecError("'\(shown)' has an empty header after '='") }
            header = given
        }
        var width: Int?
        if let colon = lastTopLevel(pathPart, ":") {
            let digits = String(pathPart[pathPart.index(after: colon)...]).trimmingSpaces
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits) else {
                throw ColumnSpecError("'\(shown)': the width after ':' must be a number of terminal columns, not '\(TerminalText.sanitize(digits))' (quote a key holding ':' as [\"a:b\"])")
            }
            guard value >= 1, value <= maxWidth else {
                throw ColumnSpecError("'\(shown)': the width must be 1 to \(maxWidth) columns, not \(value)")
            }
            width = value
            pathPart = String(pathPart[..<colon])
        }
        let pathText = pathPart.trimmingSpaces
        guard !pathText.isEmpty else { throw ColumnSpecError("'\(shown)' has no path before its width or header") }
        do throws(JSONPathError) {
            return ColumnSpec(path: try JSONPath(parsing: pathText), width: width, header: header)
        } catch {
            throw ColumnSpecError(error.message)
        }
    }

    /// Splits at `separator` outside `[...]` and the quotes inside them.
    static func splitTopLevel(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var scanner = BracketScanner()
        for character in text {
            if scanner.isTopLevel, character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
            scanner.advance(over: character)
        }
        parts.append(current)
        return parts
    }

    static func firstTopLevel(_ text: String, _ target: Character) -> String.Index? {
        var scanner = BracketScanner()
        for index in text.indices {
            if scanner.isTopLevel, text[index] == target { return index }
            scanner.advance(over: text[index])
        }
        return nil
    }

    static func lastTopLevel(_ text: String, _ target: Character) -> String.Index? {
        var scanner = BracketScanner()
        var found: String.Index?
        for index in text.indices {
            if scanner.isTopLevel, text[index] == target { found = index }
            scanner.advance(over: text[index])
        }
        return found
    }
}

/// Tracks whether a position is inside a path's `["..."]` (where `,`, `:` and `=` are part of
/// a key), following quotes and their `\"` escapes.
private struct BracketScanner {
    private var inBracket = false
    private var inQuotes = false
    private var escaped = false

    var isTopLevel: Bool { !inBracket }

    mutating func advance(over character: Character) {
        if inQuotes {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes = false
            }
        } else if inBracket {
            if character == "\"" { inQuotes = true } else if character == "]" { inBracket = false }
        } else if character == "[" {
            inBracket = true
        }
    }
}

/// Why a `--columns` list was refused; one line, terminal-safe.
public struct ColumnSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
