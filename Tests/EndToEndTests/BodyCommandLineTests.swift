import Foundation
import Testing

/// `-X`, `-d @FILE`, `-d @-` and `--first-cursor` through the built binary: the bodies the server
/// received, the config file's `method`, `data` and `first_cursor`, and a usage error (exit 64)
/// naming the problem for each mistake. Serialized, as the other command-line suites.
@Suite(.serialized) struct BodyCommandLineTests {
    static let template = "{\n  \"after\": \"{cursor}\",\n  \"size\": {limit}\n}\n"
    static let expectedBodies = [#"{"size":3}"#, #"{"after":"c3","size":3}"#, #"{"after":"c6","size":3}"#]

    @Test func aBodyFromAFileIsPostedWithTheCursorOfEachPage() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let file = directory.file("search.json").path
        try Self.template.write(toFile: file, atomically: true, encoding: .utf8)
        try await PostServer.with { server in
            let run = try await ProcessRun.run(
                Binary.path,
                ["--dump", "-v", "--page-size", "3", "-d", "@" + file, "-H", "Authorization: Bearer s3cret", server.base + "/search"]
            )
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == PostServer.itemCount)
            #expect(server.bodies == Self.expectedBodies)
            #expect(run.stderr.contains("POST body of 10 bytes (its text is not shown: it may hold a secret)"), "stderr: \(run.stderr)")
            #expect(run.stderr.contains("POST \(server.base)/search: HTTP 200 OK, 3 items at results"), "stderr: \(run.stderr)")
            #expect(!run.stderr.contains("s3cret"))
        }
    }

    /// A dump writes each item's JSON, whose rows it never shows (so it does not make their text),
    /// and with `--format` each row's text.
    @Test func aDumpWritesJSONOrWithFormatTheRowText() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await PostServer.with { server in
            let json = try await ProcessRun.run(Binary.path, ["--dump", "--page-size", "3", "-d", "@-", server.base + "/search"], input: Self.template)
            #expect(json.status == 0, "stderr: \(json.stderr)")
            #expect(json.stdoutLines.first == #"{"id":1,"title":"Result 1"}"#)
            #expect(json.stdoutLines.count == PostServer.itemCount)
            let text = try await ProcessRun.run(
                Binary.path, ["--dump", "--format", "{title} #{id}", "--page-size", "3", "-d", "@-", server.base + "/search"], input: Self.template
            )
            #expect(text.status == 0, "stderr: \(text.stderr)")
            #expect(text.stdoutLines == (1...PostServer.itemCount).map { "Result \($0) #\($0)" })
        }
    }

    @Test func aBodyFromStandardInputIsReadOnce() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await PostServer.with { server in
            let run = try await ProcessRun.run(
                Binary.path, ["--dump", "--page-size", "3", "-d", "@-", server.base + "/search"], input: Self.template
            )
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == PostServer.itemCount)
            #expect(server.bodies == Self.expectedBodies)
        }
    }

    /// The config file's `method`, `data` (over several lines) and `first_cursor`; `cursor` is
    /// accepted because the body has `{cursor}`.
    @Test func aNamedSourceCarriesMethodBodyAndFirstCursor() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await PostServer.with { server in
            let config = try ConfigDirectory("""
                [sources.search]
                url = "\(server.base)/search"
                method = "POST"
                data = '''
                {"after": "{cursor}", "size": {limit}}
                '''
                first_cursor = "c0"
                cursor = "next_cursor"
                page_size = 4
                """)
            let run = try await ProcessRun.run(Binary.path, ["@search", "--dump"], environment: config.environment)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == PostServer.itemCount)
            #expect(server.bodies == [#"{"after":"c0","size":4}"#, #"{"after":"c4","size":4}"#, #"{"after":"c8","size":4}"#])
        }
    }

    @Test func eachMistakeIsAUsageErrorNamingIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.json").path
        let large = directory.file("large.json")
        try Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 10).write(to: large)
        let typo = directory.file("typo.json")
        try "{\n  \"after\": \"{cursr}\"\n}\n".write(to: typo, atomically: true, encoding: .utf8)
        let url = "http://127.0.0.1:9/search"
        let cases: [([String], String)] = [
            (["-d", "@" + missing, url], "-d @\(missing): there is no file \(missing)"),
            (["-d", "@" + directory.url.path, url], "-d @\(directory.url.path): \(directory.url.path) is a directory; -d @FILE reads a file"),
            (["-d", "@" + large.path, url], "-d @\(large.path): \(large.path) is larger than 1 MiB"),
            (["-d", "@" + typo.path, url], "the body (-d) at line 2, column 12: unknown placeholder {cursr}"),
            (["-d", #"{"a": 1,}"#, url], "the body (-d) at line 1, column 9: expected a quoted key, found '}'"),
            (["-X", "GET /", url], "-X 'GET /' is not an HTTP method"),
            (["--first-cursor", "*", url + "?page={page}"], "--first-cursor needs {cursor} in the URL or the body"),
            (["-d", "a=1"], "-d/--data applies to a URL, not to the demo feed"),
            (["-X", "POST"], "-X/--request applies to a URL, not to the demo feed"),
        ]
        for (arguments, message) in cases {
            let run = try await ProcessRun.run(Binary.path, ["--dump"] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    /// A pipe or a file is read, not requested: a body, a query, headers or paging flags would be
    /// ignored, and `-d @-` would take the list's own standard input (it once read the body, then
    /// wrote an empty list with status 0). A usage error names the flag (hostile pass, session 19).
    @Test func requestFlagsOnAPipeOrAFileAreAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let file = directory.file("one.json")
        try (#"{"id":5}"# + "\n").write(to: file, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["-d", "@-", "-"], "-d/--data applies to a URL; standard input is read, not requested"),
            (["--graphql", "@-", "-"], "--graphql applies to a URL; standard input is read, not requested"),
            (["-H", "X: y", file.path], "-H/--header applies to a URL; a file is read, not requested"),
            (["--max-pages", "1", file.path], "--max-pages applies to a URL; a file is read, not requested"),
        ]
        for (arguments, message) in cases {
            let run = try await ProcessRun.run(Binary.path, ["--dump"] + arguments, input: #"{"id":5}"# + "\n")
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let plain = try await ProcessRun.run(Binary.path, ["--dump", file.path])
        #expect(plain.status == 0 && plain.stdout == #"{"id":5}"# + "\n", "\(plain.stderr)")
    }
}
