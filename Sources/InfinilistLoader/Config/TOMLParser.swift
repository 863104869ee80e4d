/// A small, strict parser for the part of TOML 1.0 a config file of named sources needs, so that
/// no package has to be added for it. Anything outside the subset is an error naming the line,
/// never a silent misreading.
///
/// Read: comments (`#`); `[table]` and `[dotted.table]` headers; `key = value` with bare
/// (`A-Za-z0-9_-`), quoted (`"a.b"`, `'x'`) and dotted keys; basic strings with escapes
/// (`\" \\ \b \t \n \f \r \uXXXX \UXXXXXXXX`) and literal strings; decimal integers (`_` between
/// digits allowed); decimal floats; `true`/`false`; arrays (over several lines, comments and a
/// trailing comma allowed); inline tables `{ k = v, ... }` on one line.
///
/// Not read (an error says so): multi-line strings, arrays of tables `[[x]]`, dates and times,
/// hexadecimal/octal/binary integers, `inf` and `nan`. A key or table defined twice is an error.
public struct TOMLParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// Parses a whole document into its root table.
    public static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLTable {
        var parser = TOMLParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Document and statements

    private mutating func document() throws(TOMLSyntaxError) -> TOMLTable {
        var root = TOMLTable()
        var current: [String] = []
        while true {
            skipBlank(newlines: true)
            guard let byte = peek else { return root }
            let statementLine = line
            if byte == UInt8(ascii: "[") {
                index += 1
                if peek == UInt8(ascii: "[") {
                    throw failure("arrays of tables ([[...]]) are not supported; use [sources.NAME] tables")
                }
                skipBlank()
                let path = try keyPath()
                skipBlank()
                try expect("]", "to close the table header")
                try endOfLine()
                try Self.defineTable(at: path, in: &root, line: statementLine)
                current = path
            } else {
                let path = try keyPath()
                skipBlank()
                try expect("=", "after the key '\(path.joined(separator: "."))'")
                skipBlank()
                let value = try self.value()
                try endOfLine()
                try Self.insert(value, at: current + path, in: &root, line: statementLine, header: current.count)
            }
        }
    }

    /// `[a.b]`: creates the table (and the tables above it, implicitly); a table defined twice,
    /// or a header naming a key that holds a value, is an error.
    private static func defineTable(at path: [String], in table: inout TOMLTable, line: Int) throws(TOMLSyntaxError) {
        guard let first = path.first else { return }
        let rest = Array(path.dropFirst())
        let name = path.joined(separator: ".")
        if let position = table.index(of: first) {
            guard case .table(var inner) = table.entries[position].value, !inner.isSealed else {
                throw TOMLSyntaxError(line: line, message: "[\(name)]: '\(first)' is already defined on line \(table.entries[position].line) as something else")
            }
            if rest.isEmpty {
                if inner.isDefined {
                    throw TOMLSyntaxError(line: line, message: "the table [\(name)] is already defined on line \(table.entries[position].line)")
                }
                inner.isDefined = true
            } else {
                try defineTable(at: rest, in: &inner, line: line)
            }
            table.entries[position].value = .table(inner)
        } else {
            var inner = TOMLTable()
            if rest.isEmpty {
                inner.isDefined = true
            } else {
                try defineTable(at: rest, in: &inner, line: line)
            }
            table.entries.append(TOMLEntry(key: first, value: .table(inner), line: line))
        }
    }

    /// `a.b = v` (under the current header): creates implicit tables for the dotted part; a key
    /// defined twice is an error. `header` is how many leading parts of `path` the header gave
    /// (only for the message).
    private static func insert(_ value: TOMLValue, at path: [String], in table: inout TOMLTable, line: Int, header: Int) throws(TOMLSyntaxError) {
        guard let first = path.first else { return }
        let rest = Array(path.dropFirst())
        if rest.isEmpty {
            if let existing = table[first] {
                throw TOMLSyntaxError(line: line, message: "the key '\(first)' is already defined on line \(existing.line)")
            }
            table.entries.append(TOMLEntry(key: first, value: value, line: line))
            return
        }
        if let position = table.index(of: first) {
            guard case .table(var inner) = table.entries[position].value, !inner.isSealed else {
                throw TOMLSyntaxError(line: line, message: "'\(first)' is already defined on line \(table.entries[position].line) as something else")
            }
            try insert(value, at: rest, in: &inner, line: line, header: header - 1)
            table.entries[position].value = .table(inner)
        } else {
            var inner = TOMLTable()
            try insert(value, at: rest, in: &inner, line: line, header: header - 1)
            table.entries.append(TOMLEntry(key: first, value: .table(inner), line: line))
        }
    }

    // MARK: Keys

    /// `a`, `a.b`, `"a.b".c`, with blanks allowed around the dots.
    private mutating func keyPath() throws(TOMLSyntaxError) -> [String] {
        var parts = [try key()]
        while true {
            let saved = (index, line)
            skipBlank()
            guard peek == UInt8(ascii: ".") else {
                (index, line) = saved
                return parts
            }
            index += 1
            skipBlank()
            parts.append(try key())
        }
    }

    private mutating func key() throws(TOMLSyntaxError) -> String {
        switch peek {
        case UInt8(ascii: "\""):
            return try basicString()
        case UInt8(ascii: "'"):
            return try literalString()
        default:
            let start = index
            while let byte = peek, Self.isBareKeyByte(byte) { index += 1 }
            guard index > start else {
                throw failure("expected a key (letters, digits, '_' or '-', or a quoted key), found \(describeNext)")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    // MARK: Values

    private mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
        switch peek {
        case UInt8(ascii: "\""): return .string(try basicString())
        case UInt8(ascii: "'"): return .string(try literalString())
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "{"): return try inlineTable()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return try boolean()
        case let byte? where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "i") || byte == UInt8(ascii: "n"):
            return try number()
        case let byte:
            let found = byte.map(Self.isBareKeyByte) == true ? describeWord : describeNext
            throw failure("expected a value (a \"string\", a number, true or false, an [array] or an { inline table }), found \(found)")
        }
    }

    private mutating func basicString() throws(TOMLSyntaxError) -> String {
        index += 1  // the opening quote
        if peek == UInt8(ascii: "\""), peek(at: 1) == UInt8(ascii: "\"") {
            throw failure("multi-line strings (\"\"\") are not supported; write the string on one line")
        }
        var scalars = String.UnicodeScalarView()
        var start = index
        func flush(_ parser: TOMLParser, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[start..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = peek else { throw failure("a string is not closed (missing \")") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(self, upTo: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, upTo: index)
                index += 1
                scalars.append(try escape())
                start = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw failure("a string is not closed on its line (missing \")")
            case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
                throw failure("a control character (byte \(byte)) in a string; write it as an escape such as \\u001B")
            default:
                index += 1
            }
        }
    }

    private mutating func escape() throws(TOMLSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw failure("a string is not closed (missing \")") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "u"): return try unicodeEscape(digits: 4)
        case UInt8(ascii: "U"): return try unicodeEscape(digits: 8)
        default:
            index -= 1
            throw failure("unknown escape \\\(describe(byte)) in a string (use \\\\ for a backslash, or a 'literal string')")
        }
    }

    private mutating func unicodeEscape(digits: Int) throws(TOMLSyntaxError) -> Unicode.Scalar {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw failure("\\\(digits == 4 ? "u" : "U") needs \(digits) hexadecimal digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw failure("\\\(digits == 4 ? "u" : "U")\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value")
        }
        return scalar
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private mutating func literalString() throws(TOMLSyntaxError) -> String {
        index += 1  // the opening quote
        if peek == UInt8(ascii: "'"), peek(at: 1) == UInt8(ascii: "'") {
            throw failure("multi-line strings (''') are not supported; write the string on one line")
        }
        let start = index
        while true {
            guard let byte = peek else { throw failure("a string is not closed (missing ')") }
            switch byte {
            case UInt8(ascii: "'"):
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw failure("a string is not closed on its line (missing ')")
            case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
                throw failure("a control character (byte \(byte)) in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func boolean() throws(TOMLSyntaxError) -> TOMLValue {
        for (word, value) in [("true", true), ("false", false)] where matches(word) {
            let after = peek(at: word.utf8.count)
            if after == nil || !Self.isBareKeyByte(after ?? 0) {
                index += word.utf8.count
                return .boolean(value)
            }
        }
        throw failure("expected a value (true, false, a \"string\", a number, ...), found \(describeWord)")
    }

    /// Integers and floats; the token runs to the next blank, comma, bracket, brace or comment.
    private mutating func number() throws(TOMLSyntaxError) -> TOMLValue {
        let start = index
        while let byte = peek, !Self.endsToken(byte) { index += 1 }
        let token = String(decoding: bytes[start..<index], as: UTF8.self)
        let unsigned = token.first == "+" || token.first == "-" ? String(token.dropFirst()) : token
        if ["inf", "nan"].contains(unsigned) { throw failure("inf and nan are not supported") }
        if token.contains(":") || token.prefixMatch(of: /[0-9]{4}-[0-9]{2}/) != nil {
            throw failure("dates and times are not supported; write \(token) as a \"string\"")
        }
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0o") || unsigned.hasPrefix("0b") {
            throw failure("only decimal integers are supported, not \(token)")
        }
        guard Self.underscoresAreBetweenDigits(unsigned) else {
            throw failure("'\(token)' is not a number: '_' must stand between two digits")
        }
        let plain = token.filter { $0 != "_" }
        let digits = unsigned.filter { $0 != "_" }
        if digits.allSatisfy(\.isASCIIDigit), !digits.isEmpty {
            if digits.count > 1, digits.first == "0" { throw failure("'\(token)': a decimal integer cannot start with 0") }
            guard let value = Int(plain) else { throw failure("'\(token)' does not fit in a 64-bit integer") }
            return .integer(value)
        }
        if digits.wholeMatch(of: /(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil,
           digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
           let value = Double(plain) {
            return .float(value)
        }
        throw failure("'\(token)' is not a value; a string needs quotes: \"\(token)\"")
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"):
            return true
        default:
            return false
        }
    }

    private static func underscoresAreBetweenDigits(_ text: String) -> Bool {
        let characters = Array(text)
        for (offset, character) in characters.enumerated() where character == "_" {
            guard offset > 0, offset < characters.count - 1,
                  characters[offset - 1].isASCIIDigit, characters[offset + 1].isASCIIDigit else { return false }
        }
        return true
    }

    /// `[v, v, ...]`, possibly over several lines with comments, a trailing comma allowed.
    private mutating func array() throws(TOMLSyntaxError) -> TOMLValue {
        let opened = line
        index += 1
        var values: [TOMLValue] = []
        while true {
            skipBlank(newlines: true)
            guard let byte = peek else {
                throw TOMLSyntaxError(line: opened, message: "the array opened on this line is not closed (missing ])")
            }
            if byte == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            values.append(try value())
            skipBlank(newlines: true)
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): continue
            case nil: throw TOMLSyntaxError(line: opened, message: "the array opened on this line is not closed (missing ])")
            default: throw failure("expected ',' or ']' in the array, found \(describeNext)")
            }
        }
    }

    /// `{ k = v, k2 = v2 }` on one line.
    private mutating func inlineTable() throws(TOMLSyntaxError) -> TOMLValue {
        index += 1
        var table = TOMLTable()
        skipBlank()
        if peek == UInt8(ascii: "}") {
            index += 1
            table.isDefined = true
            table.isSealed = true
            return .table(table)
        }
        while true {
            skipBlank()
            let path = try keyPath()
            skipBlank()
            if peek == UInt8(ascii: "}") {
                // `format = {title}`: a template without its quotes.
                throw failure("{\(path.joined(separator: "."))} is read as an inline table; a text with braces needs quotes: \"{\(path.joined(separator: "."))}\"")
            }
            try expect("=", "after the key '\(path.joined(separator: "."))' in the inline table")
            skipBlank()
            let value = try self.value()
            try Self.insert(value, at: path, in: &table, line: line, header: 0)
            skipBlank()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipBlank()
                if peek == UInt8(ascii: "}") { throw failure("a trailing comma is not allowed in an inline table") }
                if peek == nil || peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "\r") {
                    throw failure("an inline table must end on the line it starts (missing })")
                }
            case UInt8(ascii: "}"):
                index += 1
                table.isDefined = true
                table.isSealed = true
                return .table(table)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), nil:
                throw failure("an inline table must end on the line it starts (missing })")
            default:
                throw failure("expected ',' or '}' in the inline table, found \(describeNext)")
            }
        }
    }

    // MARK: Blanks, comments, lines

    /// Skips spaces and tabs, and comments; with `newlines`, line ends too.
    private mutating func skipBlank(newlines: Bool = false) {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "#"):
                while let next = peek, next != UInt8(ascii: "\n") { index += 1 }
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

    /// After a statement only blanks and a comment may follow on its line.
    private mutating func endOfLine() throws(TOMLSyntaxError) {
        skipBlank()
        switch peek {
        case nil: return
        case UInt8(ascii: "\n"):
            index += 1
            line += 1
        case UInt8(ascii: "\r") where peek(at: 1) == UInt8(ascii: "\n"):
            index += 2
            line += 1
        default:
            throw failure("expected the end of the line, found \(describeNext) (one key = value per line)")
        }
    }

    private mutating func expect(_ character: Character, _ context: String) throws(TOMLSyntaxError) {
        guard let ascii = character.asciiValue, peek == ascii else {
            throw failure("expected '\(character)' \(context), found \(describeNext)")
        }
        index += 1
    }

    private func matches(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        return Array(bytes[index..<index + utf8.count]) == utf8
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func failure(_ message: String) -> TOMLSyntaxError {
        TOMLSyntaxError(line: line, message: message)
    }

    /// The next character, quoted, for messages: `'x'`, `the end of the line`, `the end of the file`.
    private var describeNext: String {
        guard let byte = peek else { return "the end of the file" }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "the end of the line" }
        return "'\(describe(byte))'"
    }

    /// The word starting here, for messages about bare words such as `yes`.
    private var describeWord: String {
        var end = index
        while end < bytes.count, !Self.endsToken(bytes[end]) { end += 1 }
        return "'" + String(decoding: bytes[index..<min(end, index + 20)], as: UTF8.self) + "'"
    }

    /// One character starting at the current byte, printable (control bytes as `\xNN`).
    private func describe(_ byte: UInt8) -> String {
        if byte < 0x20 || byte == 0x7F { return "\\x" + String(byte, radix: 16, uppercase: true) }
        if byte < 0x80 { return String(UnicodeScalar(byte)) }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
