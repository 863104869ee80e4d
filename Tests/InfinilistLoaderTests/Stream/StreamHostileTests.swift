import Foundation
import InfinilistCore
import InfinilistLoader
import Testing

/// Input that is not what it should be: each case loses nothing before it, and the list goes on.
@Suite struct StreamHostileTests {
    @Test func nulBytesAndInvalidUTF8StayValidJSON() async throws {
        let bytes: [UInt8] = Array(#"{"t":"a"#.utf8) + [0xFF, 0xFE] + Array("\"}\nplain ".utf8) + [0x00, 0xC3] + Array("\n".utf8)
        let file = try TestFile(bytes)
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        let items = result.pages.flatMap { $0 }
        #expect(items.count == 2)
        #expect(items.first?.contains("\u{FFFD}") == true, "\(items)")
        #expect(items.last?.contains("\\u0000") == true, "\(items)")
        for item in items { _ = try JSONParser.parse(item) }
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

    @Test func aBrokenLineCostsOnlyThatLine() async throws {
        let file = try TestFile("{\"id\":1}\n{\"id\": \"unterminated\n{\"id\":2}\n{oops\n{\"id\":3}\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        #expect(result.pages.flatMap { $0 } == [#"{"id":1}"#, #""{\"id\": \"unterminated""#, #"{"id":2}"#, #""{oops""#, #"{"id":3}"#])
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

    @Test func aMissingFileIsAUsageError() throws {
        #expect(throws: SourceOptionError.self) { try StreamTest.source("/nonexistent/infinilist-test.jsonl") }
    }
}
