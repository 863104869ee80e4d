import Foundation
import Testing
@testable import InfinilistCore

/// Values from a server go into bound commands as data: each is shell-quoted, and `sh -c` really
/// runs the filled command here, in a directory of its own, with HOME pointing into it, so a
/// quoting mistake would show as a file named `pwned` (and could reach nothing outside).
@Suite struct ShellQuoteTests {
    static let hostile = [
        "$(touch pwned)",
        "`touch pwned`",
        "'; touch pwned #",
        "'; rm -rf ~ #",
        "\"; touch pwned; \"",
        "a\nb\n\ntouch pwned\n",
        "'\n touch pwned\n'",
        "\\'; touch pwned; echo \\",
        "${IFS}touch${IFS}pwned",
        "' ' '' '''",
        "-n",
        "*",
        "🏳️‍🌈 ünï\u{202E}cödé",
        "",
    ]

    /// Fills `printf %s {title} > out` with an item whose title is `value`, runs it, and returns
    /// what the command received (nil when `pwned` appeared or the home was touched).
    private func roundTrip(_ template: String, item: String, marked: [String] = []) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-quote-\(UUID().uuidString.prefix(8))")
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let canary = home.appendingPathComponent("canary")
        try Data("alive".utf8).write(to: canary)
        let command = CommandTemplate(template).filled(item: item, marked: marked, quote: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sh -c \(command.prefix(200))")
        let pwned = FileManager.default.fileExists(atPath: directory.appendingPathComponent("pwned").path)
        let homeIntact = FileManager.default.fileExists(atPath: canary.path)
        #expect(!pwned, "a value ran a command: \(command.prefix(200))")
        #expect(homeIntact, "a value reached the home directory: \(command.prefix(200))")
        guard !pwned, homeIntact else { return nil }
        return try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8)
    }

    private static func item(title: String) -> String {
        JSONValue.object(["id": .number("1"), "title": .string(title)]).compactJSON
    }

    @Test(arguments: hostile)
    func aFieldReachesTheCommandAsOneWordOfData(value: String) throws {
        #expect(try roundTrip("printf %s {title} > out", item: Self.item(title: value)) == value)
    }

    @Test(arguments: hostile)
    func theItemsJSONAndTheMarkedItemsToo(value: String) throws {
        let item = Self.item(title: value)
        #expect(try roundTrip("printf %s {} > out", item: item) == item)
        let other = Self.item(title: "other " + value)
        #expect(try roundTrip("printf %s {+} > out", item: item, marked: [item, other]) == item + "\n" + other)
    }

    @Test func aHundredKilobyteValue() throws {
        var value = ""
        while value.utf8.count < 100_000 {
            value += String(repeating: "x", count: 900) + "'$(touch pwned)'`touch pwned`\n\"; touch pwned\n"
        }
        let item = Self.item(title: value)
        #expect(try roundTrip("printf %s {title} > out", item: item) == value)
    }

    @Test func quotingIsSingleQuotesWithEachQuoteEscaped() {
        #expect(ShellQuote.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellQuote.quoted("") == "''")
        #expect(ShellQuote.quoted("$(x)") == "'$(x)'")
    }

    /// A NUL ends a program's argument, so a command that would hold one is not run at all.
    @Test func aNULIsRefusedWithANotice() {
        var state = boundState(["ctrl-v:execute(printf %s {title})"], items: [Item(json: Self.item(title: "a\u{0}b"), text: "a")])
        #expect(state.update(.key(.ctrl("v"))) == [])
        #expect(state.notice == .command(.commandHasNUL))
    }

    @Test func placeholdersAreOnlyPathsInBraces() {
        let item = #"{"id":7,"title":"T","user":{"login":"me"},"labels":["a","b"],"none":null}"#
        func filled(_ template: String) -> String { CommandTemplate(template).filled(item: item, marked: [], quote: true) }
        #expect(filled("gh issue view {id}") == "gh issue view '7'")
        #expect(filled("{user.login} {labels} {labels.1} {none} {missing}") == "'me' '[\"a\",\"b\"]' 'b' '' ''")
        // Shell braces stay shell text.
        #expect(filled("echo ${HOME} {a,b} {1..3} | awk '{print $1}'") == "echo ${HOME} {a,b} {1..3} | awk '{print $1}'")
        #expect(filled("x {}") == "x '\(item)'")
        #expect(!CommandTemplate("echo {title}").usesMarked)
        #expect(CommandTemplate("echo {+}").usesMarked)
        // print fills without quotes.
        #expect(CommandTemplate("#{id} {title}").filled(item: item, marked: [], quote: false) == "#7 T")
    }
}
