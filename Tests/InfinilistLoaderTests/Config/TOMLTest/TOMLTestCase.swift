import Testing

/// A valid case of toml-lang/toml-test: a TOML file and the JSON (toml-test's tagged form) it
/// must decode to. The cases are copied, not fetched: the tests run without a network.
struct TOMLTestCase: Sendable, CustomTestStringConvertible {
    /// The file's path under toml-test's `tests/valid`, without `.toml`.
    let name: String
    let toml: String
    let json: String

    init(_ name: String, _ toml: String, json: String) {
        (self.name, self.toml, self.json) = (name, toml, json)
    }

    var testDescription: String { name }

    static let all = validDates + validNumbersAndStrings + validKeysAndInlineTables + validTables
}

/// An invalid case of toml-lang/toml-test: a file TOML 1.0 refuses, and the line our parser
/// names for it.
struct TOMLInvalidCase: Sendable, CustomTestStringConvertible {
    /// The file's path under toml-test's `tests/invalid`, without `.toml`.
    let name: String
    let line: Int
    let toml: String

    init(_ name: String, line: Int, _ toml: String) {
        (self.name, self.line, self.toml) = (name, line, toml)
    }

    var testDescription: String { name }

    static let all = invalidDatesAndNumbers + invalidStructure
}
