/// Strings: basic (`"…"`, with escapes) and literal (`'…'`), each on one line or over several
/// (`"""…"""`, `'''…'''`).
extension TOMLParser {
    /// At the opening `"`.
    mutating func basicString() throws(TOMLSyntaxError) -> String {
        if matches("\"\"\"") { return try multiLineBasicString() }
        index += 1
        var text = String.UnicodeScalarView()
        var start = index
        while true {
            guard let byte = peek else { throw failure("a string is not closed (missing \")") }
            switch byte {
            case UInt8(ascii: "\""):
                text.append(contentsOf: scalars(from: start))
                index += 1
                return String(text)
            case UInt8(ascii: "\\"):
                text.append(contentsOf: scalars(from: start))
                index += 1
                text.append(try escape())
                start = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r") where peek(at: 1) == UInt8(ascii: "\n"):
                throw failure("a string is not closed on its line (missing \"; a string over several lines is written \"\"\"…\"\"\")")
            case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
                throw failure("a control character (byte \(byte)) in a string; write it as an escape such as \\u001B")
            default:
                index += 1
            }
        }
    }

    /// At the opening `'`.
    mutating func literalString() throws(TOMLSyntaxError) -> String {
        if matches("'''") { return try multiLineLiteralString() }
        index += 1
        let start = index
        while true {
            guard let byte = peek else { throw failure("a string is not closed (missing ')") }
            switch byte {
            case UInt8(ascii: "'"):
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\n"), UInt8(ascii: "\r") where peek(at: 1) == UInt8(ascii: "\n"):
                throw failure("a string is not closed on its line (missing ')")
            case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
                throw failure("a control character (byte \(byte)) in a string")
            default:
                index += 1
            }
        }
    }

    /// `"""…"""`: a line end right after the opening quotes is dropped; a backslash at the end of
    /// a line drops that line end and the blanks and line ends after it; escapes as in `"…"`.
    private mutating func multiLineBasicString() throws(TOMLSyntaxError) -> String {
        let opened = line
        index += 3
        skipOneLineEnd()
        var text = String.UnicodeScalarView()
        var start = index
        while true {
            guard let byte = peek else {
                throw TOMLSyntaxError(line: opened, message: "the multi-line string opened on this line is not closed (missing \"\"\")")
            }
            if byte == UInt8(ascii: "\\") {
                text.append(contentsOf: scalars(from: start))
                index += 1
                if !skipLineEndingBackslash() { text.append(try escape()) }
                start = index
            } else if let closing = closingQuotes(UInt8(ascii: "\"")) {
                text.append(contentsOf: scalars(from: start))
                text.append(contentsOf: String(repeating: "\"", count: closing - 3).unicodeScalars)
                index += closing
                return String(text)
            } else {
                try skipMultiLineByte(byte)
            }
        }
    }

    /// `'''…'''`: as `"""…"""`, without escapes.
    private mutating func multiLineLiteralString() throws(TOMLSyntaxError) -> String {
        let opened = line
        index += 3
        skipOneLineEnd()
        let start = index
        while true {
            guard let byte = peek else {
                throw TOMLSyntaxError(line: opened, message: "the multi-line string opened on this line is not closed (missing ''')")
            }
            if let closing = closingQuotes(UInt8(ascii: "'")) {
                let text = String(decoding: bytes[start..<index + closing - 3], as: UTF8.self)
                index += closing
                return text
            }
            try skipMultiLineByte(byte)
        }
    }

    /// How many quotes close the string here: three, or four or five when one or two quotes end
    /// the text (`"""x"""""` is `x""`); nil when fewer than three are here.
    private func closingQuotes(_ quote: UInt8) -> Int? {
        guard peek == quote, peek(at: 1) == quote, peek(at: 2) == quote else { return nil }
        var count = 3
        while count < 5, peek(at: count) == quote { count += 1 }
        return count
    }

    /// One byte of a multi-line string's text: line ends are counted, control characters other
    /// than tab and line ends refused.
    private mutating func skipMultiLineByte(_ byte: UInt8) throws(TOMLSyntaxError) {
        switch byte {
        case UInt8(ascii: "\n"):
            index += 1
            line += 1
        case UInt8(ascii: "\r") where peek(at: 1) == UInt8(ascii: "\n"):
            index += 2
            line += 1
        case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
            throw failure("a control character (byte \(byte)) in a string; write it as an escape such as \\u001B in a \"\"\"basic string\"\"\"")
        default:
            index += 1
        }
    }

    private mutating func skipOneLineEnd() {
        if peek == UInt8(ascii: "\n") {
            index += 1
            line += 1
        } else if peek == UInt8(ascii: "\r"), peek(at: 1) == UInt8(ascii: "\n") {
            index += 2
            line += 1
        }
    }

    /// After a backslash in `"""…"""`: when only blanks follow it on its line, skips them, the
    /// line end and every blank and line end after it, and says so.
    private mutating func skipLineEndingBackslash() -> Bool {
        var end = index
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        let atLineEnd = end < bytes.count && (bytes[end] == UInt8(ascii: "\n")
            || (bytes[end] == UInt8(ascii: "\r") && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: "\n")))
        guard atLineEnd else { return false }
        index = end
        while let byte = peek {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
            } else if !skipLineBreak() {
                return true
            }
        }
        return true
    }

    /// The text from `start` to here, as scalars.
    private func scalars(from start: Int) -> String.UnicodeScalarView {
        String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars
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

}
