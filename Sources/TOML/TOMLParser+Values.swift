/// Values: scalars, arrays and inline tables, nesting at most `TOMLParser.maxDepth` deep.
extension TOMLParser {
    mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
        switch peek {
        case UInt8(ascii: "\""): return .string(try basicString())
        case UInt8(ascii: "'"): return .string(try literalString())
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "{"): return try inlineTable()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return try boolean()
        case let byte? where Self.isDigit(byte) && startsDateOrTime:
            return .dateTime(try dateTime())
        case let byte? where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || Self.isDigit(byte)
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

    /// `[v, v, ...]`, possibly over several lines with comments, a trailing comma allowed.
    private mutating func array() throws(TOMLSyntaxError) -> TOMLValue {
        try enterNesting()
        defer { depth -= 1 }
        let opened = line
        index += 1
        var values: [TOMLValue] = []
        while true {
            try skipBlank(newlines: true)
            guard let byte = peek else {
                throw TOMLSyntaxError(line: opened, message: "the array opened on this line is not closed (missing ])")
            }
            if byte == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            values.append(try value())
            try skipBlank(newlines: true)
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
        try skipBlank()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .table(table.build())
        }
        while true {
            try skipBlank()
            let path = try keyPath()
            try skipBlank()
            if peek == UInt8(ascii: "}") {
                // `format = {title}`: a template without its quotes.
                throw failure("{\(path.joined(separator: "."))} is read as an inline table; a text with braces needs quotes: \"{\(path.joined(separator: "."))}\"")
            }
            try expect("=", "after the key '\(path.joined(separator: "."))' in the inline table")
            try skipBlank()
            let value = try self.value()
            try table.insert(value, at: path, line: line)
            try skipBlank()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                try skipBlank()
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
