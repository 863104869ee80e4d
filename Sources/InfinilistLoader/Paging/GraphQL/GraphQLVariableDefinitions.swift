/// The variables a GraphQL document's operations declare (`query Issues($owner: String!, $after:
/// String) { … }`), read before any request so that a cursor variable the query does not declare,
/// or a `--var` with a misspelt name, is a usage error rather than a server's complaint on page 1.
///
/// Only what that needs is read: names, strings, block strings and comments are skipped as the
/// GraphQL lexer skips them (a `$after:` inside a string or a comment declares nothing), selection
/// sets and fragments are skipped by their braces, and each variable definition's type is read
/// (`[ID!]!`) to tell a non-null one. The rest of the query is the server's to judge.
struct GraphQLVariableDefinitions: Sendable, Equatable {
    struct Variable: Sendable, Equatable {
        let name: String
        /// The type as written, without spaces: `String`, `[ID!]!`.
        let type: String
        /// Whether the type ends in `!`: null is refused, so the first request (no cursor yet)
        /// cannot send it.
        var isNonNull: Bool { type.hasSuffix("!") }
        /// Whether it has a default value (`$first: Int = 50`).
        let hasDefault: Bool
    }

    /// In the order written, over every operation of the document.
    let variables: [Variable]

    subscript(name name: String) -> Variable? { variables.first { $0.name == name } }

    var names: [String] { variables.map(\.name) }

    init(parsing text: String) throws(GraphQLQueryError) {
        var tokens = try GraphQLTokens(text)
        var found: [Variable] = []
        var depth = 0
        // The last two tokens at the top level: `query (` or `query Name (` opens variable definitions.
        var lastTwo: [GraphQLTokens.Kind] = []
        while let token = tokens.next() {
            switch token.kind {
            case .punctuator("{"):
                depth += 1
            case .punctuator("}"):
                depth = max(0, depth - 1)
            case .punctuator("(") where depth == 0:
                // At the top level, parentheses open an operation's variable definitions; anywhere
                // else they hold arguments, which declare nothing.
                if Self.opensOperation(lastTwo) {
                    found += try Self.definitions(&tokens, openedAt: token.line)
                } else {
                    try Self.skipParentheses(&tokens, openedAt: token.line)
                }
            default:
                break
            }
            if depth == 0, token.kind != .punctuator("}") { lastTwo = Array((lastTwo + [token.kind]).suffix(2)) }
        }
        variables = found
    }

    /// Whether the tokens before a top-level `(` are `query` or `query Name` (or mutation, subscription).
    private static func opensOperation(_ lastTwo: [GraphQLTokens.Kind]) -> Bool {
        func isOperationType(_ kind: GraphQLTokens.Kind?) -> Bool {
            if case .name(let word)? = kind { return operationTypes.contains(word) }
            return false
        }
        if isOperationType(lastTwo.last) { return true }
        guard lastTwo.count == 2, case .name = lastTwo[1] else { return false }
        return isOperationType(lastTwo[0])
    }

    private static let operationTypes: Set<String> = ["query", "mutation", "subscription"]

    /// Reads `$name: Type = default @directive …` up to the closing parenthesis.
    private static func definitions(_ tokens: inout GraphQLTokens, openedAt line: Int) throws(GraphQLQueryError) -> [Variable] {
        var variables: [Variable] = []
        while let token = tokens.next() {
            switch token.kind {
            case .punctuator(")"):
                return variables
            case .punctuator("$"):
                guard case .name(let name)? = tokens.next()?.kind else {
                    throw GraphQLQueryError("a variable definition has '$' without a name (line \(token.line))")
                }
                guard tokens.next()?.kind == .punctuator(":") else {
                    throw GraphQLQueryError("the variable $\(name) has no type (line \(token.line)): write $\(name): String")
                }
                let type = try readType(&tokens, variable: name, line: token.line)
                var hasDefault = false
                if tokens.peek()?.kind == .punctuator("=") {
                    _ = tokens.next()
                    hasDefault = true
                    try skipValue(&tokens, line: token.line)
                }
                variables.append(Variable(name: name, type: type, hasDefault: hasDefault))
            case .punctuator("@"):
                _ = tokens.next()   // the directive's name; its arguments are skipped below
            case .punctuator("("):
                try skipParentheses(&tokens, openedAt: token.line)
            default:
                throw GraphQLQueryError("unexpected \(token.kind) in the variable definitions (line \(token.line))")
            }
        }
        throw GraphQLQueryError("the variable definitions opened on line \(line) are not closed with ')'")
    }

    /// `Name`, `[Type]`, each optionally followed by `!`.
    private static func readType(_ tokens: inout GraphQLTokens, variable: String, line: Int) throws(GraphQLQueryError) -> String {
        var text: String
        switch tokens.next()?.kind {
        case .name(let name)?:
            text = name
        case .punctuator("[")?:
            text = "[" + (try readType(&tokens, variable: variable, line: line))
            guard tokens.next()?.kind == .punctuator("]") else {
                throw GraphQLQueryError("the type of $\(variable) has '[' without ']' (line \(line))")
            }
            text += "]"
        default:
            throw GraphQLQueryError("the variable $\(variable) has no type (line \(line)): write $\(variable): String")
        }
        if tokens.peek()?.kind == .punctuator("!") {
            _ = tokens.next()
            text += "!"
        }
        return text
    }

    /// A constant value: a scalar, a name (an enum value, `null`), or a list or object with its nesting.
    private static func skipValue(_ tokens: inout GraphQLTokens, line: Int) throws(GraphQLQueryError) {
        guard let token = tokens.next() else { throw GraphQLQueryError("a default value is missing (line \(line))") }
        let closing: String
        switch token.kind {
        case .punctuator("["): closing = "]"
        case .punctuator("{"): closing = "}"
        default: return
        }
        var nesting = 1
        while let inner = tokens.next() {
            switch inner.kind {
            case .punctuator("["), .punctuator("{"): nesting += 1
            case .punctuator("]"), .punctuator("}"): nesting -= 1
            default: break
            }
            if nesting == 0 { return }
        }
        throw GraphQLQueryError("a default value opened with '\(closing == "]" ? "[" : "{")' on line \(token.line) is not closed")
    }

    private static func skipParentheses(_ tokens: inout GraphQLTokens, openedAt line: Int) throws(GraphQLQueryError) {
        var nesting = 1
        while let token = tokens.next() {
            if token.kind == .punctuator("(") { nesting += 1 }
            if token.kind == .punctuator(")") { nesting -= 1 }
            if nesting == 0 { return }
        }
        throw GraphQLQueryError("the '(' on line \(line) is not closed")
    }
}

/// The query cannot be read (a string or parenthesis left open, a variable without a type).
struct GraphQLQueryError: Error, Sendable, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
