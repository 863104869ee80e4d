extension JSONValue {
    /// `prettyJSON(indent:)` split into lines of styled spans, for the detail view's syntax
    /// colouring: keys, strings, numbers, literals and punctuation each get their own `Style`.
    /// Joining each line's span texts, and the lines with "\n", gives exactly `prettyJSON` (a test
    /// checks it), so the detail view shows the very text Enter would print, only indented.
    /// With `splitsStrings`, a string goes on over one line per line of its text, as the detail
    /// view shows it (`PrettyLines`): its pieces after the first one level further in.
    public func highlightedLines(indent: Int = 2, splitsStrings: Bool = false) -> [[Span]] {
        var writer = HighlightWriter(indent: max(0, indent), splitsStrings: splitsStrings)
        writer.write(self, level: 0)
        writer.endLine()
        return writer.lines
    }
}

/// Mirrors `JSONWriter`'s pretty layout, emitting spans instead of bytes.
private struct HighlightWriter {
    let indent: Int
    let splitsStrings: Bool
    var lines: [[Span]] = []
    var line: [Span] = []

    init(indent: Int, splitsStrings: Bool) {
        self.indent = indent
        self.splitsStrings = splitsStrings
    }

    mutating func append(_ text: String, _ style: Style) {
        if let last = line.last, last.style == style {
            line[line.count - 1].text += text
        } else {
            line.append(Span(text, style))
        }
    }

    mutating func endLine() {
        lines.append(line)
        line = []
    }

    mutating func newline(level: Int) {
        endLine()
        let spaces = indent * level
        if spaces > 0 { append(String(repeating: " ", count: spaces), .normal) }
    }

    static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Recursive, as `JSONWriter.write` is: depth is bounded by the parser's `maxDepth`.
    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .null:
            append("null", .jsonLiteral)
        case .bool(let b):
            append(b ? "true" : "false", .jsonLiteral)
        case .number(let literal):
            append(literal, .jsonNumber)
        case .string(let s) where splitsStrings:
            let pieces = QuotedLines.of(s)
            for (index, piece) in pieces.enumerated() {
                if index > 0 { newline(level: level + 1) }
                append(piece, .jsonString)
            }
        case .string(let s):
            append(Self.quoted(s), .jsonString)
        case .array(let elements):
            guard !elements.isEmpty else {
                append("[]", .jsonPunctuation)
                return
            }
            append("[", .jsonPunctuation)
            for (i, element) in elements.enumerated() {
                if i > 0 { append(",", .jsonPunctuation) }
                newline(level: level + 1)
                write(element, level: level + 1)
            }
            newline(level: level)
            append("]", .jsonPunctuation)
        case .object(let members):
            guard !members.isEmpty else {
                append("{}", .jsonPunctuation)
                return
            }
            append("{", .jsonPunctuation)
            var first = true
            for (key, member) in members {
                if !first { append(",", .jsonPunctuation) }
                first = false
                newline(level: level + 1)
                append(Self.quoted(key), .jsonKey)
                append(":", .jsonPunctuation)
                append(" ", .normal)
                write(member, level: level + 1)
            }
            newline(level: level)
            append("}", .jsonPunctuation)
        }
    }
}

/// A string as the detail view shows it (`PrettyLines`): quoted, and cut after each `\n`
/// that more of it follows.
enum QuotedLines {
    /// The quoted string cut after each `\n` that more of it follows.
    static func of(_ s: String) -> [String] {
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted(s, to: &bytes)
        let quoted = String(decoding: bytes, as: UTF8.self)
        var pieces: [String] = []
        var current = ""
        var previous: Character?
        for character in quoted {
            current.append(character)
            // Quoted text has a backslash only in an escape: `\\` is one, so `\\n` is not a break.
            if previous == "\\" {
                if character == "n" { pieces.append(current); current = "" }
                previous = nil
            } else {
                previous = character
            }
        }
        if current == "\"", let last = pieces.popLast() {
            current = last + current
        }
        pieces.append(current)
        return pieces
    }
}
