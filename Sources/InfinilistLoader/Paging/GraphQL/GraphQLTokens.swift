/// The tokens of a GraphQL document that matter to `GraphQLVariableDefinitions`: punctuators,
/// names, and literal values (strings, block strings, numbers) as one opaque token each, with the
/// line each starts on. A literal is read as the GraphQL lexer reads it, so nothing inside a
/// string can look like a declaration; comments, commas and whitespace are insignificant.
struct GraphQLTokens {
    enum Kind: Sendable, Equatable, CustomStringConvertible {
        case punctuator(String)
        case name(String)
        /// A string, block string or number; its text is not needed.
        case value

        var description: String {
            switch self {
            case .punctuator(let text): return "'\(text)'"
            case .name(let name): return "'\(OneLine.clean(name, maxCharacters: 40))'"
            case .value: return "a value"
            }
        }
    }

    struct Token: Sendable, Equatable {
        let kind: Kind
        let line: Int
    }

    private let tokens: [Token]
    private var position = 0

    init(_ text: String) throws(GraphQLQueryError) {
        tokens = try Self.lex(Array(text.unicodeScalars))
    }

    mutating func next() -> Token? {
        guard position < tokens.count else { return nil }
        defer { position += 1 }
        return tokens[position]
    }

    func peek() -> Token? {
        position < tokens.count ? tokens[position] : nil
    }

    private static func lex(_ scalars: [Unicode.Scalar]) throws(GraphQLQueryError) -> [Token] {
        var tokens: [Token] = []
        var line = 1
        var index = 0
        let count = scalars.count
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < count ? scalars[index + offset] : nil
        }
        while index < count {
            let scalar = scalars[index]
            switch scalar {
            case "\n":
                line += 1
                index += 1
            case "\r":
                // "\r\n" is one line end.
                if at(1) != "\n" { line += 1 }
                index += 1
            case " ", "\t", ",", "\u{FEFF}":
                index += 1
            case "#":
                while index < count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
            case "\"":
                let start = line
                tokens.append(Token(kind: .value, line: line))
                if at(1) == "\"", at(2) == "\"" {
                    // A block string ends at the first `"""` not escaped as `\"""`.
                    index += 3
                    while true {
                        guard index < count else { throw GraphQLQueryError("a \"\"\" string opened on line \(start) is not closed") }
                        if scalars[index] == "\\", at(1) == "\"", at(2) == "\"", at(3) == "\"" {
                            index += 4
                        } else if scalars[index] == "\"", at(1) == "\"", at(2) == "\"" {
                            index += 3
                            break
                        } else {
                            if scalars[index] == "\n" || (scalars[index] == "\r" && at(1) != "\n") { line += 1 }
                            index += 1
                        }
                    }
                } else {
                    index += 1
                    while true {
                        guard index < count, scalars[index] != "\n", scalars[index] != "\r" else {
                            throw GraphQLQueryError("a string opened on line \(start) is not closed on its line")
                        }
                        if scalars[index] == "\\" {
                            index += 2
                        } else if scalars[index] == "\"" {
                            index += 1
                            break
                        } else {
                            index += 1
                        }
                    }
                }
            case ".":
                // `...` (a spread); a lone dot only appears inside numbers, which are skipped whole.
                index += at(1) == "." && at(2) == "." ? 3 : 1
                tokens.append(Token(kind: .punctuator("..."), line: line))
            case "!", "$", "&", "(", ")", ":", "=", "@", "[", "]", "{", "|", "}":
                tokens.append(Token(kind: .punctuator(String(scalar)), line: line))
                index += 1
            default:
                if isNameStart(scalar) {
                    var name = String.UnicodeScalarView()
                    while index < count, isNameStart(scalars[index]) || ("0"..."9").contains(scalars[index]) {
                        name.append(scalars[index])
                        index += 1
                    }
                    tokens.append(Token(kind: .name(String(name)), line: line))
                } else if scalar == "-" || ("0"..."9").contains(scalar) {
                    // A number (`-1.5e3`): digits, signs, dots and exponents.
                    tokens.append(Token(kind: .value, line: line))
                    index += 1
                    while index < count, ("0"..."9").contains(scalars[index]) || [".", "e", "E", "+", "-"].contains(scalars[index]) {
                        index += 1
                    }
                } else {
                    throw GraphQLQueryError("unexpected character \(OneLine.clean(String(scalar), maxCharacters: 8)) on line \(line)")
                }
            }
        }
        return tokens
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
