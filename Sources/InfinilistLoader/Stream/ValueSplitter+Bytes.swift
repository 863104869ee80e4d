/// What the splitter knows of single bytes and tokens, without a value around them.
extension ValueSplitter {
    /// A JSON number, or `true`, `false`, `null`: what may stand alone as a value. Strict, so that
    /// a date or a time at the start of a log line (`2024-01-01 …`) is text, not a broken number.
    static func isScalar<Token: Collection<UInt8>>(_ token: Token) -> Bool {
        if token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) || token.elementsEqual("null".utf8) { return true }
        var rest = token[...]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func digits() -> Int {
            let count = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        if rest.first == UInt8(ascii: "0") { rest = rest.dropFirst() } else if digits() == 0 { return false }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            if digits() == 0 { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            if digits() == 0 { return false }
        }
        return rest.isEmpty
    }

    /// RS, which starts each record of a JSON text sequence (RFC 7464).
    static let recordSeparator: UInt8 = 0x1E

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    static func endsScalar(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == recordSeparator || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"")
    }
}
