/// Strings, UTF-8 checks and the wording of errors, for `ByteParser`.
extension ByteParser {
    // MARK: Strings

    /// Parses a string starting at its opening quote. Plain runs are passed eight bytes at a
    /// time and copied in one go; only strings with escapes go through the scratch buffer.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = pos
        pos += 1
        var segmentStart = pos
        var escaped = false
        while true {
            skipPlainASCII()
            guard pos < end else {
                throw JSONParseError(
                    message: "unexpected end of input at byte \(pos) inside the string that starts at byte \(open) (truncated?)",
                    offset: pos
                )
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<pos]))
                try parseEscape()
                segmentStart = pos
            } else if byte < 0x20 {
                throw JSONParseError(
                    message: "unescaped control character \(Self.hex(byte)) in the string at byte \(pos)",
                    offset: pos
                )
            } else if byte < 0x80 {
                pos += 1
            } else {
                switch utf8Sequence(at: pos) {
                case .valid(let length):
                    pos += length
                case .truncated:
                    throw endOfInput()
                case .invalid:
                    // Left in the run: `String(decoding:as:)` replaces it with U+FFFD. One byte at
                    // a time, so a quote or backslash after a broken sequence is still seen.
                    pos += 1
                }
            }
        }
        let text: String
        if escaped {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<pos]))
            text = String(decoding: scratch, as: UTF8.self)
        } else {
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[segmentStart..<pos]), as: UTF8.self)
        }
        pos += 1
        return text
    }

    /// Decodes the escape at `pos` (a backslash) into `scratch`. Surrogate pairs are joined; a
    /// surrogate without its partner becomes U+FFFD, as browsers do.
    mutating func parseEscape() throws(JSONParseError) {
        let start = pos
        pos += 1
        guard pos < end else { throw endOfInput() }
        let byte = bytes[pos]
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw JSONParseError(
                message: "invalid escape in the string at byte \(start): '\\' followed by \(describe(at: pos))",
                offset: start
            )
        }
        pos += 1
        if let simple {
            scratch.append(simple)
            return
        }
        let unit = try hex4(escapeStart: start)
        var scalar = unit
        if (0xD800...0xDBFF).contains(unit) {
            if pos + 6 <= end,
               bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u"),
               let low = hexValue(at: pos + 2), (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                pos += 6
            } else {
                scalar = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(unit) {
            scalar = 0xFFFD
        }
        appendUTF8(scalar)
    }

    mutating func hex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        for i in 0..<4 {
            guard pos + i < end else {
                pos += i
                throw endOfInput()
            }
            guard HexDigit.value(bytes[pos + i]) != nil else {
                throw JSONParseError(
                    message: "invalid \\u escape in the string at byte \(escapeStart): expected 4 hex digits",
                    offset: escapeStart
                )
            }
        }
        let value = hexValue(at: pos) ?? 0xFFFD
        pos += 4
        return value
    }

    func hexValue(at index: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for i in index..<(index + 4) {
            guard let digit = HexDigit.value(bytes[i]).map(UInt32.init) else { return nil }
            value = value << 4 | digit
        }
        return value
    }


    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    // MARK: UTF-8

    enum UTF8Check {
        case valid(Int)
        case invalid
        case truncated
    }

    /// Checks the multi-byte sequence starting at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    func utf8Sequence(at index: Int) -> UTF8Check {
        let lead = bytes[index]
        var continuation = 0
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuation = 1
        case 0xE0: continuation = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: continuation = 2
        case 0xED: continuation = 2; high = 0x9F
        case 0xF0: continuation = 3; low = 0x90
        case 0xF1...0xF3: continuation = 3
        case 0xF4: continuation = 3; high = 0x8F
        default: return .invalid
        }
        for i in 1...continuation {
            guard index + i < end else { return .truncated }
            let byte = bytes[index + i]
            let range = i == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return .invalid }
        }
        return .valid(continuation + 1)
    }

    // MARK: Errors

    func endOfInput() -> JSONParseError {
        JSONParseError(message: "unexpected end of input at byte \(end) (truncated?)", offset: end)
    }

    func unexpected(at index: Int, expected: String) -> JSONParseError {
        JSONParseError(message: "unexpected \(describe(at: index)) at byte \(index) (expected \(expected))", offset: index)
    }

    /// Names the input at `index` the way a user would recognise it: `character '<'`, or the
    /// byte in hex when it is not printable. Non-ASCII characters are shown sanitized.
    func describe(at index: Int) -> String {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        if byte >= 0x80, case .valid(let length) = utf8Sequence(at: index) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
            return "character '\(TerminalText.sanitize(text))'"
        }
        return "byte \(Self.hex(byte))"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
    }
}
