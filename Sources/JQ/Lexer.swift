/// Splits a program into tokens, remembering each one's column (1-based, in characters) for
/// syntax errors. A string with interpolations is one token whose parts hold the tokens of each
/// `\( … )`, so the parser handles nesting by recursion.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case identifier(String)    // also keywords: `if`, `reduce`, `and` …
        case field(String)         // `.foo`
        case variable(String)      // `$foo`
        case format(String)        // `@base64`
        case number(String)
        case string([LexedPart])
        case op(String)            // punctuation and operators
        case end
    }
    var kind: Kind
    var column: Int
}

enum LexedPart: Sendable, Equatable {
    case text(String)
    case interpolation([Token])

    static func == (l: LexedPart, r: LexedPart) -> Bool {
        if case .text(let a) = l, case .text(let b) = r { return a == b }
        return false
    }
}

extension Token: Equatable {
    static func == (l: Token, r: Token) -> Bool { l.kind == r.kind && l.column == r.column }
}

struct Lexer {
    private let chars: [Character]
    private var i = 0

    init(_ source: String) { chars = Array(source) }

    static func tokenize(_ source: String) throws(JQSyntaxError) -> [Token] {
        var lexer = Lexer(source)
        return try lexer.tokens(closingParen: false)
    }

    private static let operators = ["|=", "+=", "-=", "*=", "/=", "%=", "//=", "==", "!=", "<=", ">=",
                                    "//", "..", "|", ",", "+", "-", "*", "/", "%", "=", "<", ">",
                                    "(", ")", "[", "]", "{", "}", ":", ";", "?", "."]

    private func peek(_ offset: Int = 0) -> Character? {
        i + offset < chars.count ? chars[i + offset] : nil
    }

    private static func isIdentStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
    private static func isIdentChar(_ c: Character) -> Bool { isIdentStart(c) || (c.isASCII && c.isNumber) }

    /// Tokens up to the end, or up to the `)` closing an interpolation.
    private mutating func tokens(closingParen: Bool) throws(JQSyntaxError) -> [Token] {
        var out: [Token] = []
        var depth = 0
        while true {
            skipSpaceAndComments()
            let column = i + 1
            guard let c = peek() else {
                if closingParen { throw JQSyntaxError("unterminated string interpolation `\\(`", column: column) }
                out.append(Token(kind: .end, column: column))
                return out
            }
            if c == "\"" {
                i += 1
                out.append(Token(kind: .string(try stringParts(start: column)), column: column))
            } else if c == "." && peek(1).map(Self.isIdentStart) == true {
                i += 1
                out.append(Token(kind: .field(identifier()), column: column))
            } else if c == "$" && peek(1).map(Self.isIdentStart) == true {
                i += 1
                out.append(Token(kind: .variable(identifier()), column: column))
            } else if c == "@" && peek(1).map(Self.isIdentStart) == true {
                i += 1
                out.append(Token(kind: .format(identifier()), column: column))
            } else if Self.isIdentStart(c) {
                out.append(Token(kind: .identifier(identifier()), column: column))
            } else if c.isASCII && c.isNumber || (c == "." && peek(1)?.isASCII == true && peek(1)?.isNumber == true) {
                out.append(Token(kind: .number(number()), column: column))
            } else if let op = Self.operators.first(where: { matches($0) }) {
                if closingParen && op == ")" && depth == 0 {
                    i += 1
                    out.append(Token(kind: .end, column: column))
                    return out
                }
                if op == "(" { depth += 1 } else if op == ")" { depth -= 1 }
                i += op.count
                out.append(Token(kind: .op(op), column: column))
            } else {
                throw JQSyntaxError("unexpected character `\(c)` at column \(column)", column: column)
            }
        }
    }

    private func matches(_ op: String) -> Bool {
        for (k, ch) in op.enumerated() where peek(k) != ch { return false }
        return true
    }

    private mutating func skipSpaceAndComments() {
        while let c = peek() {
            if c == "#" {
                while let d = peek(), d != "\n" { i += 1 }
            } else if c.isWhitespace {
                i += 1
            } else {
                return
            }
        }
    }

    /// An identifier, with `::` module separators kept (they only appear in names).
    private mutating func identifier() -> String {
        var s = ""
        while let c = peek(), Self.isIdentChar(c) || (c == ":" && peek(1) == ":" && peek(2).map(Self.isIdentStart) == true) {
            if c == ":" { s += "::"; i += 2 } else { s.append(c); i += 1 }
        }
        return s
    }

    private mutating func number() -> String {
        var s = ""
        while let c = peek(), c.isASCII && c.isNumber || c == "." { s.append(c); i += 1 }
        if let e = peek(), e == "e" || e == "E" {
            let sign = peek(1)
            let digitAt = (sign == "+" || sign == "-") ? 2 : 1
            if let d = peek(digitAt), d.isASCII && d.isNumber {
                s.append("e"); i += 1
                if digitAt == 2, let sign { s.append(sign); i += 1 }
                while let c = peek(), c.isASCII && c.isNumber { s.append(c); i += 1 }
            }
        }
        if s.hasPrefix(".") { s = "0" + s }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    private mutating func stringParts(start: Int) throws(JQSyntaxError) -> [LexedPart] {
        var parts: [LexedPart] = []
        var text = ""
        while true {
            guard let c = peek() else { throw JQSyntaxError("unterminated string starting at column \(start)", column: start) }
            i += 1
            if c == "\"" { break }
            if c != "\\" { text.append(c); continue }
            let escapeColumn = i
            guard let e = peek() else { throw JQSyntaxError("unterminated string starting at column \(start)", column: start) }
            i += 1
            switch e {
            case "\"", "\\", "/": text.append(e)
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "u": text.unicodeScalars.append(try unicodeEscape(column: escapeColumn))
            case "(":
                if !text.isEmpty { parts.append(.text(text)); text = "" }
                parts.append(.interpolation(try tokens(closingParen: true)))
            default:
                throw JQSyntaxError("invalid escape `\\\(e)` at column \(escapeColumn)", column: escapeColumn)
            }
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
        return parts
    }

    private mutating func hex4(column: Int) throws(JQSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek(), let d = c.hexDigitValue else {
                throw JQSyntaxError("invalid `\\u` escape at column \(column); expected 4 hex digits", column: column)
            }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    /// `\uXXXX`, joining a surrogate pair; a lone surrogate becomes U+FFFD as in jq.
    private mutating func unicodeEscape(column: Int) throws(JQSyntaxError) -> Unicode.Scalar {
        let high = try hex4(column: column)
        if (0xD800..<0xDC00).contains(high), peek() == "\\", peek(1) == "u" {
            let save = i
            i += 2
            let low = try hex4(column: column)
            if (0xDC00..<0xE000).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            i = save
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }
}
