import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// `V` writing a view into the config file (issue 36): only the view's lines change, every other
/// byte (comments, blank lines, order, other tables) stays; a new table goes at the end.
@Suite struct ConfigViewEditTests {
    static let file = """
        # my sources, by hand
        [sources.gh]
        # the replica
        url = "https://api.github.com/repos/o/r/issues?page={page}"   # issues
        sort = "number:desc"
        items = "data"

        # headers below
        [sources.gh.headers]
        Authorization = "Bearer ${GITHUB_TOKEN}"

        [sources.other]
        url = "https://example.com/x"
        # the end

        """

    private func view(_ name: String, replacing: Bool = true, _ settings: [(String, String)]) -> SavedView {
        SavedView(name: name, settings: settings.map { SavedView.Setting(key: $0.0, value: $0.1) }, replacing: replacing)
    }

    private func edited(_ view: SavedView, _ text: String = Self.file, base: String? = nil, url: String? = nil) throws -> (text: String, created: Bool) {
        let outcome = ConfigViewEdit.apply(view, to: text, path: "/c.toml", base: base, url: url)
        guard case .text(let result, let created) = outcome else {
            Issue.record("not written: \(outcome)")
            throw CancellationError()
        }
        return (result, created)
    }

    @Test func anExistingTableHasItsViewLinesReplacedWhereTheFirstWasAndNothingElseChanges() throws {
        let result = try edited(view("gh", [("columns", "number,title"), ("sort", "comments"), ("filter", "bug")]))
        #expect(!result.created)
        #expect(result.text == """
            # my sources, by hand
            [sources.gh]
            # the replica
            url = "https://api.github.com/repos/o/r/issues?page={page}"   # issues
            columns = "number,title"
            sort = "comments"
            filter = "bug"
            items = "data"

            # headers below
            [sources.gh.headers]
            Authorization = "Bearer ${GITHUB_TOKEN}"

            [sources.other]
            url = "https://example.com/x"
            # the end

            """)
        let source = try ConfigFile(text: result.text, path: "/c.toml").source(named: "gh")
        #expect(source.settings.map(\.key) == ["url", "columns", "sort", "filter", "items", "headers"])
    }

    @Test func aViewWithoutASettingTakesItOutOfTheTable() throws {
        let result = try edited(view("gh", []))
        #expect(result.text == Self.file.replacingOccurrences(of: "sort = \"number:desc\"\n", with: ""))
    }

    @Test func aTableWithoutViewSettingsGetsThemAfterItsLastSettingBeforeTheBlankLineAndComments() throws {
        let result = try edited(view("other", [("jq", "select(.a == \"x\\\\y\")")]))
        #expect(result.text.hasSuffix("""
            [sources.other]
            url = "https://example.com/x"
            jq = "select(.a == \\"x\\\\\\\\y\\")"
            # the end

            """))
        let source = try ConfigFile(text: result.text, path: "/c.toml").source(named: "other")
        #expect(source.settings.last?.value == .string("select(.a == \"x\\\\y\")"))
    }

    @Test func aNewNameAppendsATableWithTheURLAndTheFileBeforeItIsKeptByteForByte() throws {
        let result = try edited(view("mine", [("sort", "a"), ("jq", "line one\nline\ttwo \u{1}")]), url: "https://h/x?q=\"1\"")
        #expect(result.created)
        #expect(result.text.hasPrefix(Self.file))
        #expect(String(result.text.dropFirst(Self.file.count)) == "\n[sources.mine]\nurl = \"https://h/x?q=\\\"1\\\"\"\nsort = \"a\"\njq = \"line one\\nline\\ttwo \\u0001\"\n")
        let source = try ConfigFile(text: result.text, path: "/c.toml").source(named: "mine")
        #expect(source.settings.map(\.value) == [.string("https://h/x?q=\"1\""), .string("a"), .string("line one\nline\ttwo \u{1}")])
    }

    /// A view of a list opened from `@gh` saved under a new name copies gh's other settings and
    /// sub-tables as written: the token stays `${GITHUB_TOKEN}`, never its value.
    @Test func aNewNameCopiesTheBaseSourceAsWritten() throws {
        let result = try edited(view("bugs", [("filter", "bug")]), base: "gh", url: "https://expanded")
        #expect(result.text.hasPrefix(Self.file))
        #expect(String(result.text.dropFirst(Self.file.count)) == """

            [sources.bugs]
            url = "https://api.github.com/repos/o/r/issues?page={page}"   # issues
            items = "data"
            filter = "bug"

            [sources.bugs.headers]
            Authorization = "Bearer ${GITHUB_TOKEN}"

            """)
    }

    @Test func anExistingSourceIsNotReplacedWithoutAsking() {
        #expect(ConfigViewEdit.apply(view("other", replacing: false, [("sort", "a")]), to: Self.file, path: "/c.toml", base: nil, url: nil) == .exists)
    }

    @Test func aSourceWrittenWithDottedKeysOrInlineIsRefusedNamingTheLine() {
        for text in ["[sources]\nv = { url = \"x\" }\n", "sources.v.url = \"x\"\n", "[sources]\nv.url = \"x\"\n"] {
            let outcome = ConfigViewEdit.apply(view("v", [("sort", "a")]), to: text, path: "/c.toml", base: nil, url: nil)
            guard case .failed(let reason) = outcome else {
                Issue.record("written: \(outcome)")
                continue
            }
            #expect(reason.contains("line") && reason.contains("make it one"), "\(reason)")
        }
    }

    @Test func aFileThatDoesNotParseIsNotTouchedAndTheLineIsNamed() {
        let outcome = ConfigViewEdit.apply(view("v", [("sort", "a")]), to: "[sources.a]\nurl = \n", path: "/c.toml", base: nil, url: nil)
        guard case .failed(let reason) = outcome else {
            Issue.record("written: \(outcome)")
            return
        }
        #expect(reason.hasPrefix("/c.toml line 2:") && reason.hasSuffix("mend it, then save again"), "\(reason)")
    }

    @Test func crlfLineEndsAndAMissingLastNewlineAreKept() throws {
        let text = "[sources.a]\r\nurl = \"x\"\r\nsort = \"b\"\r\nitems = \"d\""
        let replaced = try edited(view("a", [("sort", "c"), ("filter", "f")]), text)
        #expect(replaced.text == "[sources.a]\r\nurl = \"x\"\r\nsort = \"c\"\r\nfilter = \"f\"\r\nitems = \"d\"")
        let added = try edited(view("b", [("sort", "c")]), text, url: "y")
        #expect(added.text == text + "\r\n\r\n[sources.b]\r\nurl = \"y\"\r\nsort = \"c\"\r\n")
    }

    @Test func anEmptyFileGetsTheTable() throws {
        let result = try edited(view("v", [("columns", "a,b")]), "", url: "/tmp/f.jsonl")
        #expect(result.text == "[sources.v]\nurl = \"/tmp/f.jsonl\"\ncolumns = \"a,b\"\n")
    }

    /// A multi-line setting is removed whole, a name that needs quotes is quoted.
    @Test func aMultiLineViewSettingIsReplacedWhole() throws {
        let text = "[sources.a]\njq = \"\"\"\nselect(.a)\n\"\"\"\ncolumns = [\n  \"a\",\n  \"b\",\n]\nitems = \"d\"\n"
        let result = try edited(view("a", [("sort", "x")]), text)
        #expect(result.text == "[sources.a]\nsort = \"x\"\nitems = \"d\"\n")
    }

    /// A filter, a program or a path holding `${` is text: written `$${`, it reads back as
    /// written instead of naming an environment variable (and never expands to a secret).
    @Test func aDollarBraceInAViewIsWrittenAsALiteral() throws {
        let saved = view("d", replacing: false, [("filter", "${HOME}"), ("jq", #"{d: "$${x}"}"#)])
        let result = try edited(saved, "", url: "/data/x${HOME}.json")
        #expect(result.text.contains(#"filter = "$${HOME}""#))
        let file = try ConfigFile(text: result.text, path: "/c.toml")
        let words = try file.source(named: "d").arguments(environment: ["HOME": "/secret"], file: "/c.toml").flatMap(\.words)
        #expect(words.contains("${HOME}"))
        #expect(words.contains(#"{d: "$${x}"}"#))
        #expect(words.contains("/data/x${HOME}.json"))
        #expect(!words.contains { $0.contains("/secret") })
    }
}

/// The file itself: made when missing (with its directory), replaced whole with its permissions
/// kept, through a symbolic link that stays a link.
@Suite struct ConfigViewWriterTests {
    private let view = SavedView(name: "v", settings: [SavedView.Setting(key: "sort", value: "a")], replacing: false)

    @Test func aMissingFileIsMadeAndAnExistingOneKeepsItsModeAndLink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("view-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path + "/infinilist/config.toml"
        #expect(ConfigViewWriter.save(view, path: path, base: nil, url: "https://h/") == .saved(name: "v", path: path, created: true, hasURL: true))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[sources.v]\nurl = \"https://h/\"\nsort = \"a\"\n")
        #expect(ConfigViewWriter.save(view, path: path, base: nil, url: nil) == .exists(name: "v", path: path))

        let real = directory.path + "/real.toml"
        try "# mine\n[sources.v]\nurl = \"x\"\n".write(toFile: real, atomically: true, encoding: .utf8)
        chmod(real, 0o640)
        let link = directory.path + "/link.toml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let replacing = SavedView(name: "v", settings: [SavedView.Setting(key: "filter", value: "f")], replacing: true)
        #expect(ConfigViewWriter.save(replacing, path: link, base: nil, url: nil) == .saved(name: "v", path: link, created: false, hasURL: true))
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "# mine\n[sources.v]\nurl = \"x\"\nfilter = \"f\"\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// A view of standard input has no url, saved new or saved again: only `--view` uses it.
    @Test func aViewWithoutAURLSaysSoSavedNewOrAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("view-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path + "/config.toml"
        #expect(ConfigViewWriter.save(view, path: path, base: nil, url: nil) == .saved(name: "v", path: path, created: true, hasURL: false))
        let again = SavedView(name: "v", settings: view.settings, replacing: true)
        #expect(ConfigViewWriter.save(again, path: path, base: nil, url: nil) == .saved(name: "v", path: path, created: false, hasURL: false))
    }

    /// A file the view would push past what infinilist reads back is not written.
    @Test func aViewThatWouldMakeTheFileTooLargeIsNotWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("view-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path + "/config.toml"
        let text = "# " + String(repeating: "x", count: ConfigFile.maxBytes - 20) + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .failed(_, let reason) = ConfigViewWriter.save(view, path: path, base: nil, url: "https://h/") else {
            Issue.record("written")
            return
        }
        #expect(reason.contains("would pass 1 MiB"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func aFileThatCannotBeWrittenSaysWhyAndStaysAsItWas() throws {
        guard getuid() != 0 else { return }   // root writes anywhere
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("view-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory.path, 0o700)
            try? FileManager.default.removeItem(at: directory)
        }
        let path = directory.path + "/config.toml"
        try "[sources.a]\nurl = \"x\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(directory.path, 0o500)
        let result = ConfigViewWriter.save(view, path: path, base: nil, url: nil)
        guard case .failed(_, let reason) = result else {
            Issue.record("saved: \(result)")
            return
        }
        #expect(reason.contains("Permission denied"), "\(reason)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[sources.a]\nurl = \"x\"\n")
    }
}
