/// A strict TOML 1.0 parser that keeps what a config file's messages need and a package would
/// lose: the line of every key, and the order keys were written in (docs/decisions.md, 27 and
/// 36). Anything that is not TOML 1.0 is an error naming the line, never a silent misreading.
///
/// Read: comments (`#`); `[table]`, `[dotted.table]` and `[[array.of.tables]]` headers;
/// `key = value` with bare (`A-Za-z0-9_-`), quoted (`"a.b"`, `'x'`) and dotted keys; basic
/// strings with escapes (`\" \\ \b \t \n \f \r \uXXXX \UXXXXXXXX`), literal strings, and both
/// over several lines (`"""…"""`, `'''…'''`, a line-ending backslash joins lines); integers
/// (decimal, `0x`, `0o`, `0b`, `_` between digits); floats (with `inf` and `nan`); `true`/`false`;
/// offset and local date-times, local dates and local times; arrays (over several lines,
/// comments and a trailing comma allowed); inline tables `{ k = v, ... }` on one line. LF or
/// CRLF line ends.
///
/// A key or table defined twice is an error, as TOML 1.0 says (`TOMLTableBuilder`): a `[table]`
/// once, a table made by dotted keys never by a `[header]`, an inline table or array never
/// extended.
///
/// Bounded: arrays and inline tables nest at most `maxDepth` deep and a key or header has at most
/// `maxDepth` dotted parts, so a hostile file cannot exhaust the stack; each byte is read once and
/// tables are indexed (`TOMLTableBuilder`), so time grows linearly with the file.
public struct TOMLParser {
    /// Deeper than any config needs, shallow enough for the smallest thread stack.
    public static let maxDepth = 32

    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// Arrays and inline tables open around the current value.
    var depth = 0
    /// Each header and key = value as it was read, with its lines (`statements(of:)`).
    private var statements: [TOMLStatement] = []

    /// Parses a whole document into its root table.
    public static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLTable {
        var parser = TOMLParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    /// The document's headers and key = value lines in order, each with the lines it spans: what
    /// an edit of the file needs to replace some lines and keep every other byte (`V` writing a
    /// view back into the config file). Throws as `parse` does.
    public static func statements(of text: String) throws(TOMLSyntaxError) -> [TOMLStatement] {
        var parser = TOMLParser(bytes: Array(text.utf8))
        _ = try parser.document()
        return parser.statements
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A byte order mark may open a UTF-8 file (editors on Windows write one); nowhere else.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: Document and statements

    private mutating func document() throws(TOMLSyntaxError) -> TOMLTable {
        let root = TOMLTableBuilder()
        var current = root
        while true {
            try skipBlank(newlines: true)
            guard let byte = peek else { return root.build() }
            let statementLine = line
            if byte == UInt8(ascii: "[") {
                index += 1
                let isArrayOfTables = peek == UInt8(ascii: "[")
                if isArrayOfTables { index += 1 }
                try skipBlank()
                let path = try keyPath()
                try skipBlank()
                if isArrayOfTables {
                    try expect("]", "to close the array-of-tables header [[...]]")
                    try expect("]", "to close the array-of-tables header [[...]]")
                } else {
                    try expect("]", "to close the table header")
                }
                statements.append(TOMLStatement(kind: isArrayOfTables ? .arrayTableHeader : .tableHeader, path: path, lines: statementLine...line))
                try endOfLine()
                current = isArrayOfTables
                    ? try TOMLTableBuilder.appendTable(path, in: root, line: statementLine)
                    : try TOMLTableBuilder.defineTable(path, in: root, line: statementLine)
            } else {
                let path = try keyPath()
                try skipBlank()
                try expect("=", "after the key '\(path.joined(separator: "."))'")
                try skipBlank()
                let value = try self.value()
                statements.append(TOMLStatement(kind: .keyValue, path: path, lines: statementLine...line))
                try endOfLine()
                try current.insert(value, at: path, line: statementLine)
            }
        }
    }

    // MARK: Keys

    /// `a`, `a.b`, `"a.b".c`, with blanks allowed around the dots; at most `maxDepth` parts.
    mutating func keyPath() throws(TOMLSyntaxError) -> [String] {
        var parts = [try key()]
        while true {
            let saved = (index, line)
            try skipBlank()
            guard peek == UInt8(ascii: ".") else {
                (index, line) = saved
                return parts
            }
            guard parts.count < Self.maxDepth else {
                throw failure("a key or table name has at most \(Self.maxDepth) dotted parts; a config file needs a few")
            }
            index += 1
            try skipBlank()
            parts.append(try key())
        }
    }

    private mutating func key() throws(TOMLSyntaxError) -> String {
        switch peek {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard let quote = peek, peek(at: 1) != quote || peek(at: 2) != quote else {
                throw failure("a key cannot be a multi-line string; write it in \"quotes\" on one line")
            }
            return quote == UInt8(ascii: "\"") ? try basicString() : try literalString()
        default:
            let start = index
            while let byte = peek, Self.isBareKeyByte(byte) { index += 1 }
            guard index > start else {
                throw failure("expected a key (letters, digits, '_' or '-', or a quoted key), found \(describeNext)")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    // MARK: Blanks, comments, lines

    /// Skips spaces and tabs, and comments; with `newlines`, line ends too.
    mutating func skipBlank(newlines: Bool = false) throws(TOMLSyntaxError) {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "#"):
                try skipComment()
            case UInt8(ascii: "\r") where newlines && peek(at: 1) == UInt8(ascii: "\n"):
                index += 1
            case UInt8(ascii: "\n") where newlines:
                index += 1
                line += 1
            default:
                return
            }
        }
    }

    /// From `#` to the end of the line. A comment holds text: a control character other than
    /// a tab (a stray carriage return, a NUL) is refused, as in strings.
    private mutating func skipComment() throws(TOMLSyntaxError) {
        while let byte = peek, byte != UInt8(ascii: "\n") {
            let isControl = (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
            if isControl, byte != UInt8(ascii: "\r") || peek(at: 1) != UInt8(ascii: "\n") {
                throw failure("a control character (byte \(byte)) in a comment")
            }
            index += 1
        }
    }

    /// After a statement only blanks and a comment may follow on its line.
    private mutating func endOfLine() throws(TOMLSyntaxError) {
        try skipBlank()
        guard peek != nil, !skipLineBreak() else { return }
        throw failure("expected the end of the line, found \(describeNext) (one key = value per line)")
    }

    /// Steps over a line break (LF or CRLF) at the cursor, counting the line; false when none is there.
    mutating func skipLineBreak() -> Bool {
        switch peek {
        case UInt8(ascii: "\n"): index += 1
        case UInt8(ascii: "\r") where peek(at: 1) == UInt8(ascii: "\n"): index += 2
        default: return false
        }
        line += 1
        return true
    }

    mutating func expect(_ character: Character, _ context: String) throws(TOMLSyntaxError) {
        guard let ascii = character.asciiValue, peek == ascii else {
            throw failure("expected '\(character)' \(context), found \(describeNext)")
        }
        index += 1
    }

    func matches(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        return bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    func failure(_ message: String) -> TOMLSyntaxError {
        TOMLSyntaxError(line: line, message: message)
    }

    /// The next character, quoted, for messages: `'x'`, `the end of the line`, `the end of the file`.
    var describeNext: String {
        guard let byte = peek else { return "the end of the file" }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "the end of the line" }
        return "'\(describe(byte))'"
    }

    /// The word starting here, for messages about bare words such as `yes`.
    var describeWord: String {
        var end = index
        while end < bytes.count, !Self.endsToken(bytes[end]) { end += 1 }
        return "'" + String(decoding: bytes[index..<min(end, index + 20)], as: UTF8.self) + "'"
    }

    /// One character starting at the current byte, printable (control bytes as `\xNN`).
    func describe(_ byte: UInt8) -> String {
        if byte < 0x20 || byte == 0x7F { return "\\x" + String(byte, radix: 16, uppercase: true) }
        if byte < 0x80 { return String(UnicodeScalar(byte)) }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"):
            return true
        default:
            return false
        }
    }
}
