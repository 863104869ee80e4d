import Foundation
import Testing

/// `--dump --jq PROGRAM` writes, for each item, what `jq -c PROGRAM` writes for it: checked
/// against the machine's jq on the same items (the demo feed's pages, a file with odd items).
@Suite struct JQDumpTests {
    private static let jq = "/usr/bin/jq"

    /// What jq writes for `lines` (JSON lines) with `arguments`.
    private func jqOutput(_ arguments: [String], lines: String) async throws -> ProcessRun {
        try await ProcessRun.run(Self.jq, arguments, input: lines)
    }

    @Test(arguments: [
        [".title"],
        ["-c", "{id, t: (.title | ascii_downcase)} | select(.id % 7 == 0)"],
        ["-r", ".title"],
        [".id as $i | range(0; $i % 3) | {i: $i, n: .}"],
        ["--arg", "x", "-5", "--argjson", "y", #"{"k":[1,2]}"#, "[$x, $y.k[1], .id]"],
    ])
    func theDemoFeedsItemsComeOutAsJqWritesThem(arguments: [String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(FileManager.default.isExecutableFile(atPath: Self.jq), "jq is not installed (make test installs it)")
        let feed = ["--dump", "--demo-items", "230", "--demo-latency", "0"]
        let items = try await ProcessRun.run(Binary.path, feed)
        #expect(items.status == 0)
        // Our flags in jq's order: jq needs the program last, infinilist takes it with --jq.
        var ours = feed
        var theirs = ["-c"]
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--arg" || word == "--argjson" {
                ours += Array(arguments[index...(index + 2)])
                theirs += Array(arguments[index...(index + 2)])
                index += 3
            } else if word.hasPrefix("-") {
                if word != "-c" { ours.append(word) }
                theirs.append(word)
                index += 1
            } else {
                ours += ["--jq", word]
                theirs.append(word)
                index += 1
            }
        }
        let run = try await ProcessRun.run(Binary.path, ours)
        let expected = try await jqOutput(theirs, lines: items.stdout)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(expected.status == 0, "\(expected.stderr)")
        #expect(!expected.stdout.isEmpty)
        #expect(run.stdout == expected.stdout)
    }

    /// An item the program fails on is said with its number, the others written, and the run
    /// ends with jq's status for a failed program (5); a syntax error is a usage error before
    /// anything is read.
    @Test func anItemTheProgramFailsOnIsSaidAndTheRestWritten() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("items.jsonl").path
        try Data(#"{"a":1}\#n{"a":"x"}\#n"s"\#n{"a":3}\#n"#.utf8).write(to: URL(fileURLWithPath: file))
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--jq", ".a + 1", file])
        #expect(run.stdout == "2\n4\n")
        #expect(run.stderr.contains(#"infinilist: --jq failed on item 2: string ("x") and number (1) cannot be added"#), "\(run.stderr)")
        #expect(run.stderr.contains(#"infinilist: --jq failed on item 3: Cannot index string with string "a""#), "\(run.stderr)")
        #expect(run.stderr.contains("infinilist: --jq failed on 2 items (said above)"), "\(run.stderr)")
        #expect(run.status == 5)
        let syntax = try await ProcessRun.run(Binary.path, ["--dump", "--jq", ".a |", file])
        #expect(syntax.status == 64)
        #expect(syntax.stderr.contains("--jq: unexpected end of the program; expected an expression"), "\(syntax.stderr)")
        #expect(syntax.stdout.isEmpty)
        let undefined = try await ProcessRun.run(Binary.path, ["--dump", "--jq", "$nope", file])
        #expect(undefined.status == 64)
        #expect(undefined.stderr.contains("--jq: $nope is not defined at column 1"), "\(undefined.stderr)")
        // On the screen, a syntax error is the same usage error, before any terminal is opened.
        let screen = try await ProcessRun.run(Binary.path, ["--jq", ".a |", file])
        #expect(screen.status == 64)
        #expect(screen.stderr.contains("--jq: unexpected end of the program"), "\(screen.stderr)")
        // From a named source, with --dump on the command line.
        let config = try ConfigDirectory("[sources.q]\nurl = \"\(file)\"\njq = \"{a, x: $x}\"\narg = [\"x=hi\"]\n")
        let named = try await ProcessRun.run(Binary.path, ["@q", "--dump"], environment: config.environment)
        #expect(named.stdout == #"{"a":1,"x":"hi"}\#n{"a":"x","x":"hi"}\#n{"a":3,"x":"hi"}\#n"#, "\(named.stdout) \(named.stderr)")
        #expect(named.status == 5)
    }

    /// `--slurp`: the program runs once over the array of every item of every page, and writes
    /// what `jq -s -c PROGRAM` writes for the same items (gh#10459's totals over a paginated list).
    @Test(arguments: [
        "length",
        "group_by(.author) | map({author: .[0].author, n: length}) | sort_by(-.n)",
        "map(.score) | add",
    ])
    func slurpRunsTheProgramOnceOverEveryItem(program: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(FileManager.default.isExecutableFile(atPath: Self.jq), "jq is not installed (make test installs it)")
        let feed = ["--dump", "--demo-items", "230", "--demo-latency", "0"]
        let items = try await ProcessRun.run(Binary.path, feed)
        let run = try await ProcessRun.run(Binary.path, feed + ["--slurp", "--jq", program])
        let expected = try await jqOutput(["-s", "-c", program], lines: items.stdout)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!expected.stdout.isEmpty)
        #expect(run.stdout == expected.stdout)
    }

    /// Past `--slurp-max` the dump stops and writes nothing; `--slurp` needs `--jq` and
    /// `--dump`, and a list that ends.
    @Test func slurpIsAllOrNothingAndSaysItsLimits() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = ["--dump", "--demo-items", "230", "--demo-latency", "0", "--slurp", "--jq", "length"]
        let over = try await ProcessRun.run(Binary.path, feed + ["--slurp-max", "10K"])
        #expect(over.status == 1)
        #expect(over.stdout.isEmpty)
        #expect(over.stderr.contains("--slurp: the items passed 10,240 bytes of JSON (--slurp-max)"), "\(over.stderr)")
        // No item at all (`--max-items 0`) is still an array to the program: jq -s 'length' says 0.
        let none = try await ProcessRun.run(Binary.path, ["--dump", "--demo-items", "5", "--max-items", "0", "--slurp", "--jq", "length"])
        #expect(none.stdout == "0\n", "\(none.stderr)")
        let noProgram = try await ProcessRun.run(Binary.path, ["--dump", "--demo-items", "5", "--slurp"])
        #expect(noProgram.status == 64)
        #expect(noProgram.stderr.contains("--slurp applies with --jq"), "\(noProgram.stderr)")
        let screen = try await ProcessRun.run(Binary.path, ["--demo-items", "5", "--slurp", "--jq", "length"])
        #expect(screen.status == 64)
        #expect(screen.stderr.contains("--slurp applies with --dump"), "\(screen.stderr)")
        let follow = try await ProcessRun.run(Binary.path, ["--dump", "--demo-items", "5", "--follow", "5", "--slurp", "--jq", "length"])
        #expect(follow.status == 64)
        #expect(follow.stderr.contains("--slurp and --follow do not go together"), "\(follow.stderr)")
    }
}
