/// One link of an RFC 8288 `Link` header: `<https://…?page=2>; rel="next"`.
struct WebLink: Sendable, Equatable {
    /// The URI reference between `<` and `>`, as written (it may be relative).
    let target: String
    /// The `rel` values, lowercased: `rel="next last"` gives `["next", "last"]`.
    let relations: [String]
    /// Every parameter by lowercased name; the first occurrence of a name wins (RFC 8288 §3.3).
    let parameters: [String: String]
}

/// Reads `Link` headers the way servers really send them: several links in one header or spread
/// over several header lines, any header-name case, quoted or bare `rel` values, relation lists
/// (`rel="next last"`), commas inside URLs, and `;`/`,` inside quoted values. Malformed pieces are
/// skipped, never fatal: a bad header must not cost the user the page it came with.
enum LinkHeader {
    /// Every link in every `Link` header of a response, in order.
    static func links(in headers: [HeaderField]) -> [WebLink] {
        headers.filter { $0.name.lowercased() == "link" }.flatMap { parse($0.value) }
    }

    /// The target of the first link with `rel` `next`, as written (resolve it before use).
    static func next(in headers: [HeaderField]) -> String? {
        links(in: headers).first { $0.relations.contains("next") }?.target
    }

    /// Whether a link with `rel` `last` is there: the list has a last page, read or not.
    static func hasLast(in headers: [HeaderField]) -> Bool {
        links(in: headers).contains { $0.relations.contains("last") }
    }

    /// Whether the response has any parsable `Link` header at all.
    static func isPresent(in headers: [HeaderField]) -> Bool {
        !links(in: headers).isEmpty
    }

    /// Parses one header value. Never fails: what cannot be read is left out.
    static func parse(_ value: String) -> [WebLink] {
        var reader = LinkHeaderReader(scalars: Array(value.unicodeScalars))
        return reader.readAll()
    }
}

/// The scanner behind `LinkHeader.parse`. Every step consumes at least one scalar or stops, so no
/// input can make it loop.
private struct LinkHeaderReader {
    let scalars: [Unicode.Scalar]
    var i = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func readAll() -> [WebLink] {
        var links: [WebLink] = []
        while true {
            skip(while: { $0 == "," || Self.isSpace($0) })
            guard i < scalars.count else { return links }
            guard scalars[i] == "<" else {
                skipToNextLink()
                continue
            }
            i += 1
            let start = i
            while i < scalars.count, scalars[i] != ">" { i += 1 }
            guard i < scalars.count else { return links }   // no closing '>': nothing usable follows
            let target = PagingText.trimmed(String(String.UnicodeScalarView(scalars[start..<i])))
            i += 1
            let parameters = readParameters()
            let relations = (parameters["rel"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
            links.append(WebLink(target: target, relations: relations, parameters: parameters))
        }
    }

    /// `; name=value; name="quoted"; flag` up to the `,` that ends the link (not consumed).
    private mutating func readParameters() -> [String: String] {
        var parameters: [String: String] = [:]
        while true {
            skip(while: Self.isSpace)
            guard i < scalars.count, scalars[i] != "," else { return parameters }
            guard scalars[i] == ";" else {
                // Garbage after the target or a value: drop it up to the next link.
                skipToNextLink()
                return parameters
            }
            i += 1
            skip(while: Self.isSpace)
            let nameStart = i
            while i < scalars.count, !"=;,".unicodeScalars.contains(scalars[i]), !Self.isSpace(scalars[i]) { i += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<i])).lowercased()
            skip(while: Self.isSpace)
            var value = ""
            if i < scalars.count, scalars[i] == "=" {
                i += 1
                skip(while: Self.isSpace)
                value = i < scalars.count && scalars[i] == "\"" ? readQuoted() : readToken()
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
        }
    }

    /// A quoted string starting at `"`, with `\` escapes; an unclosed one runs to the end.
    private mutating func readQuoted() -> String {
        i += 1
        var value = String.UnicodeScalarView()
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            if scalar == "\"" { return String(value) }
            if scalar == "\\", i < scalars.count {
                value.append(scalars[i])
                i += 1
                continue
            }
            value.append(scalar)
        }
        return String(value)
    }

    /// A bare value up to `;`, `,` or space. Single quotes, which some servers use, are removed.
    private mutating func readToken() -> String {
        let start = i
        while i < scalars.count, scalars[i] != ";", scalars[i] != ",", !Self.isSpace(scalars[i]) { i += 1 }
        var token = String(String.UnicodeScalarView(scalars[start..<i]))
        if token.count >= 2, token.hasPrefix("'"), token.hasSuffix("'") { token = String(token.dropFirst().dropLast()) }
        return token
    }

    /// Moves past the next `,` that is outside quotes and angle brackets (or to the end).
    private mutating func skipToNextLink() {
        var inQuotes = false
        var inBrackets = false
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            if inQuotes {
                if scalar == "\\" { i += 1 } else if scalar == "\"" { inQuotes = false }
            } else if inBrackets {
                if scalar == ">" { inBrackets = false }
            } else if scalar == "\"" {
                inQuotes = true
            } else if scalar == "<" {
                inBrackets = true
            } else if scalar == "," {
                return
            }
        }
    }

    private mutating func skip(while matches: (Unicode.Scalar) -> Bool) {
        while i < scalars.count, matches(scalars[i]) { i += 1 }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n"
    }
}
