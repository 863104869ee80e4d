/// Values: scalars, arrays and inline tables, nesting at most `TOMLParser.maxDepth` deep.
extension TOMLParser {
    mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
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

    /// One more level of arrays and inline tables, refused past `maxDepth`: each level is a few
    /// stack frames, and a file of 50,000 `[` would otherwise overflow the stack. The caller
    /// leaves the level with `depth -= 1`.
    private mutating func enterNesting() throws(TOMLSyntaxError) {
        guard depth < Self.maxDepth else {
            throw failure("arrays and inline tables nest at most \(Self.maxDepth) deep; a config file needs a few levels")
        }
        depth += 1
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
    /// Checked byte by byte (a regular expression per number made big files slow).
    private mutating func number() throws(TOMLSyntaxError) -> TOMLValue {
        let start = index
        while let byte = peek, !Self.endsToken(byte) { index += 1 }
        let token = bytes[start..<index]
        let text = String(decoding: token, as: UTF8.self)
        let unsigned = token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token.dropFirst() : token
        if unsigned.elementsEqual("inf".utf8) || unsigned.elementsEqual("nan".utf8) { throw failure("inf and nan are not supported") }
        if token.contains(UInt8(ascii: ":")) || Self.startsLikeADate(token) {
            throw failure("dates and times are not supported; write \(text) as a \"string\"")
        }
        if unsigned.count > 1, unsigned.first == UInt8(ascii: "0"),
           [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(unsigned[unsigned.startIndex + 1]) {
            throw failure("only decimal integers are supported, not \(text)")
        }
        guard Self.underscoresAreBetweenDigits(unsigned) else {
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
            return .float(value)
        }
        throw failure("'\(text)' is not a value; a string needs quotes: \"\(text)\"")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `1979-05…`: four digits, a dash, two digits.
    private static func startsLikeADate(_ token: ArraySlice<UInt8>) -> Bool {
        let head = Array(token.prefix(7))
        return head.count == 7 && head[0..<4].allSatisfy(isDigit) && head[4] == UInt8(ascii: "-") && head[5...].allSatisfy(isDigit)
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

    private static func underscoresAreBetweenDigits(_ token: ArraySlice<UInt8>) -> Bool {
        for position in token.indices where token[position] == UInt8(ascii: "_") {
            guard position > token.startIndex, position < token.endIndex - 1,
                  isDigit(token[position - 1]), isDigit(token[position + 1]) else { return false }
        }
        return true
    }

    /// `[v, v, ...]`, possibly over several lines with comments, a trailing comma allowed.
    private mutating func array() throws(TOMLSyntaxError) -> TOMLValue {
        try enterNesting()
        defer { depth -= 1 }
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

    /// `{ k = v, k2 = v2 }` on one line; complete once written.
    private mutating func inlineTable() throws(TOMLSyntaxError) -> TOMLValue {
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        let table = TOMLTableBuilder()
        skipBlank()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .table(table.build())
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
            try table.insert(value, at: path, line: line)
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
                return .table(table.build())
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), nil:
                throw failure("an inline table must end on the line it starts (missing })")
            default:
                throw failure("expected ',' or '}' in the inline table, found \(describeNext)")
            }
        }
    }
}
