import InfinilistCore
import TOML

/// `V`'s change to the config file's text, made without touching anything else: in an existing
/// `[sources.NAME]` table only the lines of its view settings (`columns`, `sort`, `filter`, `jq`)
/// are replaced, where the first of them was (else after its last setting); a new table goes at
/// the end. Every other byte, comments and blank lines and the order of everything, stays. The
/// result is read back before it is used, and refused unless every other setting of the file
/// reads exactly as before.
enum ConfigViewEdit {
    enum Outcome: Equatable {
        /// The file's new text; `created` when the source's table is new.
        case text(String, created: Bool)
        /// The source exists and the view was not to replace its settings.
        case exists
        case failed(String)
    }

    /// - Parameters:
    ///   - base: the source the list was opened from (`@BASE`): a new table starts with its other
    ///     settings and sub-tables as written (`${TOKEN}` stays a reference), so `@NAME` reads the
    ///     same list.
    ///   - url: a new table's `url` when there is no base to copy (nil: none, a pipe).
    static func apply(_ view: SavedView, to text: String, path: String, base: String?, url: String?) -> Outcome {
        let old: ConfigFile
        let statements: [TOMLStatement]
        do {
            old = try ConfigFile(text: text, path: path)
            statements = try TOMLParser.statements(of: text)
        } catch let error as ConfigError {
            return .failed(error.message + "; mend it, then save again")
        } catch {
            return .failed("\(path): \(error); mend it, then save again")
        }
        let own = ["sources", view.name]
        let placed = Self.placed(statements)
        if let dotted = placed.first(where: { !$0.statement.isHeader && own.starts(with: $0.table) && $0.table != own && ($0.table + $0.statement.path).starts(with: own) }) {
            return .failed("\(path) line \(dotted.statement.lines.lowerBound) writes sources.\(view.name) with dotted keys or an inline table; V writes a [sources.\(view.name)] table: make it one, then save again")
        }
        let lineEnd = text.contains("\r\n") ? "\r\n" : "\n"
        let viewLines = view.settings.map { "\($0.key) = \(TOMLText.string(EnvironmentExpansion.literal($0.value)))" }
        // Split on the byte: a Swift `Character` holds "\r\n" whole, and would not split there.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let created: Bool
        if let header = placed.firstIndex(where: { $0.statement.kind == .tableHeader && $0.statement.path == own }) {
            guard view.replacing else { return .exists }
            let region = Self.region(after: header, in: placed)
            let removed = region.filter(isViewSetting).map(\.lines)
            let insertAt = removed.first?.lowerBound
                ?? region.last(where: { $0.kind == .keyValue }).map { $0.lines.upperBound + 1 }
                ?? placed[header].statement.lines.upperBound + 1
            var result: [String] = []
            for (offset, line) in lines.enumerated() {
                let number = offset + 1
                if number == insertAt { result += viewLines.map { $0 + (lineEnd == "\r\n" ? "\r" : "") } }
                if removed.contains(where: { $0.contains(number) }) { continue }
                result.append(line)
            }
            if insertAt > lines.count { result += viewLines.map { $0 + (lineEnd == "\r\n" ? "\r" : "") } + [""] }
            lines = result
            created = false
        } else {
            var table = ["[" + TOMLText.key(own) + "]"]
            let copied = base.flatMap { $0 == view.name ? nil : Self.copiedSettings(of: $0, as: view.name, placed: placed, lines: lines) }
            if let copied {
                table += copied.settings
            } else if let url {
                table.append("url = \(TOMLText.string(EnvironmentExpansion.literal(url)))")
            }
            table += viewLines + (copied?.subTables ?? [])
            var body = lines.joined(separator: "\n")
            if !body.isEmpty, body.utf8.last != UInt8(ascii: "\n") { body += lineEnd }
            if !body.isEmpty { body += lineEnd }
            return Self.checked(body + table.joined(separator: lineEnd) + lineEnd, created: true, old: old, view: view, base: copied == nil ? nil : base, path: path, viewLines: viewLines)
        }
        return Self.checked(lines.joined(separator: "\n"), created: created, old: old, view: view, base: nil, path: path, viewLines: viewLines)
    }

    /// Each statement with the table it is in.
    private static func placed(_ statements: [TOMLStatement]) -> [(statement: TOMLStatement, table: [String])] {
        var table: [String] = []
        return statements.map { statement in
            if statement.isHeader { table = statement.path }
            return (statement, table)
        }
    }

    /// The statements of the table whose header is at `header`, up to the next header.
    private static func region(after header: Int, in placed: [(statement: TOMLStatement, table: [String])]) -> [TOMLStatement] {
        Array(placed[(header + 1)...].prefix { !$0.statement.isHeader }.map(\.statement))
    }

    private static func isViewSetting(_ statement: TOMLStatement) -> Bool {
        statement.kind == .keyValue && statement.path.count == 1 && SavedView.keys.contains(statement.path[0])
    }

    /// The base source's settings other than its view, and its sub-tables with their headers
    /// renamed, as the file writes them; nil when it is not a `[sources.BASE]` table.
    private static func copiedSettings(of base: String, as name: String, placed: [(statement: TOMLStatement, table: [String])], lines: [String]) -> (settings: [String], subTables: [String])? {
        let baseTable = ["sources", base]
        guard let header = placed.firstIndex(where: { $0.statement.kind == .tableHeader && $0.statement.path == baseTable }) else { return nil }
        func text(of statement: TOMLStatement) -> [String] {
            statement.lines.map { lines[$0 - 1].hasSuffix("\r") ? String(lines[$0 - 1].dropLast()) : lines[$0 - 1] }
        }
        let settings = region(after: header, in: placed).filter { !isViewSetting($0) }.flatMap(text(of:))
        var subTables: [String] = []
        for (index, entry) in placed.enumerated() where entry.statement.isHeader && entry.statement.path.count > 2 && entry.statement.path.starts(with: baseTable) {
            let path = ["sources", name] + entry.statement.path.dropFirst(2)
            let brackets = entry.statement.kind == .arrayTableHeader ? ("[[", "]]") : ("[", "]")
            subTables += ["", brackets.0 + TOMLText.key(path) + brackets.1] + region(after: index, in: placed).flatMap(text(of:))
        }
        return (settings, subTables)
    }

    /// `text` if it reads as the file did with the view in it: every other source the same, the
    /// source's own settings the same but for its view (or its base's, for a copy).
    private static func checked(_ text: String, created: Bool, old: ConfigFile, view: SavedView, base: String?, path: String, viewLines: [String]) -> Outcome {
        let byHand = "; add these lines under [sources.\(view.name)] by hand: " + viewLines.joined(separator: "; ")
        guard let new = try? ConfigFile(text: text, path: path) else {
            return .failed("could not write the view into \(path) and keep it a valid config file" + byHand)
        }
        let others = { (file: ConfigFile) in file.sources.filter { $0.name != view.name } }
        let viewPart = { (source: NamedSource?) in (source?.settings ?? []).filter { SavedView.keys.contains($0.key) } }
        let restPart = { (source: NamedSource?) in (source?.settings ?? []).filter { !SavedView.keys.contains($0.key) } }
        let newSource = new.sources.first { $0.name == view.name }
        let expectedRest: [TOMLEntry]
        if let base {
            expectedRest = restPart(old.sources.first { $0.name == base })
        } else if created {
            expectedRest = restPart(newSource).filter { $0.key == "url" }
        } else {
            expectedRest = restPart(old.sources.first { $0.name == view.name })
        }
        let expectedView = view.settings.map { ($0.key, TOMLValue.string(EnvironmentExpansion.literal($0.value))) }
        let same = zip(others(old), others(new)).allSatisfy { $0.name == $1.name && TOMLText.sameEntries($0.settings, $1.settings) }
            && others(old).count == others(new).count
            && TOMLText.sameEntries(restPart(newSource), expectedRest)
            && viewPart(newSource).map(\.key) == expectedView.map(\.0)
            && zip(viewPart(newSource), expectedView).allSatisfy { $0.value == $1.1 }
        return same ? .text(text, created: created) : .failed("could not write the view into \(path) without changing its other settings" + byHand)
    }
}

/// TOML as `V` writes it.
enum TOMLText {
    /// A basic string: `"`, `\` and control characters escaped, everything else as it is.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A dotted key or table name, each part bare when it can be.
    static func key(_ path: [String]) -> String {
        path.map { part in
            let bare = !part.isEmpty && part.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
            return bare ? part : string(part)
        }.joined(separator: ".")
    }

    /// The same keys and values in the same order, wherever they are written.
    static func sameEntries(_ a: [TOMLEntry], _ b: [TOMLEntry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && sameValue($0.value, $1.value) }
    }

    private static func sameValue(_ a: TOMLValue, _ b: TOMLValue) -> Bool {
        switch (a, b) {
        case (.table(let x), .table(let y)): return sameEntries(x.entries, y.entries)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameValue)
        default: return a == b
        }
    }
}
