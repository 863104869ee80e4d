import InfinilistCore

/// The body every page is requested with (`-d`), with placeholders filled anew for each page, as
/// the URL's are. Parsed once, when the options are checked, so a malformed body or an unknown
/// placeholder is a usage error naming its line and column before any request is sent.
///
/// What the body is decides how it is filled:
/// - JSON (`-H 'Content-Type: application/json'` or `…+json`, or, without a Content-Type, a body
///   that starts with `{` or `[`): each placeholder is a whole JSON value (`JSONTemplate`);
/// - form data (`application/x-www-form-urlencoded`, or any other body without a Content-Type, as
///   curl's `-d` sends): placeholders are replaced by their text, percent-encoded as in a query,
///   and a `name=` pair whose placeholder has no value yet is left out (`FormBodyTemplate`);
/// - anything else the user names with `-H Content-Type` is sent exactly as written.
public struct BodyTemplate: Sendable, Hashable {
    public enum Form: Sendable, Hashable {
        case json(JSONTemplate)
        case form(FormBodyTemplate)
        case raw([UInt8])
    }

    public let form: Form

    /// The largest body accepted: a request body that pages is a few hundred bytes, and a GraphQL
    /// query a few kilobytes.
    public static let maxBytes = 1 << 20

    /// A JSON body built by a caller (GraphQL's `{"query", "variables"}`) rather than parsed.
    public init(json: JSONTemplate) { form = .json(json) }

    init(form: Form) { self.form = form }

    /// Reads `text` as the Content-Type given with `-H` says (nil when none is given).
    public static func parse(_ text: String, contentType: String?) throws(BodyTemplateError) -> BodyTemplate {
        guard text.utf8.count <= maxBytes else {
            throw BodyTemplateError("is larger than \(maxBytes >> 20) MiB (\(ByteCount.text(text.utf8.count))); a request body is a few kilobytes")
        }
        switch kind(of: text, contentType: contentType) {
        case .json:
            do throws(BodyTemplateError) {
                return BodyTemplate(form: .json(try JSONTemplateParser.parse(text)))
            } catch where contentType == nil && error.mayNotBeJSON {
                throw BodyTemplateError(error.message + " (a body that starts with '{' or '[' is read as JSON; -H 'Content-Type: …' says otherwise)")
            }
        case .form:
            return BodyTemplate(form: .form(try FormBodyTemplate(parsing: text)))
        case .raw:
            return BodyTemplate(form: .raw(Array(text.utf8)))
        }
    }

    private enum Kind { case json, form, raw }

    private static func kind(of text: String, contentType: String?) -> Kind {
        guard let contentType else {
            let first = text.unicodeScalars.first { !" \t\r\n".unicodeScalars.contains($0) }
            return first == "{" || first == "[" ? .json : .form
        }
        let media = PagingText.trimmed(String(contentType.prefix { $0 != ";" })).lowercased()
        if media == "application/json" || media.hasSuffix("+json") { return .json }
        if media == "application/x-www-form-urlencoded" { return .form }
        return .raw
    }

    /// The placeholders, in the order written.
    public var placeholders: [URLTemplate.Placeholder] {
        switch form {
        case .json(let template): return template.placeholders
        case .form(let template): return template.placeholders
        case .raw: return []
        }
    }

    /// Whether the body is JSON (for GraphQL and `-v`).
    public var isJSON: Bool {
        if case .json = form { return true }
        return false
    }

    /// The Content-Type sent with the body when `-H` gives none.
    var contentType: String? {
        switch form {
        case .json: return "application/json"
        case .form: return "application/x-www-form-urlencoded"
        case .raw: return nil
        }
    }

    /// The body for one request; `value` gives each placeholder's value as JSON (nil: none yet).
    public func fill(_ value: (URLTemplate.Placeholder) -> JSONValue?) -> [UInt8] {
        switch form {
        case .json(let template): return Array(template.filled(value).compactJSON.utf8)
        case .form(let template): return Array(template.fill(value).utf8)
        case .raw(let bytes): return bytes
        }
    }
}

/// A body template that cannot be used; the message names the line and column.
public struct BodyTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// The problem may be that the body was never meant as JSON (a syntax error, or a body that
    /// starts with a brace that is no placeholder), rather than a mistake inside a JSON body.
    var mayNotBeJSON = false
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// A problem at byte `offset` of `bytes`, as "at line 2, column 7: …" (columns count
    /// characters, from 1).
    static func at(_ offset: Int, in bytes: [UInt8], _ message: String) -> BodyTemplateError {
        let end = min(max(0, offset), bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = bytes[..<end].filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return BodyTemplateError("at line \(line), column \(column): \(message)")
    }
}
