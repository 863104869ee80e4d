import Foundation
import TestSupport
import Testing

/// Pipes and files end to end: the built binary reading a real pipe from a shell, a file, a
/// `.gz` file and a kubectl-shaped object, with `--dump`.
@Suite(.serialized) struct StreamCommandLineTests {
    /// `shell` run by /bin/sh, with `$BIN` the built binary.
    static func shell(_ script: String) async throws -> ProcessRun {
        try await ProcessRun.run("/bin/sh", ["-c", script], environment: ["BIN": Binary.path], timeout: .seconds(60))
    }

    @Test func aPipeIntoDumpWritesEveryItemAsAJSONLine() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await Self.shell(#"printf '{"id":1}\n[2, {"x": "y"}]\nplain text\n' | "$BIN" --dump -v"#)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines == [#"{"id":1}"#, "2", #"{"x":"y"}"#, #""plain text""#])
        #expect(run.stderr.contains("1 line not JSON, kept as text"), "\(run.stderr)")
        #expect(run.stderr.contains("end of input"), "\(run.stderr)")
    }

    @Test func aDashReadsStandardInputAndFormatWritesText() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await Self.shell(#"printf '{"name":"a"}\n{"name":"b"}\n' | "$BIN" --dump --format '{name}!' -"#)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines == ["a!", "b!"])
    }

    @Test func aFileArgumentAndAGzipFileAreRead() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let text = (1...130).map { "{\"n\":\($0)}\n" }.joined()
        let plain = folder.url.appendingPathComponent("log.jsonl")
        try Data(text.utf8).write(to: plain)
        let packed = folder.url.appendingPathComponent("log.jsonl.gz")
        try Data(Compression.gzip.compress(text)).write(to: packed)
        for path in [plain.path, "file://" + plain.path, packed.path] {
            let run = try await ProcessRun.run(Binary.path, ["--dump", path], timeout: .seconds(60))
            #expect(run.status == 0, "\(path): \(run.stderr)")
            #expect(run.stdoutLines.count == 130, "\(path)")
            #expect(run.stdoutLines.last == #"{"n":130}"#, "\(path)")
        }
    }

    @Test func itemsPathExtractsTheListOfAKubectlShapedObject() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let object = #"{"apiVersion":"v1","kind":"List","items":[{"metadata":{"name":"web-1"}},{"metadata":{"name":"web-2"}}]}"#
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--items", "items", "--format", "{metadata.name}"], input: object)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines == ["web-1", "web-2"])
    }

    /// `--items hit` on a pipe whose object has `hits`: named, with the arrays there are and the
    /// nearest path, instead of the whole object written as one item (issue 33.11).
    @Test func aMistypedItemsPathOnAPipeListsTheArrays() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let object = #"{"hits":[{"a":1}],"data":{"rows":[{"b":2}]}}"#
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--items", "hit"], input: object)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.contains("the value at byte 0 has no array at --items hit; did you mean --items hits? (its arrays: hits (1 item), data.rows (1 item))"), "\(run.stderr)")
        // Nothing written and the reason said: a failure for a script, as jq's would be.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("nothing written"), "\(run.stderr)")
    }

    /// A line of 160 MiB from a pipe with `--max-page-bytes 1M`: skipped as it streams past (its
    /// bytes are never held), named on stderr, and the lines after it are read; the status is 1, as
    /// for any input skipped. The peak resident memory is sampled from /proc while it runs.
    @Test func aLineLongerThanTheLimitIsSkippedInBoundedMemory() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let script = #"""
            { printf '{"id":1}\n'; head -c 167772160 /dev/zero | tr '\0' x; printf '\n{"id":2}\n'; } \
              | "$BIN" --dump --max-page-bytes 1M > "$OUT" &
            pid=$!
            peak=0
            while kill -0 "$pid" 2>/dev/null; do
              kib=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null)
              [ -n "$kib" ] && peak=$kib
              sleep 0.05
            done
            wait "$pid"
            echo "status $?"
            echo "peak $peak"
            """#
        let folder = try TemporaryDirectory()
        let out = folder.file("out.jsonl").path
        let run = try await ProcessRun.run("/bin/sh", ["-c", script], environment: ["BIN": Binary.path, "OUT": out], timeout: .seconds(600))
        #expect(run.stdoutLines.first == "status 1", "\(run.stdout) \(run.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "{\"id\":1}\n{\"id\":2}\n")
        #expect(run.stderr.contains("a value of 160 MiB at byte 9 is longer than --max-page-bytes (1 MiB): skipped"), "\(run.stderr)")
        let peak = try #require(run.stdoutLines.last.flatMap { Int($0.dropFirst("peak ".count)) })
        #expect(peak > 0 && peak < 96 * 1024, "peak resident memory \(peak) KiB while skipping a 160 MiB line")
    }

    /// Damaged input is never written as an item: garbage between an array's elements, a broken
    /// JSON line, a line of NUL bytes and an array cut off are each named on stderr with where
    /// they are, every good item around them is written, and the status is 1 (once 0, with the
    /// damage written as string items or, for a cut-off array, not said at all).
    @Test func damagedInputIsSaidSkippedAndMakesTheStatusOne() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let cases: [(input: String, written: [String], said: String)] = [
            (#"[{"a":1}, garbage, {"a":3}]"#, [#"{"a":1}"#, #"{"a":3}"#], "page 1: not JSON inside the array at byte 10: garbage (skipped)"),
            ("{\"a\":1}\n{\"a\":2 broken\n{\"a\":3}\n", [#"{"a":1}"#, #"{"a":3}"#], #"page 1: a JSON value at byte 8 is cut short: {"a":2 broken (skipped)"#),
            ("{\"a\":1}\n\u{0}\n{\"a\":3}\n", [#"{"a":1}"#, #"{"a":3}"#], "page 1: NUL bytes at byte 8 (1 byte of binary padding, as a crash leaves in a log): skipped"),
            ("{\"a\":1}\u{0}\u{0}{\"a\":2}\n", [#"{"a":1}"#, #"{"a":2}"#], "page 1: NUL bytes at byte 7 (2 bytes of binary padding"),
            (#"[{"a":1},{"a":2}"#, [#"{"a":1}"#, #"{"a":2}"#], "page 1: the input ends inside an array: its closing ] never came"),
            ("{\"a\":1}\n{\"a\":2", [#"{"a":1}"#], "page 1: the input ends in the middle of a JSON value"),
        ]
        for (input, written, said) in cases {
            let run = try await ProcessRun.run(Binary.path, ["--dump"], input: input)
            #expect(run.stdoutLines.map(String.init) == written, "\(input.debugDescription): \(run.stdout)")
            #expect(run.stderr.contains("infinilist: " + said), "\(input.debugDescription): \(run.stderr)")
            #expect(run.status == 1, "\(input.debugDescription): \(run.stderr)")
            #expect(run.stderr.hasSuffix("infinilist: \(written.count) item\(written.count == 1 ? "" : "s") written, but part of the list was not readable (said above)\n"), "\(run.stderr)")
        }
        let whole = try await ProcessRun.run(Binary.path, ["--dump"], input: #"[{"a":1},{"a":2}]"#)
        #expect(whole.status == 0 && whole.stdoutLines.count == 2, "\(whole.stderr)")
    }

    /// `--dump /dev/zero` (an endless line of NUL bytes) says what it is skipping as it goes and
    /// stops at the bound the user set, with status 1; a bound of 0 is a usage error.
    @Test func anEndlessLineIsSaidAsItIsSkippedAndStopsAtMaxSkip() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--max-page-bytes", "1K", "--max-skip", "16M", "/dev/zero"], timeout: .seconds(120))
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        let progress = run.stderr.split(separator: "\n").filter { $0.contains("skipping a value (or line) from byte 0") }
        #expect(progress.count >= 2, "\(run.stderr)")
        #expect(run.stderr.contains("reading stops at --max-skip (16 MiB)"), "\(run.stderr)")
        #expect(run.stderr.contains("stopped reading"), "\(run.stderr)")
        let zero = try await ProcessRun.run(Binary.path, ["--dump", "--max-skip", "0", "/dev/zero"])
        #expect(zero.status != 0 && zero.status != 1, "\(zero.status)")
        #expect(zero.stderr.contains("--max-skip must be at least 1 byte"), "\(zero.stderr)")
    }

    @Test func aFileThatCannotBeReadIsAUsageError() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "file:///nonexistent/infinilist.jsonl"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot read /nonexistent/infinilist.jsonl"), "\(run.stderr)")
    }

    /// A file or a pipe checks `--columns` as a URL does: with `--format` it is a usage error,
    /// and a malformed list is named.
    @Test func columnsAreCheckedForAFileToo() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let both = try await ProcessRun.run(Binary.path, ["--dump", "--columns", "id", "--format", "{id}", "-"], input: "{\"id\":1}\n")
        #expect(both.status != 0)
        #expect(both.stderr.contains("--columns and --format both say what a row shows"), "\(both.stderr)")
        let malformed = try await ProcessRun.run(Binary.path, ["--dump", "--columns", "id:x", "-"], input: "{\"id\":1}\n")
        #expect(malformed.status != 0)
        #expect(malformed.stderr.contains("--columns:"), "\(malformed.stderr)")
    }

    /// An id made of several fields (`--id key` where `key` is an object or an array) is the
    /// item's id as its compact JSON: repeats are dropped as for a scalar id (they were all kept,
    /// since only a scalar had an id's text).
    @Test func anObjectIdDropsRepeatsByItsJSON() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let lines = [
            #"{"key":{"org":1,"n":7},"v":"a"}"#, #"{"key":{"org":1,"n":8},"v":"b"}"#,
            #"{"key":{"org":1,"n":7},"v":"a again"}"#, #"{"key":[1,2],"v":"c"}"#, #"{"key":[1,2],"v":"c again"}"#,
        ]
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--id", "key", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines == [Substring(lines[0]), Substring(lines[1]), Substring(lines[3])], "\(run.stdout)")
    }
}
