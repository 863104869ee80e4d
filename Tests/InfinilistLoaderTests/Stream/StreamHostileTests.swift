import Foundation
import InfinilistCore
import InfinilistLoader
import TestSupport
import Testing

/// Input that is not what it should be: each case loses nothing before it, and the list goes on.
@Suite struct StreamHostileTests {
    /// Invalid UTF-8 becomes U+FFFD; a line with NUL bytes is binary data, said and skipped
    /// (it was once a text row, which `--dump` wrote as a string item).
    @Test func invalidUTF8StaysValidJSONAndANulLineIsSkipped() async throws {
        let bytes: [UInt8] = Array(#"{"t":"a"#.utf8) + [0xFF, 0xFE] + Array("\"}\nplain ".utf8) + [0x00, 0xC3] + Array("\n{\"n\":3}\n".utf8)
        let file = try TestFile(bytes)
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        let items = result.pages.flatMap { $0 }
        #expect(items.count == 3)
        #expect(items.first?.contains("\u{FFFD}") == true, "\(items)")
        #expect(items[1].contains("binary data (NUL bytes) at byte 12, 8 bytes: skipped"), "\(items)")
        #expect(items.last == #"{"n":3}"#)
        for item in items { _ = try JSONParser.parse(item) }
        #expect(result.warnings.count == 1, "\(result.warnings)")
    }

    /// gzip data read as a plain file (piped in, or a file not named .gz) says that it is gzip
    /// and how to read it (hostile pass 3: only "binary data").
    @Test func gzipDataNotNamedSoSaysWhatItIs() async throws {
        let file = try TestFile(Compression.gzip.compress(String(repeating: "{\"a\":1}\n", count: 50)))
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        let items = result.pages.flatMap { $0 }
        #expect(items.first?.contains("binary data (NUL bytes) at byte 0") == true, "\(items)")
        #expect(items.first?.contains("(it starts as gzip data: decompress it first, e.g. zcat FILE | infinilist, or give the file a .gz name)") == true, "\(items)")
    }

    /// A run of NUL bytes (what a crash leaves in a log file) costs only itself: the record after
    /// it on the same line, or at the start of the next, is kept (it was once swallowed with the
    /// rest of its line).
    @Test func aRunOfNULBytesCostsOnlyItself() async throws {
        let bytes: [UInt8] = Array(#"{"a":1}"#.utf8) + [0, 0, 0] + Array(#"{"a":2}"#.utf8) + [0x0A, 0, 0] + Array("{\"a\":3}\n".utf8)
        let file = try TestFile(bytes)
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        let items = result.pages.flatMap { $0 }
        #expect(items.filter { !$0.contains("✗") } == [#"{"a":1}"#, #"{"a":2}"#, #"{"a":3}"#], "\(items)")
        #expect(items.contains { $0.contains("NUL bytes at byte 7 (3 bytes of binary padding") }, "\(items)")
        #expect(items.contains { $0.contains("NUL bytes at byte 18 (2 bytes of binary padding") }, "\(items)")
        #expect(result.warnings.count == 1, "one warning for the page, naming both: \(result.warnings)")
    }

    /// Classic Mac line ends (CR alone) end a line of text as LF does; CRLF stays one line break.
    /// (A CR-only file was once one item.)
    @Test func aCarriageReturnAloneEndsALineOfText() async throws {
        for (input, expected) in [
            ("first line\rsecond line\r\rthird\r", ["first line", "second line", "third"]),
            ("one\r\ntwo\r\n", ["one", "two"]),
            ("total 5\rnext", ["total 5", "next"]),
        ] {
            let file = try TestFile(input)
            let result = try await StreamTest.readAll(try StreamTest.source(file.path))
            let items = result.pages.flatMap { $0 }
            #expect(items == expected.map { "\"\($0)\"" }, "\(input.debugDescription): \(items)")
            #expect(result.warnings.isEmpty)
        }
    }

    /// Garbage between the elements of an array costs that element only: the array goes on, the
    /// element after it is kept (it once ended the array and became part of one text row).
    @Test func garbageInsideAnArrayIsSkippedAndTheArrayGoesOn() async throws {
        let file = try TestFile(#"[{"a":1}, garbage, {"a":3}, tru, 5, {"x": 2 y}, 7]"# + "\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        let items = result.pages.flatMap { $0 }
        #expect(items.filter { !$0.contains("✗") } == [#"{"a":1}"#, #"{"a":3}"#, "5", "7"], "\(items)")
        #expect(items.contains { $0.contains("not JSON inside the array at byte 10: garbage (skipped)") }, "\(items)")
        #expect(items.contains { $0.contains("not JSON inside the array at byte 28: tru (skipped)") }, "\(items)")
        #expect(items.contains { $0.contains(#"not valid JSON at byte 36: {\"x\": 2 y}"#) }, "\(items)")
        #expect(result.end == EndReason("end of input"))
        // Garbage holding brackets and strings ends at the `,` after them, not at their `]`
        // (hostile pass of session 30: `{"c":4}` was lost in a text row `}, {"c":4}]`).
        let nested = try TestFile(#"[{"a":1} garbage {"b":[3], "s":"],"}, {"c":4}, oops [1,[2]] x, {"d":5}]"# + "\n")
        let kept = try await StreamTest.readAll(try StreamTest.source(nested.path)).pages.flatMap { $0 }
        #expect(kept.filter { !$0.contains("✗") } == [#"{"a":1}"#, #"{"c":4}"#, #"{"d":5}"#], "\(kept)")
        #expect(kept.filter { $0.contains("not JSON inside the array") }.count == 2, "\(kept)")
    }

    /// A download cut inside its array is said, not taken for the whole list.
    @Test func anArrayTheInputNeverClosesIsSaid() async throws {
        let pipe = try TestPipe()
        pipe.write(#"[{"id":1},{"id":2}"#)
        pipe.closeWriting()
        let result = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        let items = result.pages.flatMap { $0 }
        #expect(Array(items.prefix(2)) == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(items.count == 3, "\(items)")
        #expect(items.last?.contains("the input ends inside an array: its closing ] never came") == true, "\(items)")
        // A closed array, and a log line opened by `[`, are not cut off.
        for whole in [#"[{"id":1}]"#, "[INFO] started\n"] {
            let file = try TestFile(whole)
            let read = try await StreamTest.readAll(try StreamTest.source(file.path))
            #expect(read.warnings.isEmpty, "\(whole): \(read.warnings)")
        }
    }

    @Test func aValueLongerThanTheLimitIsARowAndTheListGoesOn() async throws {
        let long = "{\"blob\":\"" + String(repeating: "x", count: 5000) + "\"}"
        let file = try TestFile("{\"id\":1}\n\(long)\n{\"id\":2}\n" + String(repeating: "y", count: 3000) + "\n{\"id\":3}\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, maxValueBytes: 1000))
        let items = result.pages.flatMap { $0 }
        #expect(items.count == 5, "\(items)")
        #expect(items[0] == #"{"id":1}"#)
        #expect(items[1].contains("is longer than --max-page-bytes"), "\(items[1])")
        #expect(items[2] == #"{"id":2}"#)
        #expect(items[3].contains("is longer than --max-page-bytes"), "\(items[3])")
        #expect(items[4] == #"{"id":3}"#)
        #expect(result.warnings.count == 1, "\(result.warnings)")
    }

    @Test func inputEndingMidValueKeepsEverythingBefore() async throws {
        let pipe = try TestPipe()
        pipe.write("{\"id\":1}\n{\"id\":2}\n{\"id\":3,\"tit")
        pipe.closeWriting()
        let result = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        let items = result.pages.flatMap { $0 }
        #expect(Array(items.prefix(2)) == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(items.count == 3)
        #expect(items.last?.contains("the input ends in the middle of a JSON value") == true, "\(items)")
        #expect(result.end == EndReason("end of input"))
    }

    /// A broken record of JSON lines costs that line only, and is said as damaged JSON (once a
    /// text row, which `--dump` wrote as a string item); a text file's `{` lines stay text.
    @Test func aBrokenLineCostsOnlyThatLine() async throws {
        let file = try TestFile("{\"id\":1}\n{\"id\": \"unterminated\n{\"id\":2}\n{oops\n{\"id\":3}\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        let items = result.pages.flatMap { $0 }
        #expect(items.count == 5, "\(items)")
        #expect([items[0], items[2], items[4]] == [#"{"id":1}"#, #"{"id":2}"#, #"{"id":3}"#])
        #expect(items[1].contains("a JSON value at byte 9 is cut short"), "\(items[1])")
        #expect(items[3].contains("a JSON value at byte 39 is cut short"), "\(items[3])")
        let code = try TestFile("int main()\n{\n  return 0;\n}\n")
        let text = try await StreamTest.readAll(try StreamTest.source(code.path))
        #expect(text.warnings.isEmpty, "\(text.warnings)")
        #expect(text.pages.flatMap { $0 }.first == #""int main()""#)
    }

    /// A `{` or `[` opening a line inside a value goes on with the value where a value may come
    /// (after `:`, `[`, or `,` in an array): `json.dumps(indent=0)` writes nested values so
    /// (hostile pass, session 25: they were split into pieces). Where no value may come (after a
    /// value, a `{`, or `,` in an object) it is still a new record after one cut short.
    @Test func aValueGoesOnOnALineOpeningAContainerWhereAValueMayCome() async throws {
        let indentZero = "{\n\"a\": [\n[\n1\n],\n{\n\"b\": 2\n}\n],\n\"c\":\n{\n\"d\": [\n]\n}\n}\n{\"id\":2}\n"
        let file = try TestFile(indentZero)
        let items = try await StreamTest.readAll(try StreamTest.source(file.path)).pages.flatMap { $0 }
        #expect(items == [#"{"a":[[1],{"b":2}],"c":{"d":[]}}"#, #"{"id":2}"#], "\(items)")
        let cut = try TestFile("{\"id\":1,\n{\"id\":2}\n{\"id\":3\n[4]\n{\"x\":{\n{\"id\":5}\n")
        let parts = try await StreamTest.readAll(try StreamTest.source(cut.path)).pages.flatMap { $0 }
        #expect(parts.count == 6, "\(parts)")
        #expect(parts[1] == #"{"id":2}"#, "\(parts)")
        #expect(parts[3] == "4", "\(parts)")   // a top-level array: its elements are the items
        #expect(parts[5] == #"{"id":5}"#, "\(parts)")
        #expect(parts[0].contains("is cut short") && parts[2].contains("is cut short") && parts[4].contains("is cut short"), "\(parts)")
    }

    @Test func anEmptyInputIsAnEmptyList() async throws {
        let pipe = try TestPipe()
        pipe.closeWriting()
        let result = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        #expect(result.pages == [[]])
        #expect(result.end == EndReason("end of input"))
    }

    @Test func withDumpAProblemIsAWarningNotAnItem() async throws {
        let file = try TestFile("{\"id\":1}\n{\"id\":")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, readOnce: true))
        #expect(result.pages.flatMap { $0 } == [#"{"id":1}"#])
        #expect(result.warnings.first?.contains("ends in the middle of a JSON value") == true, "\(result.warnings)")
    }

    /// Text where only a value or a line break can be (after an object or array on its line, or
    /// a record of a JSON text sequence) is damage, said with its byte, not a text row; a log
    /// line between JSON lines stays text (hostile pass, session 18: `{"a":1},` wrote ",").
    @Test func strayTextAfterAValueOnItsLineIsSaid() async throws {
        let file = try TestFile("{\"a\":1},\n{\"a\":2}}\n[{\"a\":3}]]\nplain log line\n\u{1E}{\"a\":4}\n\u{1E}xx\n\u{1E}{\"a\":5}\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, readOnce: true))
        #expect(result.pages.flatMap { $0 } == [#"{"a":1}"#, #"{"a":2}"#, #"{"a":3}"#, #""plain log line""#, #"{"a":4}"#, #"{"a":5}"#])
        let warning = try #require(result.warnings.first)
        for byte in [7, 16, 27, 54] {
            #expect(warning.contains("not JSON at byte \(byte), where a JSON value or a line break should be"), "\(byte): \(warning)")
        }
    }

    /// Up to five problems of a page are each named with its byte (only the first once was).
    @Test func eachProblemOfAPageIsNamedUpToFive() async throws {
        let lines = (0..<7).map { "{\"a\": \($0)\n" }.joined() + "{\"a\":7}\n"
        let file = try TestFile(lines)
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, readOnce: true))
        let warning = try #require(result.warnings.first)
        #expect(warning.components(separatedBy: "is cut short").count - 1 == 5, "\(warning)")
        #expect(warning.hasSuffix("(and 2 more on this page)"), "\(warning)")
    }

    /// A `.gz` whose checksum does not match keeps every item inflated before the damage, and
    /// says what it is (it once lost them all on a small file).
    @Test func aGzipFileWithABadChecksumKeepsWhatInflated() async throws {
        var bytes = Compression.gzip.compress((1...50).map { "{\"n\":\($0)}\n" }.joined())
        bytes[bytes.count - 5] ^= 0xFF
        let file = try TestFile(bytes, name: "bad.jsonl.gz")
        let source = try StreamTest.source(file.path, readOnce: true)
        var walk = source.startWalk()
        var items: [String] = []
        var failure: String?
        var index = 0
        while let key = walk.key(for: index) {
            do {
                let page = source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &walk)
                items += page.items.map(\.json)
                if page.end != nil { break }
            } catch {
                failure = "\(error)"
                break
            }
            index += 1
        }
        #expect(items.count == 50)
        #expect(failure?.contains("checksum does not match") == true, "\(failure ?? "no failure")")
    }

    @Test func aMissingFileIsAUsageError() throws {
        #expect(throws: SourceOptionError.self) { try StreamTest.source("/nonexistent/infinilist-test.jsonl") }
    }
}
