/// The text of a bound command (`execute(gh issue view {number})`) or of `print(…)`, with its
/// placeholders: `{}` the item's compact JSON, `{+}` every marked item's JSON, one a line (the
/// item itself when none is marked), `{PATH}` a field as `--format` shows it (strings as they
/// are, numbers as written, nothing for null or a missing field, compact JSON for the rest).
///
/// Shell commands are full of braces that are not placeholders (`${HOME}`, awk's
/// `{print $1}`, `{a,b}` and `{1..5}`): a brace pair is a placeholder only when a `$` does not
/// come before it and what is inside is `+` or a path without spaces or shell characters;
/// anything else is left as written.
public struct CommandTemplate: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case literal(String)
        case item
        case marked
        case field(JSONPath)
    }

    /// The template as written, for help and messages.
    public let text: String
    let parts: [Part]

    public init(_ text: String) {
        self.text = text
        self.parts = Self.parse(text)
    }

    /// Whether the template has a `{+}`.
    public var usesMarked: Bool { parts.contains(.marked) }

    /// Whether the template needs the item under the cursor (`{}` or a field; `{+}` when nothing
    /// is marked).
    func needsItem(marksEmpty: Bool) -> Bool {
        parts.contains { part in
            switch part {
            case .item, .field: return true
            case .marked: return marksEmpty
            case .literal: return false
            }
        }
    }

    /// The text with every placeholder filled from `item` (compact JSON; nil when there is none)
    /// and `marked` (the marked items' JSON, in list order); with `quote`, each filled value is
    /// shell-quoted, whatever it holds.
    public func filled(item: String?, marked: [String], quote: Bool) -> String {
        // Parsed once, and only for a template with fields.
        var root: JSONValue?
        var parsed = false
        func value(at path: JSONPath) -> String {
            if !parsed {
                root = item.flatMap { try? JSONParser.parse($0) }
                parsed = true
            }
            guard let value = root?[path] else { return "" }
            return value.scalarText ?? (value.isNull ? "" : value.compactJSON)
        }
        var result = ""
        for part in parts {
            let filled: String
            switch part {
            case .literal(let literal):
                result += literal
                continue
            case .item: filled = item ?? ""
            case .marked: filled = marked.isEmpty ? (item ?? "") : marked.joined(separator: "\n")
            case .field(let path): filled = value(at: path)
            }
            result += quote ? ShellQuote.quoted(filled) : filled
        }
        return result
    }

    static func parse(_ text: String) -> [Part] {
        let scalars = Array(text.unicodeScalars)
        var parts: [Part] = []
        var literal = String.UnicodeScalarView()
        func flush() {
            if !literal.isEmpty { parts.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "{", i == 0 || scalars[i - 1] != "$",
               let close = scalars[(i + 1)...].firstIndex(of: "}"),
               let part = placeholder(Array(scalars[(i + 1)..<close])) {
                flush()
                parts.append(part)
                i = close + 1
                continue
            }
            literal.append(scalar)
            i += 1
        }
        flush()
        return parts
    }

    /// What `{inside}` stands for, or nil when it is not a placeholder.
    private static func placeholder(_ inside: [Unicode.Scalar]) -> Part? {
        if inside.isEmpty { return .item }
        if inside == ["+"] { return .marked }
        guard inside.allSatisfy(isPathCharacter) else { return nil }
        var parser = PathParser(scalars: inside, reportedText: String(String.UnicodeScalarView(inside)), kind: "placeholder", offset: 0)
        guard let components = try? parser.parseAll(), !components.isEmpty else { return nil }
        return .field(JSONPath(components))
    }

    /// Letters, digits and the few marks paths use; never a space or a character the shell
    /// gives a meaning to, so `{print $1}` or `{a,b}` stay shell text.
    private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value > 0x7F { return !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "[", "]", "@", ":", "/": return true
        default: return false
        }
    }
}
