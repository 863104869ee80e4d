import InfinilistCore

/// A form body (`-d 'query=rust&page={page}&after={cursor}'`), filled as a URL's query is: each
/// placeholder's text percent-encoded, and a `name=` pair whose placeholders have no value yet left
/// out whole (`QueryAwareFiller`), so the first request of `a=1&after={cursor}` sends `a=1`.
/// Braces follow the URL's rule: one `{` opens a placeholder, and a literal brace is written
/// percent-encoded (`%7B`, `%7D`), as a form body carries it anyway.
public struct FormBodyTemplate: Sendable, Hashable {
    let parts: [URLTemplate.Part]

    init(parsing text: String) throws(BodyTemplateError) {
        let bytes = Array(text.utf8)
        var parts: [URLTemplate.Part] = []
        var literalStart = 0
        var index = 0
        func fail(_ message: String, at offset: Int) -> BodyTemplateError { BodyTemplateError.at(offset, in: bytes, message) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                throw fail("unmatched '}'; a literal '}' in a form body is written %7D", at: index)
            }
            guard byte == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            guard let close = bytes[(index + 1)...].firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") }),
                  bytes[close] == UInt8(ascii: "}")
            else { throw fail("unclosed '{'; placeholders are written {cursor}, and a literal '{' is written %7B", at: index) }
            if literalStart < index { parts.append(.literal(String(decoding: bytes[literalStart..<index], as: UTF8.self))) }
            let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            let found: URLTemplate.Placeholder?
            do throws(JSONPathError) {
                found = try URLTemplate.Placeholder.named(name)
            } catch {
                throw fail("in the placeholder {\(OneLine.clean(name, maxCharacters: 40))}: \(error.message)", at: index)
            }
            guard let found else {
                throw fail(
                    "unknown placeholder {\(OneLine.clean(name, maxCharacters: 40))}; known: \(URLTemplate.Placeholder.known); a literal '{' is written %7B",
                    at: index
                )
            }
            parts.append(.placeholder(found))
            index = close + 1
            literalStart = index
        }
        if literalStart < bytes.count { parts.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self))) }
        self.parts = parts
    }

    var placeholders: [URLTemplate.Placeholder] {
        parts.compactMap { part in
            if case .placeholder(let placeholder) = part { return placeholder }
            return nil
        }
    }

    /// The body for one request: each placeholder's text (`PlaceholderText`) percent-encoded.
    func fill(_ value: (URLTemplate.Placeholder) -> JSONValue?) -> String {
        var filler = QueryAwareFiller(inQuery: true)
        for part in parts {
            switch part {
            case .literal(let text): filler.appendLiteral(text)
            case .placeholder(let placeholder):
                filler.appendValue(URLTemplate.percentEncoded(value(placeholder).flatMap(PlaceholderText.text(of:)) ?? ""))
            }
        }
        return filler.finish()
    }
}
