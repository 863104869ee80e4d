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
}

extension SourceOptions {
    /// The stream settings `StreamTest.source` builds for `path`.
    static func streamTestSettings(_ path: String, readOnce: Bool) throws -> SourceConfiguration.StreamSettings {
        var options = SourceOptions()
        options.streamReadOnce = readOnce
        return try options.streamSettings(.file(path))
    }
}
