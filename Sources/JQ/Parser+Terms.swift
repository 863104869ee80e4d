import InfinilistCore

/// Terms: literals, `.`-paths, `[…]`, `{…}`, `(…)`, calls, `if`, `try`, `reduce`, `foreach`,
/// strings, formats; then their postfixes (`.a`, `[k]`, `[a:b]`, `[]`, `?`, `as $x | …`).
extension Parser {
    mutating func parsePostfix(allowAs: Bool = true) throws(JQSyntaxError) -> Expr {
        var term = try parsePrimary()
        while true {
            switch current.kind {
            case .field(let name):
                advance()
                term = .index(term, .literal(.string(name)))
            case .op(".") where isStringNext():
                advance()
                guard case .string(let parts) = current.kind else { throw unexpected("a string") }
                advance()
                term = .index(term, try stringExpr(parts, format: nil))
            case .op(".") where isOpNext("["):
                advance()
                term = try parseBracketSuffix(term)
            case .op("["):
                term = try parseBracketSuffix(term)
            case .op("?"):
                advance()
                term = .optional(term)
            case .identifier("as") where allowAs:
                advance()
                var patterns = [try parsePattern()]
                while isOp("?"), isOpNext("//") {
                    advance()
                    advance()
                    patterns.append(try parsePattern())
                }
                try expectOp("|")
                let body = try parsePipe()
                return patterns.count == 1 ? .bind(term, patterns[0], body) : .bindAlternatives(term, patterns, body)
            default:
                return term
            }
        }
    }

    private func isStringNext() -> Bool {
        guard p + 1 < tokens.count else { return false }
        if case .string = tokens[p + 1].kind { return true }
        return false
    }

    private func isOpNext(_ op: String) -> Bool {
        p + 1 < tokens.count && tokens[p + 1].kind == .op(op)
    }

    /// `[]`, `[k]`, `[a:b]`, `[a:]`, `[:b]` after a term (the `[` is current).
    private mutating func parseBracketSuffix(_ term: Expr) throws(JQSyntaxError) -> Expr {
        try expectOp("[")
        if isOp("]") { advance(); return .iterate(term) }
        if isOp(":") {
            advance()
            let to = try parsePipe()
            try expectOp("]")
            return .slice(term, nil, to)
        }
        let k = try parsePipe()
        if isOp(":") {
            advance()
            if isOp("]") { advance(); return .slice(term, k, nil) }
            let to = try parsePipe()
            try expectOp("]")
            return .slice(term, k, to)
        }
        try expectOp("]")
        return .index(term, k)
    }

    mutating func parsePrimary() throws(JQSyntaxError) -> Expr {
        let t = current
        switch t.kind {
        case .number(let n):
            advance()
            return .literal(.number(n))
        case .string(let parts):
            advance()
            return try stringExpr(parts, format: nil)
        case .format(let name):
            advance()
            if case .string(let parts) = current.kind {
                advance()
                return try stringExpr(parts, format: name)
            }
            return .format(name)
        case .field(let name):
            advance()
            return .index(.identity, .literal(.string(name)))
        case .variable(let name):
            advance()
            return .variable(name, t.column)
        case .op("."):
            advance()
            if case .string(let parts) = current.kind {
                advance()
                return .index(.identity, try stringExpr(parts, format: nil))
            }
            return .identity
        case .op(".."):
            advance()
            return .recurseAll
        case .op("("):
            advance()
            let e = try parsePipe()
            try expectOp(")")
            return e
        case .op("["):
            advance()
            if isOp("]") { advance(); return .array(nil) }
            let e = try parsePipe()
            try expectOp("]")
            return .array(e)
        case .op("{"):
            return try parseObject()
        case .identifier(let word):
            return try parseWord(word)
        default:
            throw unexpected("an expression")
        }
    }

    private mutating func parseWord(_ word: String) throws(JQSyntaxError) -> Expr {
        switch word {
        case "if":
            var branches: [(Expr, Expr)] = []
            repeat {
                advance()
                let cond = try parsePipe()
                try expectKeyword("then")
                branches.append((cond, try parsePipe()))
            } while isKeyword("elif")
            var otherwise: Expr?
            if isKeyword("else") {
                advance()
                otherwise = try parsePipe()
            }
            try expectKeyword("end")
            return .ifThen(branches, otherwise)
        case "try":
            advance()
            let body = try parsePostfixBody()
            if isKeyword("catch") {
                advance()
                return .tryCatch(body, try parsePostfixBody())
            }
            return .tryCatch(body, nil)
        case "reduce", "foreach":
            advance()
            let source = try parsePostfix(allowAs: false)
            try expectKeyword("as")
            let pattern = try parsePattern()
            try expectOp("(")
            let initial = try parsePipe()
            try expectOp(";")
            let update = try parsePipe()
            if word == "reduce" {
                try expectOp(")")
                return .reduce(source, pattern, initial, update)
            }
            var extract: Expr?
            if isOp(";") { advance(); extract = try parsePipe() }
            try expectOp(")")
            return .foreach(source, pattern, initial, update, extract)
        case "def":
            let def = try parseDef()
            return .define(def, try parsePipe())
        case "label":
            return try parsePipe()
        case "break":
            advance()
            guard case .variable(let name) = current.kind else { throw unexpected("a label name such as `$out`") }
            advance()
            return .breakLabel(name)
        default:
            if Self.keywords.contains(word) { throw unexpected("an expression") }
            let column = current.column
            advance()
            var args: [Expr] = []
            if isOp("(") {
                advance()
                repeat {
                    if !args.isEmpty { advance() }
                    args.append(try parsePipe())
                } while isOp(";")
                try expectOp(")")
            }
            if word == "true" && args.isEmpty { return .literal(.bool(true)) }
            if word == "false" && args.isEmpty { return .literal(.bool(false)) }
            if word == "null" && args.isEmpty { return .literal(.null) }
            return .call(word, args, column)
        }
    }


    /// The body of `try` and `catch`: a postfix term (jq gives them the highest precedence).
    private mutating func parsePostfixBody() throws(JQSyntaxError) -> Expr {
        if isOp("-") { advance(); return .negate(try parsePostfixBody()) }
        return try parsePostfix()
    }

    private mutating func parseObject() throws(JQSyntaxError) -> Expr {
        try expectOp("{")
        var entries: [ObjectEntry] = []
        if isOp("}") { advance(); return .object([]) }
        repeat {
            if !entries.isEmpty { advance() }
            let key: ObjectKey
            switch current.kind {
            case .variable(let name):
                let column = current.column
                advance()
                // `{$x: v}`: the key is the variable's value (jq 1.7); `{$x}` is `{x: $x}`.
                guard isOp(":") else {
                    entries.append(ObjectEntry(key: .variable(name), value: nil))
                    continue
                }
                key = .computed(.variable(name, column))
            case .identifier(let name):
                advance()
                key = .name(name)
            case .number(let n):
                throw JQSyntaxError("object keys must be strings: `\(n)` at column \(current.column); write `\"\(n)\"`", column: current.column)
            case .string(let parts):
                advance()
                key = try stringKey(parts)
            case .format(let name):
                advance()
                if case .string(let parts) = current.kind {
                    advance()
                    key = .computed(try stringExpr(parts, format: name))
                } else {
                    key = .computed(.format(name))
                }
            case .op("("):
                let column = current.column
                advance()
                let expression = try parsePipe()
                // A constant that is not a string can never be a key: jq refuses it up front.
                if case .literal(let value) = expression, value.stringValue == nil {
                    throw JQSyntaxError("Cannot use \(value.jqTypeName) (\(JQOutput.compact(value))) as object key at column \(column)", column: column)
                }
                key = .computed(expression)
                try expectOp(")")
            default:
                throw unexpected("an object key")
            }
            if isOp(":") {
                advance()
                entries.append(ObjectEntry(key: key, value: try parseObjectValue()))
            } else {
                if case .computed(let e) = key, !isSimpleString(e) { throw unexpected("`:` and a value") }
                entries.append(ObjectEntry(key: key, value: nil))
            }
        } while isOp(",")
        try expectOp("}")
        return .object(entries)
    }

    /// An object value: pipes of terms, with no `,` (that separates the entries).
    private mutating func parseObjectValue() throws(JQSyntaxError) -> Expr {
        try parsePipe(noComma: true)
    }

    private func isSimpleString(_ e: Expr) -> Bool {
        if case .string(nil, _) = e { return true }
        return false
    }

    mutating func stringKey(_ parts: [LexedPart]) throws(JQSyntaxError) -> ObjectKey {
        if parts.count == 1, case .text(let s) = parts[0] { return .name(s) }
        return .computed(try stringExpr(parts, format: nil))
    }

    mutating func stringExpr(_ parts: [LexedPart], format: String?) throws(JQSyntaxError) -> Expr {
        var out: [StringPart] = []
        for part in parts {
            switch part {
            case .text(let s): out.append(.text(s))
            case .interpolation(let toks):
                var inner = Parser(tokens: toks)
                let e = try inner.parsePipe()
                try inner.expectEnd()
                out.append(.interpolation(e))
            }
        }
        if format == nil, out.count == 1, case .text(let s) = out[0] { return .literal(.string(s)) }
        return .string(format: format, parts: out)
    }
}
