extension JSONValue {
    /// `prettyJSON(indent:)` split into lines of styled spans, for the detail view's syntax
    /// colouring: keys, strings, numbers, literals and punctuation each get their own `Style`.
    /// Joining each line's span texts, and the lines with "\n", gives exactly `prettyJSON` (a test
    /// checks it), so the detail view shows the very text Enter would print, only indented.
    public func highlightedLines(indent: Int = 2) -> [[Span]] {
        var writer = HighlightWriter(indent: max(0, indent))
        writer.write(self, level: 0)
        writer.endLine()
        return writer.lines
    }
}

/// Mirrors `JSONWriter`'s pretty layout, emitting spans instead of bytes.
private struct HighlightWriter {
    let indent: Int
    var lines: [[Span]] = []
    var line: [Span] = []

    init(indent: Int) {
        self.indent = indent
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
