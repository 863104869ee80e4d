/// `--dump --output FORMAT`: what a dump writes, besides today's JSON lines. `json` is one array,
/// written as items arrive (`[` before the first, `,` before each later one) and closed at the
/// end however the dump ends, a signal included (`closingLines`), so an interrupted export is
/// still valid JSON. `csv` (RFC 4180 quoting, only where a field needs it) and `tsv` (escaped as
/// jq's `@tsv`: `\\`, `\t`, `\n`, `\r`) write a header and one line an item: the columns of
/// `--columns`, else those the table would choose from the first items, else every field of
/// the first items (a single `value` column when they are not objects). A field is the value's JSON scalar as the server sent it
/// (a string's text, a number as written, `true`, empty for null or missing, an array or an
/// object as compact JSON): a date is its text, not the age a table shows.
public struct Export: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case jsonl, json, csv, tsv
    }

    public let format: Format
    /// The columns of `--columns`; nil to choose them from the first items.
    private var columns: [ColumnSpec]?
    private var started = false

    public init(format: Format, columns: [ColumnSpec]? = nil) {
        self.format = format
        self.columns = columns
    }

    /// The lines for `values` (items, or a program's outputs), in order.
    mutating func lines(for values: [JSONValue], json: [String]) -> [String] {
        switch format {
        case .jsonl:
            return json
        case .json:
            var lines: [String] = []
            lines.reserveCapacity(json.count)
            for text in json {
                lines.append((started ? "," : "[") + text)
                started = true
            }
            return lines
        case .csv, .tsv:
            guard !values.isEmpty else { return [] }
            var lines: [String] = []
            if !started {
                started = true
                let chosen = columns ?? ColumnChooser.choose(firstPage: values)?.specs ?? ColumnChooser.keys(firstPage: values)
                columns = chosen ?? []
                lines.append(line(chosen.map { $0.map(\.headerText) } ?? ["value"]))
            }
            let columns = columns ?? []
            for value in values {
                lines.append(line(columns.isEmpty ? [Self.field(value)] : columns.map { Self.field(value[$0.path]) }))
            }
            return lines
        }
    }

    /// What closes the output whatever ended the dump (written once, by the dump's runner): `]`
    /// for `json` (`[]` when nothing was written); nothing for the others.
    public func closingLines() -> [String] {
        guard format == .json else { return [] }
        return [started ? "]" : "[]"]
    }

    private func line(_ fields: [String]) -> String {
        switch format {
        case .csv: fields.map(Self.csvQuoted).joined(separator: ",")
        default: fields.map(Self.tsvEscaped).joined(separator: "\t")
        }
    }

    static func field(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let text)?: text
        case .number(let text)?: text
        case .bool(let flag)?: flag ? "true" : "false"
        case let other?: other.compactJSON
        }
    }

    /// RFC 4180: a field with a comma, a quote, a CR or an LF is quoted, its quotes doubled.
    static func csvQuoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        var quoted = "\""
        for character in field.unicodeScalars {
            if character == "\"" { quoted.append("\"\"") } else { quoted.unicodeScalars.append(character) }
        }
        return quoted + "\""
    }

    /// As jq's `@tsv`.
    static func tsvEscaped(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        var escaped = ""
        for character in field.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}

extension DumpModel {
    /// `effects` with what is written put in the `--output` format: items (`.output`) and a
    /// program's outputs (`.outputLines`, each a JSON value) alike.
    mutating func applyingExport(_ effects: [Effect]) -> [Effect] {
        guard var export, export.format != .jsonl else { return effects }
        defer { self.export = export }
        return effects.map { effect in
            switch effect {
            case .output(let items, .json):
                let json = items.map(\.json)
                let values = export.format == .json ? [] : json.map { (try? JSONParser.parse($0)) ?? .string($0) }
                return .outputLines(export.lines(for: values, json: json))
            case .outputLines(let lines):
                let values = export.format == .json ? [] : lines.map { (try? JSONParser.parse($0)) ?? .string($0) }
                return .outputLines(export.lines(for: values, json: lines))
            default:
                return effect
            }
        }
    }

    /// What still has to be written when the dump ends, however it ends (`Export.closingLines`).
    public func closingLines() -> [String] {
        wroteNothing ? [] : export?.closingLines() ?? []
    }
}
