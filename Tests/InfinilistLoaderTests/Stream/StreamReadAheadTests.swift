import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// `--dump` of a file reads the next page while one is written (decision 156): what it reads is
/// exactly what a walk without reading ahead reads, page by page, warnings and the end included.
@Suite struct StreamReadAheadTests {
    /// JSON lines over many pages, lines of text among them, broken values and CRLF, an empty
    /// file, one line without a break.
    static let files: [String] = {
        let lines: [String] = (1...2_550).map { "{\"id\":\($0)}\n" }
        let text: [String] = (1...1_300).map { $0 % 400 == 7 ? "not json \($0)\n" : "{\"id\":\($0)}\n" }
        let broken: [String] = (1...1_300).map { $0 % 500 == 9 ? "{\"id\": broken\n" : "[\($0), \"x\"]\r\n" }
        return [lines.joined(), text.joined(), broken.joined(), "", "{\"id\":1}"]
    }()

    @Test(arguments: files)
    func readingAheadReadsWhatAWalkReads(text: String) async throws {
        let file = try TestFile(text)
        let ahead = try StreamTest.source(file.path, pageSize: 200, readOnce: true)
        let settings = try SourceOptions.streamTestSettings(file.path, readOnce: true)
        #expect(settings.readsAhead)
        let plain = try StreamTest.source(file.path, pageSize: 200)
        let (aheadPages, aheadEnd, aheadWarnings) = try await StreamTest.readAll(ahead)
        let (plainPages, plainEnd, plainWarnings) = try await StreamTest.readAll(plain)
        // The screen shows a value it could not keep as a row ("✗ …"); a dump only warns of it.
        #expect(aheadPages == plainPages.map { $0.filter { !$0.hasPrefix("\"✗ ") } })
        #expect(aheadEnd == plainEnd)
        #expect(aheadWarnings.count == plainWarnings.count)
    }

    /// A page read ahead from a quiet pipe: its request hears "waiting for input" as if it read
    /// the page itself, gets the rows when they come, and a cancelled request stops the read, so
    /// the loader shuts down at once.
    @Test func aReadAheadOnAQuietPipeIsHeardAndStoppedByItsRequest() async throws {
        let pipe = try TestPipe()
        pipe.write("{\"id\":1}\n")
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(pipe.path, readOnce: true), deliver: inbox.deliver)
        let first = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: loader)
        #expect(first.items.map(\.json) == [#"{"id":1}"#])
        // Page 2 is being read ahead, and waits: its request hears it.
        await loader.start(PageRequest(id: RequestID(2), page: 1))
        var waited = false
        for count in 2...20 where !waited {
            let messages = await inbox.wait(for: count)
            waited = messages.contains { if case .pageWaiting(let wait) = $0 { wait.request.id == RequestID(2) && wait.waitsForInput } else { false } }
        }
        #expect(waited, "\(inbox.all)")
        pipe.write("{\"id\":2}\n")
        let second = try #require(await inbox.waitForLoaded(RequestID(2)))
        #expect(second.items.map(\.json) == [#"{"id":2}"#])
        // Page 3 is read ahead and waits for ever: cancelling its request ends it.
        await loader.start(PageRequest(id: RequestID(3), page: 2))
        await loader.shutdown()
        pipe.closeWriting()
    }
}

extension MessageInbox {
    /// The page that answers `id`, once it came (nil: none did in time).
    func waitForLoaded(_ id: RequestID) async -> PageResult? {
        var seen = 0
        while true {
            let messages = await wait(for: seen + 1)
            if let page = messages.compactMap(\.loaded).first(where: { $0.request.id == id }) { return page }
            if messages.count == seen { return nil }
            seen = messages.count
        }
    }
}

extension SourceOptions {
    /// The stream settings `StreamTest.source` builds for `path`.
    static func streamTestSettings(_ path: String, readOnce: Bool) throws -> SourceConfiguration.StreamSettings {
        var options = SourceOptions()
        options.streamReadOnce = readOnce
        return try options.streamSettings(.file(path))
    }
}
