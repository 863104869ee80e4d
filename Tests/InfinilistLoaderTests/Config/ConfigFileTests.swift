import Foundation
import InfinilistLoader
import Testing

/// Named sources: finding the file, finding a source, turning its settings into the flags they
/// stand for, and filling `${VAR}` from the environment.
@Suite struct ConfigFileTests {
    static let text = """
        [sources.gh]
        url = "https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}"
        headers = { Authorization = "Bearer ${GITHUB_TOKEN}" }
        items = "data"
        format = "{title} by {user.login}"
        id = "id"
        first_page = 0
        timeout = 2.5
        trust-hosts = ["a.example", "*.b.example"]
        allow-insecure-redirect = true
        mouse = false

        [sources.demo]
        demo-items = 20
        """

    @Test func theDefaultPathFollowsXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"]) == "/x/conf/infinilist/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/infinilist/config.toml")
        // A relative or empty XDG_CONFIG_HOME is ignored, as the XDG spec says.
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u/"]) == "/home/u/.config/infinilist/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": ""]) == nil)
    }

    @Test func aSourceBecomesItsFlagsInFileOrder() throws {
        let file = try ConfigFile(text: Self.text, path: "/c.toml")
        #expect(file.sources.map(\.name) == ["gh", "demo"])
        let arguments = try file.source(named: "gh").arguments(environment: ["GITHUB_TOKEN": "t0k"], file: "/c.toml")
        #expect(arguments.map(\.words) == [
            ["https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}"],
            ["--header", "Authorization: Bearer t0k"],
            ["--items", "data"],
            ["--format", "{title} by {user.login}"],
            ["--id", "id"],
            ["--first-page", "0"],
            ["--timeout", "2.5"],
            ["--trust-hosts", "a.example", "--trust-hosts", "*.b.example"],
            ["--allow-insecure-redirect"],
            ["--no-mouse"],
        ])
        #expect(arguments.first?.isURL == true)
        #expect(arguments.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    }

    @Test func unexpandedArgumentsKeepTheVariableName() throws {
        let file = try ConfigFile(text: Self.text, path: "/c.toml")
        let arguments = try file.source(named: "gh").arguments(environment: [:], file: "/c.toml", expanding: false)
        #expect(arguments[1].words == ["--header", "Authorization: Bearer ${GITHUB_TOKEN}"])
    }

    @Test func aMissingVariableIsNamedWithItsLine() throws {
        let file = try ConfigFile(text: Self.text, path: "/c.toml")
        #expect(throws: ConfigError("/c.toml line 3 ([sources.gh] headers) uses ${GITHUB_TOKEN}, but the environment variable GITHUB_TOKEN is not set")) {
            try file.source(named: "gh").arguments(environment: [:], file: "/c.toml")
        }
    }

    @Test func anUnknownNameListsTheNamesThereAre() throws {
        let file = try ConfigFile(text: Self.text, path: "/c.toml")
        #expect(throws: ConfigError("no source named @gl in /c.toml; it defines: @gh, @demo")) {
            try file.source(named: "gl")
        }
        let empty = try ConfigFile(text: "# nothing yet\n", path: "/e.toml")
        #expect(throws: ConfigError("no source named @gh in /e.toml; it defines no sources")) {
            try empty.source(named: "gh")
        }
    }

    @Test(arguments: [
        ("[source.gh]\nurl = \"x\"\n", "/c.toml line 1: unknown setting 'source'; the file holds [sources.NAME] tables"),
        ("sources = 1\n", "/c.toml line 1: 'sources' must hold tables, one per source: [sources.NAME]"),
        ("[sources]\ngh = \"x\"\n", "/c.toml line 2: 'sources.gh' must be a table: [sources.gh]"),
        ("[sources.gh]\nurl = 'x\n", "/c.toml line 2: a string is not closed on its line (missing ')"),
    ])
    func aMalformedFileIsAnErrorWithItsLine(text: String, message: String) {
        #expect(throws: ConfigError(message)) { try ConfigFile(text: text, path: "/c.toml") }
    }

    @Test(arguments: [
        ("url = 5", "the URL must be a string, not an integer"),
        ("dump = true", "'dump' cannot be set in a config file"),
        ("items = { a = 1 }", "only headers and vars can be tables"),
        ("headers = { Authorization = 5 }", "a header's value must be a string, not an integer"),
        ("headers = { \"Bad Name\" = \"x\" }", "'Bad Name' is not a header name"),
        ("headers = [\"no colon\"]", "a header is written 'Name: value'"),
        ("format = [true]", "an array here holds strings or numbers, not a boolean"),
    ])
    func aSettingOfTheWrongShapeIsAnError(line: String, mention: String) throws {
        let file = try ConfigFile(text: "[sources.x]\n\(line)\n", path: "/c.toml")
        do {
            _ = try file.source(named: "x").arguments(environment: [:], file: "/c.toml")
            Issue.record("accepted: \(line)")
        } catch {
            #expect(error.message.hasPrefix("/c.toml line 2 ([sources.x] "), "\(error)")
            #expect(error.message.contains(mention), "\(error)")
        }
    }

    @Test func headersMayBeAnArrayOfLines() throws {
        let file = try ConfigFile(text: "[sources.x]\nheaders = [\"A: 1\", \"B: ${V}\"]\n", path: "/c.toml")
        let arguments = try file.source(named: "x").arguments(environment: ["V": "2"], file: "/c.toml")
        #expect(arguments.map(\.words) == [["--header", "A: 1", "--header", "B: 2"]])
    }

    @Test func loadReadsTheFileAndSaysWhenThereIsNone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.toml").path
        do {
            _ = try ConfigFile.load(path: path)
            Issue.record("loaded a file that does not exist")
        } catch {
            #expect(error.message.hasPrefix("there is no config file at \(path)"))
        }
        try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try ConfigFile.load(path: path).sources.count == 2)
    }
}

/// `${VAR}` in config values.
@Suite struct EnvironmentExpansionTests {
    @Test(arguments: [
        ("Bearer ${T}", "Bearer abc"),
        ("${T}${T}", "abcabc"),
        ("no variables", "no variables"),
        ("cost: $5 and $T", "cost: $5 and $T"),
        ("literal $${T}", "literal ${T}"),
        ("${EMPTY}x", "x"),
    ])
    func expands(text: String, expected: String) throws {
        #expect(try EnvironmentExpansion.expand(text, environment: ["T": "abc", "EMPTY": ""], context: "here") == expected)
    }

    @Test(arguments: [
        ("${MISSING}", "here uses ${MISSING}, but the environment variable MISSING is not set"),
        ("${OPEN", "here: '${' without a closing '}'"),
        ("${1X}", "here: '${1X}' is not an environment variable name (letters, digits and _)"),
    ])
    func rejects(text: String, message: String) {
        #expect(throws: ConfigError(message)) {
            try EnvironmentExpansion.expand(text, environment: [:], context: "here")
        }
    }
}
