/// Numbers: decimal, hexadecimal (`0xDEAD_BEEF`), octal (`0o755`) and binary (`0b1101`)
/// integers, decimal floats, `inf` and `nan` with an optional sign. Checked byte by byte (a
/// regular expression per number made big files slow).
extension TOMLParser {
    /// At a sign, a digit, `i` or `n`; the token runs to the next blank, comma, bracket, brace or
    /// comment. Dates and times are read before this (`startsDateOrTime`).
    mutating func number() throws(TOMLSyntaxError) -> TOMLValue {
        let start = index
        while let byte = peek, !Self.endsToken(byte) { index += 1 }
        let token = bytes[start..<index]
        let text = String(decoding: token, as: UTF8.self)
        let sign = token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token.first : nil
        let unsigned = sign == nil ? token : token.dropFirst()
        if unsigned.elementsEqual("inf".utf8) { return .float(sign == UInt8(ascii: "-") ? -.infinity : .infinity) }
        if unsigned.elementsEqual("nan".utf8) { return .float(.nan) }
        if unsigned.count > 1, unsigned.first == UInt8(ascii: "0"), let radix = Self.radix(unsigned[unsigned.startIndex + 1]) {
            guard sign == nil else { throw failure("'\(text)': a hexadecimal, octal or binary integer takes no sign") }
            return .integer(try integer(unsigned.dropFirst(2), radix: radix, text: text))
        }
        if unsigned.count > 1, unsigned.first == UInt8(ascii: "0"),
           [UInt8(ascii: "X"), UInt8(ascii: "O"), UInt8(ascii: "B")].contains(unsigned[unsigned.startIndex + 1]) {
            throw failure("'\(text)': the prefix is written in lower case (0x, 0o, 0b)")
        }
        if Self.looksLikeADateOrTime(unsigned) {
            throw failure("'\(text)' is not a date or a number; \(Self.dateForms)")
        }
        guard Self.underscoresAreBetweenDigits(unsigned, radix: 10) else {
            throw failure("'\(text)' is not a number: '_' must stand between two digits")
        }
        let plain = String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        let digits = unsigned.filter { $0 != UInt8(ascii: "_") }
        if !digits.isEmpty, digits.allSatisfy(Self.isDigit) {
            if digits.count > 1, digits.first == UInt8(ascii: "0") { throw failure("'\(text)': a decimal integer cannot start with 0") }
            guard let value = Int(plain) else { throw failure("'\(text)' does not fit in a 64-bit integer") }
            return .integer(value)
        }
        if Self.isDecimalFloat(digits), let value = Double(plain) {
            guard value.isFinite else { throw failure("'\(text)' does not fit in a 64-bit float (write inf for infinity)") }
            return .float(value)
        }
        throw failure("'\(text)' is not a value; a string needs quotes: \"\(text)\"")
    }

    /// The digits after `0x`, `0o` or `0b`: at least one, each of the radix, `_` only between two.
    private func integer(_ digits: ArraySlice<UInt8>, radix: Int, text: String) throws(TOMLSyntaxError) -> Int {
        let name = radix == 16 ? "a hexadecimal" : radix == 8 ? "an octal" : "a binary"
        guard !digits.isEmpty else { throw failure("'\(text)': \(name) integer needs digits after its prefix") }
        guard Self.underscoresAreBetweenDigits(digits, radix: radix) else {
            throw failure("'\(text)' is not a number: '_' must stand between two digits")
        }
        var value = 0
        for byte in digits where byte != UInt8(ascii: "_") {
            guard let digit = Self.hexValue(byte), Int(digit) < radix else {
                throw failure("'\(text)' is not \(name) integer: it has a character that is not one of its digits")
            }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(Int(digit))
            guard !overflow, !carry else { throw failure("'\(text)' does not fit in a 64-bit integer") }
            value = sum
        }
        return value
    }

    private static func radix(_ prefix: UInt8) -> Int? {
        switch prefix {
        case UInt8(ascii: "x"): return 16
        case UInt8(ascii: "o"): return 8
        case UInt8(ascii: "b"): return 2
        default: return nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A ':', or a '-' after a digit (an exponent's is after `e`: `1e-3`): a date or a time written
    /// wrongly (`1987-7-05`, `10000-01-01`), named as such rather than as a bad number.
    private static func looksLikeADateOrTime(_ token: ArraySlice<UInt8>) -> Bool {
        for position in token.indices {
            switch token[position] {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: "-") where position > token.startIndex && isDigit(token[position - 1]):
                return true
            default: break
            }
        }
        return false
    }

    /// `(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` with a fraction or an exponent or both.
    private static func isDecimalFloat(_ digits: [UInt8]) -> Bool {
        var index = 0
        func skipDigits() -> Bool {
            let start = index
            while index < digits.count, isDigit(digits[index]) { index += 1 }
            return index > start
        }
        guard let first = digits.first, isDigit(first) else { return false }
        if first == UInt8(ascii: "0") { index = 1 } else { _ = skipDigits() }
        var isFloat = false
        if index < digits.count, digits[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return false }
            isFloat = true
        }
        if index < digits.count, digits[index] == UInt8(ascii: "e") || digits[index] == UInt8(ascii: "E") {
            index += 1
            if index < digits.count, digits[index] == UInt8(ascii: "+") || digits[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return false }
            isFloat = true
        }
        return isFloat && index == digits.count
    }

    /// Every `_` has a digit of `radix` on each side (`1_000`, `0xdead_beef`; not `1__0`, `_1`, `1_`, `1_.5`).
    private static func underscoresAreBetweenDigits(_ token: ArraySlice<UInt8>, radix: Int) -> Bool {
        func isDigitOfRadix(_ byte: UInt8) -> Bool {
            guard let digit = Self.hexValue(byte) else { return false }
            return Int(digit) < radix
        }
        for position in token.indices where token[position] == UInt8(ascii: "_") {
            guard position > token.startIndex, position < token.endIndex - 1,
                  isDigitOfRadix(token[position - 1]), isDigitOfRadix(token[position + 1]) else { return false }
        }
        return true
    }
}

extension TOMLParser {
    /// The value of a hexadecimal digit (`0x` integers, `\u` escapes); nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): (byte | 0x20) &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }
}
