import Foundation
import InfinilistCore
import InfinilistLoader
import Testing

/// What each row of a stream is, what `-v` says about it, and what a refresh reads.
@Suite struct StreamRowTests {
    @Test func textLinesAndProblemsAreRowsOfTheirOwnKind() async throws {
        let file = try TestFile("{\"title\":\"a\"}\nplain text\n{\"blob\":\"" + String(repeating: "x", count: 3000) + "\"}\n{\"title\":\"b\"}\n")
        let source = try StreamTest.source(file.path, maxValueBytes: 1000)
        let page = try await source.fetchPage(source.firstKey())
        #expect(page.items.map(\.kind) == [.value, .text, .problem, .value])
        #expect(page.items[1].text == "plain text")
        #expect(page.items[1].json == #""plain text""#)
        #expect(page.items[2].text.hasPrefix("✗ a value of"))
    }

    @Test func aTextLineShowsItselfWhateverTheFormatSays() async throws {
        let file = try TestFile("{\"title\":\"a\"}\nplain text\n")
        let source = try StreamTest.source(file.path, format: "{title}!")
        let page = try await source.fetchPage(source.firstKey())
        #expect(page.items.map(\.text) == ["a!", "plain text"])
    }

    @Test func verboseCountsTextLinesOncePerPageReadFromTheInput() async throws {
        let pipe = try TestPipe()
        pipe.write("{\"id\":1}\nnot json\nnor this\n{\"id\":2}\n")
        pipe.closeWriting()
        let source = try StreamTest.source(pipe.path)
        let key = source.firstKey()
        let first = try await source.fetch(key)
        #expect(first.notes.contains("page 1: 2 lines not JSON, kept as text"), "\(first.notes)")
        // Read again from the spool (a page the window dropped): counted already.
        let again = try await source.fetch(key)
        #expect(again.items.values == first.items.values)
        #expect(!again.notes.contains { $0.contains("not JSON") }, "\(again.notes)")
    }

    /// `R` on a file reads it again as it is now, like less: lines appended after the end was
    /// reached are there.
    @Test func aRefreshReadsAFileAgainWithWhatWasAppended() async throws {
        let file = try TestFile("{\"id\":1}\n{\"id\":2}\n")
        let source = try StreamTest.source(file.path)
        let before = try await StreamTest.readAll(source)
        #expect(before.pages.flatMap { $0 } == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(before.end == EndReason("end of input"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"id\":3}\n".utf8))
        try handle.close()
        let after = try await StreamTest.readAll(source)
        #expect(after.pages.flatMap { $0 } == [#"{"id":1}"#, #"{"id":2}"#, #"{"id":3}"#])
        #expect(after.end == EndReason("end of input"))
    }

    @Test func aRefreshReadsARewrittenFileFromItsStart() async throws {
        let file = try TestFile((1...5).map { "{\"id\":\($0)}\n" }.joined())
        let source = try StreamTest.source(file.path, pageSize: 2)
        _ = try await StreamTest.readAll(source)
        // Rotated: a shorter file in its place.
        try Data("{\"id\":9}\n".utf8).write(to: URL(fileURLWithPath: file.path))
        let after = try await StreamTest.readAll(source)
        #expect(after.pages.flatMap { $0 } == [#"{"id":9}"#])
    }

    /// A pipe that never pauses (a line every 30 ms, never quiet for the pause) still hands on its
    /// lines: a page waits a bounded time for more, not for a full page.
    @Test func aBusyPipeHandsOnPagesBeforeTheyAreFull() async throws {
        let pipe = try TestPipe()
        let writer = Task.detached {
            for index in 1...150 {
                pipe.write("{\"id\":\(index)}\n")
                try? await Task.sleep(for: .milliseconds(30))
            }
            pipe.closeWriting()
        }
        let source = try StreamTest.source(pipe.path, pageSize: 100)
        let first = try await source.fetchPage(source.firstKey())
        #expect(!first.items.isEmpty)
        #expect(first.items.count < 100, "the first page waited for \(first.items.count) lines")
        writer.cancel()
        _ = await writer.value
    }
}
