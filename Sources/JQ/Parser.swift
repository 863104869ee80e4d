import InfinilistCore

/// Recursive descent over the tokens, with jq 1.6's precedences (lowest first): `|` (right),
/// `,`, `//` (right), assignments (non-associative), `or`, `and`, comparisons
/// (non-associative), `+ -`, `* / %`, then postfix terms. `def`, `as`, `label` take everything
/// to their right, as in jq's grammar.
struct Parser {
    var tokens: [Token]
    var p = 0

    init(tokens: [Token]) { self.tokens = tokens }

    static func parse(_ source: String) throws(JQSyntaxError) -> Expr {
        var parser = Parser(tokens: try Lexer.tokenize(source))
        let e = try parser.parsePipe()
        try parser.expectEnd()
        return e
    }

    var current: Token { tokens[p] }

    mutating func advance() { if p < tokens.count - 1 { p += 1 } }

    func isOp(_ op: String) -> Bool { current.kind == .op(op) }
    func isKeyword(_ k: String) -> Bool { current.kind == .identifier(k) }

    func describe(_ t: Token) -> String {
        switch t.kind {
        case .identifier(let s): "`\(s)`"
        case .field(let s): "`.\(s)`"
        case .variable(let s): "`$\(s)`"
        case .format(let s): "`@\(s)`"
        case .number(let s): "`\(s)`"
        case .string: "a string"
        case .op(let s): "`\(s)`"
        case .end: "the end of the program"
        }
    }

    func unexpected(_ expected: String) -> JQSyntaxError {
        let t = current
        let what = t.kind == .end ? "unexpected end of the program" : "unexpected \(describe(t)) at column \(t.column)"
        return JQSyntaxError("\(what); expected \(expected)", column: t.column)
    }

    mutating func expectOp(_ op: String) throws(JQSyntaxError) {
        guard isOp(op) else { throw unexpected("`\(op)`") }
        advance()
    }

    mutating func expectKeyword(_ k: String) throws(JQSyntaxError) {
        guard isKeyword(k) else { throw unexpected("`\(k)`") }
        advance()
    }

    mutating func expectEnd() throws(JQSyntaxError) {
        guard current.kind == .end else { throw unexpected("an operator or the end of the program") }
    }

    // MARK: Binary levels

    /// `a | b`, and the forms that extend to the right: `def`, `label $x | …`.
    /// `noComma`: inside object values, where `,` separates entries.
    mutating func parsePipe(noComma: Bool = false) throws(JQSyntaxError) -> Expr {
        if isKeyword("def") {
            let def = try parseDef()
            return .define(def, try parsePipe(noComma: noComma))
        }
        if isKeyword("label") {
            advance()
            guard case .variable(let name) = current.kind else { throw unexpected("a label name such as `$out`") }
            advance()
            try expectOp("|")
            return .label(name, try parsePipe(noComma: noComma))
        }
        let left = noComma ? try parseAlternative() : try parseComma()
        if isOp("|") {
            advance()
            return .pipe(left, try parsePipe(noComma: noComma))
        }
        return left
    }

    mutating func parseComma() throws(JQSyntaxError) -> Expr {
        var left = try parseAlternative()
        while isOp(",") {
            advance()
            left = .comma(left, try parseAlternative())
        }
        return left
    }

    mutating func parseAlternative() throws(JQSyntaxError) -> Expr {
        let left = try parseAssignment()
        if isOp("//") {
            advance()
            return .alternative(left, try parseAlternative())
        }
        return left
    }

    private static let assignOps: [String: AssignOp] = [
        "=": .set, "|=": .update, "+=": .arithmetic(.add), "-=": .arithmetic(.subtract),
        "*=": .arithmetic(.multiply), "/=": .arithmetic(.divide), "%=": .arithmetic(.modulo), "//=": .alternative,
    ]

    mutating func parseAssignment() throws(JQSyntaxError) -> Expr {
        let left = try parseOr()
        if case .op(let op) = current.kind, let kind = Self.assignOps[op] {
            advance()
            // Non-associative and above `//` in jq's grammar: `.a = .b // 1` is `(.a = .b) // 1`.
            return .assign(kind, left, try parseOr())
        }
        return left
    }

    mutating func parseOr() throws(JQSyntaxError) -> Expr {
        var left = try parseAnd()
        while isKeyword("or") { advance(); left = .or(left, try parseAnd()) }
        return left
    }

    mutating func parseAnd() throws(JQSyntaxError) -> Expr {
        var left = try parseComparison()
        while isKeyword("and") { advance(); left = .and(left, try parseComparison()) }
        return left
    }

    mutating func parseComparison() throws(JQSyntaxError) -> Expr {
        let left = try parseAdditive()
        if case .op(let op) = current.kind, let kind = BinaryOp(rawValue: op),
           [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(kind) {
            advance()
            let right = try parseAdditive()
            if case .op(let again) = current.kind, let k2 = BinaryOp(rawValue: again),
               [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(k2) {
                throw JQSyntaxError("comparisons do not chain: `\(again)` at column \(current.column); add parentheses", column: current.column)
            }
            return .binary(kind, left, right)
        }
        return left
    }

    mutating func parseAdditive() throws(JQSyntaxError) -> Expr {
        var left = try parseMultiplicative()
        while case .op(let op) = current.kind, op == "+" || op == "-", let kind = BinaryOp(rawValue: op) {
            advance()
            left = .binary(kind, left, try parseMultiplicative())
        }
        return left
    }

    mutating func parseMultiplicative() throws(JQSyntaxError) -> Expr {
        var left = try parseUnary()
        while case .op(let op) = current.kind, op == "*" || op == "/" || op == "%", let kind = BinaryOp(rawValue: op) {
            advance()
            left = .binary(kind, left, try parseUnary())
        }
        return left
    }

    mutating func parseUnary() throws(JQSyntaxError) -> Expr {
        if isOp("-") {
            advance()
            return .negate(try parseUnary())
        }
        return try parsePostfix()
    }

    // MARK: Definitions and patterns

    mutating func parseDef() throws(JQSyntaxError) -> FunctionDef {
        try expectKeyword("def")
        guard case .identifier(let name) = current.kind, !Self.keywords.contains(name) else {
            throw unexpected("a function name")
        }
        advance()
        var params: [String] = []
        if isOp("(") {
            advance()
            while true {
                switch current.kind {
                case .identifier(let s): params.append(s)
                case .variable(let s): params.append("$" + s)
                default: throw unexpected("a parameter name")
                }
                advance()
                if isOp(";") { advance(); continue }
                try expectOp(")")
                break
            }
        }
        try expectOp(":")
        let body = try parsePipe()
        try expectOp(";")
        return FunctionDef(name: name, params: params, body: body)
    }

    mutating func parsePattern() throws(JQSyntaxError) -> Pattern {
        switch current.kind {
        case .variable(let name):
            advance()
            return .variable(name)
        case .op("["):
            advance()
            var items: [Pattern] = []
            repeat {
                if !items.isEmpty { advance() }
                items.append(try parsePattern())
            } while isOp(",")
            try expectOp("]")
            return .array(items)
        case .op("{"):
            advance()
            var entries: [(ObjectKey, Pattern?)] = []
            repeat {
                if !entries.isEmpty { advance() }
                let key: ObjectKey
                switch current.kind {
                case .variable(let name):
                    advance()
                    key = .variable(name)
                    if !isOp(":") { entries.append((key, nil)); continue }
                case .identifier(let name): advance(); key = .name(name)
                case .string(let parts): advance(); key = try stringKey(parts)
                case .op("("):
                    advance()
                    key = .computed(try parsePipe())
                    try expectOp(")")
                default: throw unexpected("an object pattern key")
                }
                try expectOp(":")
                entries.append((key, try parsePattern()))
            } while isOp(",")
            try expectOp("}")
            return .object(entries)
        default:
            throw unexpected("a pattern such as `$x`, `[$a, $b]` or `{a: $x}`")
        }
    }

    static let keywords: Set<String> = ["def", "if", "then", "elif", "else", "end", "as", "reduce", "foreach",
                                        "try", "catch", "label", "import", "include", "and", "or", "__loc__"]
}
