import InfinilistCore
import TOML

/// One `[sources.NAME]` table of the config file: a URL and the flags that go with it, started
/// with `infinilist @NAME`. Its settings are the long flags without their dashes (`items`,
/// `format`, `first-page` or `first_page`; `method` for `request`), so every flag can be given a
/// default here, and the command line overrides it.
public struct NamedSource: Sendable, Equatable {
    public let name: String
    /// The line of the table's header (or of its first key).
    public let line: Int
    /// The settings, in file order.
    public let settings: [TOMLEntry]

    /// Settings that are not about a source, or that would make `@NAME` do something else.
    static let refused: Set<String> = [
        "help", "version", "man", "dump", "max-items", "generate-completion-script", "experimental-dump-help",
    ]

    /// Each setting as the command-line words it stands for, with `${VAR}` expanded from
    /// `environment`: `url` is the positional URL; `headers = { Name = "value" }` (or an array
    /// of "Name: value" strings) gives one `--header` each; a string or number `--key value`; an
    /// array repeats the flag; `true` gives `--key`, `false` `--no-key`.
    ///
    /// With `expanding` false, `${VAR}` is left as written: for messages that must not show a
    /// secret.
    /// The `url` setting as written (`${VAR}` not expanded), for `infinilist @`.
    var writtenURL: String? {
        for setting in settings where setting.key == "url" {
            if case .string(let url) = setting.value { return url }
        }
        return nil
    }

    /// The arguments of the settings named in `keys` only (`--view`: the source's view, its URL
    /// and headers not read, so a `${VAR}` they need does not have to be set).
    public func arguments(only keys: [String], environment: [String: String], file: String) throws(ConfigError) -> [ConfigArgument] {
        let view = NamedSource(name: name, line: line, settings: settings.filter { keys.contains($0.key.replacingUnderscores) })
        return try view.arguments(environment: environment, file: file)
    }

    public func arguments(environment: [String: String], file: String, expanding: Bool = true) throws(ConfigError) -> [ConfigArgument] {
        try checkHeaderCount(file: file)
        var result: [ConfigArgument] = []
        /// Each setting's line by the name it has once `_` is `-`: `first_page` and `first-page`
        /// are one setting, and giving both is a mistake to name, not to settle silently.
        var lineOf: [String: (line: Int, written: String)] = [:]
        for setting in settings {
            // `method` reads better than `request` in a file; both are `-X`.
            let key = setting.key.replacingUnderscores == "method" ? "request" : setting.key.replacingUnderscores
            let place = "\(file) line \(setting.line) ([sources.\(name)] \(setting.key))"
            if let earlier = lineOf[key] {
                throw ConfigError("\(place): '\(setting.key)' is the same setting as '\(earlier.written)' on line \(earlier.line); keep one")
            }
            lineOf[key] = (setting.line, setting.key)
            func expand(_ text: String) throws(ConfigError) -> String {
                guard expanding else { return text }
                return try EnvironmentExpansion.expand(text, environment: environment, context: place)
            }
            if Self.refused.contains(key) {
                throw ConfigError("\(place): '\(setting.key)' cannot be set in a config file; give it on the command line")
            }
            var words: [String] = []
            var attached: [String] = []
            /// `--flag value`, and `--flag=value` for the command line.
            func option(_ flag: String, _ value: String) {
                words += [flag, value]
                attached.append("\(flag)=\(value)")
            }
            switch (key, setting.value) {
            case ("url", .string(let url)):
                words = [try expand(url)]
                attached = words
            case ("url", let other):
                throw ConfigError("\(place): the URL must be a string, not \(other.kindName)")
            case ("headers", .table(let table)), ("header", .table(let table)):
                for header in table.entries {
                    let headerPlace = "\(file) line \(header.line) ([sources.\(name)] headers.\(header.key))"
                    guard case .string(let value) = header.value else {
                        throw ConfigError("\(headerPlace): a header's value must be a string, not \(header.value.kindName)")
                    }
                    try Self.checkHeaderName(header.key, place: headerPlace)
                    option("--header", "\(header.key): \(try expand(value))")
                }
            case ("headers", let value), ("header", let value):
                for item in try Self.scalars(value, place: place) {
                    guard let colon = item.firstIndex(of: ":") else {
                        throw ConfigError("\(place): a header is written 'Name: value' (or as a table: headers = { Name = \"value\" })")
                    }
                    try Self.checkHeaderName(String(item[..<colon]), place: place)
                    option("--header", try expand(item))
                }
            case ("vars", .table(let table)), ("var", .table(let table)):
                // Each value is written as JSON, so its TOML type is the variable's type:
                // `first = 50` is the number 50, `name = "50"` the string "50".
                for variable in table.entries {
                    let variablePlace = "\(file) line \(variable.line) ([sources.\(name)] vars.\(variable.key))"
                    option("--var", "\(variable.key)=\(try Self.json(variable.value, place: variablePlace, expand: expand).compactJSON)")
                }
            case ("vars", let value), ("var", let value):
                for item in try Self.scalars(value, place: place) {
                    guard item.contains("=") else {
                        throw ConfigError("\(place): a variable is written 'NAME=VALUE' (or as a table: vars = { NAME = VALUE })")
                    }
                    option("--var", try expand(item))
                }
            case (_, .boolean(let on)):
                words = [on ? "--\(key)" : "--no-\(key)"]
                attached = words
            case (_, .table):
                throw ConfigError("\(place): only headers and vars can be tables; '\(setting.key)' takes \(Self.takes)")
            default:
                for item in try Self.scalars(setting.value, place: place) { option("--\(key)", try expand(item)) }
            }
            result.append(ConfigArgument(key: setting.key, line: setting.line, value: setting.value, words: words,
                                         attachedWords: attached, isURL: key == "url"))
        }
        return result
    }

    /// At most `HeaderCount.limit` headers, counted before any is turned into words for the
    /// command-line parser (whose time grows with the square of their number).
    private func checkHeaderCount(file: String) throws(ConfigError) {
        var count = 0
        for setting in settings where ["headers", "header"].contains(setting.key) {
            switch setting.value {
            case .table(let table): count += table.entries.count
            case .array(let items): count += items.count
            default: count += 1
            }
            if count > HeaderCount.limit {
                throw ConfigError("\(file) line \(setting.line) ([sources.\(name)] \(setting.key)): \(HeaderCount.message(count, given: "in the source"))")
            }
        }
    }

    /// A header name is an HTTP token; checked here so that a malformed header is reported
    /// before `${VAR}` is expanded into it (the loader's message would quote the value).
    private static func checkHeaderName(_ name: String, place: String) throws(ConfigError) {
        let allowed = "!#$%&'*+-.^_`|~"
        let valid = !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (allowed.unicodeScalars.contains(scalar) || ("a"..."z").contains(scalar)
                || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
        }
        guard valid else { throw ConfigError("\(place): '\(name)' is not a header name (letters, digits and -)") }
    }

    private static let takes = "a string, a number, true or false, or an array of strings"

    /// A GraphQL variable's TOML value as the JSON sent for it, strings `${VAR}`-expanded.
    private static func json(_ value: TOMLValue, place: String, expand: (String) throws(ConfigError) -> String) throws(ConfigError) -> JSONValue {
        switch value {
        case .string(let text): return .string(try expand(text))
        case .integer(let number): return .number(String(number))
        case .float(let number):
            guard number.isFinite else { throw ConfigError("\(place): \(number) has no JSON form; a GraphQL variable takes a finite number") }
            return .number(String(number))
        case .boolean(let on): return .bool(on)
        // A GraphQL date scalar is a string in the JSON sent (ISO 8601 as written).
        case .dateTime(let date): return .string(date.text)
        case .array(let items):
            var elements: [JSONValue] = []
            for item in items { elements.append(try json(item, place: place, expand: expand)) }
            return .array(elements)
        case .table(let table):
            var members = JSONValue.Members()
            for entry in table.entries { members[entry.key] = try json(entry.value, place: place, expand: expand) }
            return .object(members)
        }
    }

    /// A string, a number, or an array of them, as texts.
    private static func scalars(_ value: TOMLValue, place: String) throws(ConfigError) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .integer(let number): return [String(number)]
        case .float(let number): return [String(number)]
        case .array(let items):
            var texts: [String] = []
            for item in items {
                switch item {
                case .string(let text): texts.append(text)
                case .integer(let number): texts.append(String(number))
                case .float(let number): texts.append(String(number))
                default: throw ConfigError("\(place): an array here holds strings or numbers, not \(item.kindName)")
                }
            }
            return texts
        case .boolean, .table, .dateTime:
            throw ConfigError("\(place): expected \(takes), not \(value.kindName)")
        }
    }
}

/// One setting of a named source as command-line words, with where it was written, so a flag the
/// command rejects can be reported at its line.
public struct ConfigArgument: Sendable, Equatable {
    /// The key as written in the file.
    public let key: String
    public let line: Int
    /// The value as written in the file (`${VAR}` not expanded), for messages about its type.
    public let value: TOMLValue
    /// `--flag value` words, as a person would type them.
    public let words: [String]
    /// The same with each value attached to its flag (`--max-pages=-3`), for the parser: a
    /// value that starts with '-' is then never read as a flag.
    public let attachedWords: [String]
    /// The `url` setting: its one word is the positional URL.
    public let isURL: Bool
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
