import InfinilistCore
@testable import InfinilistLoader
import Testing

/// infinilist asks for gzip and deflate and reads them decompressed while they stream in:
/// `--max-page-bytes` is the decompressed size, so a gzip bomb stops at the cap; an encoding it
/// did not ask for is named, not shown as garbage.
@Suite struct CompressionTests {
    @Test(arguments: ["gzip", "deflate"])
    func aCompressedListLoadsItsItems(encoding: String) async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/compressed/\(encoding)?page={page}", options: .faults(clock: TestClock()), pages: 4)
            #expect(messages.allSatisfy { $0.failed == nil }, "\(messages)")
            let items = messages.compactMap(\.loaded).flatMap(\.items)
            #expect(items.map(\.text) == (1...15).map { "Item \($0)" })
            #expect(server.log.allEvents.contains("accept-encoding: gzip, deflate"), "\(server.log.allEvents)")
            #expect(server.log.allEvents.allSatisfy { $0 == "accept-encoding: gzip, deflate" })
        }
    }

    /// Raw deflate data (no zlib header) under `Content-Encoding: deflate` is read as curl reads
    /// it: tried as zlib data, then as raw deflate (issue 32: it was refused as not deflate).
    @Test func aRawDeflateListLoadsItsItems() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/raw-deflate?page={page}", options: .faults(clock: TestClock()), pages: 4)
            #expect(messages.allSatisfy { $0.failed == nil }, "\(messages)")
            #expect(messages.compactMap(\.loaded).flatMap(\.items).map(\.text) == (1...15).map { "Item \($0)" })
        }
    }

    /// 10 MB of zeros in about 10 KB of gzip, against a cap of 1 MiB: inflating stops at the cap
    /// (the client's limit), the page fails once with the cap's message and is not retried.
    @Test func aGzipBombStopsAtTheCapAfterDecompression() async throws {
        #expect(CompressionRoutes.bomb.count < 64 * 1024)
        try await withFaultServer { server in
            var options = SourceOptions.faults(clock: TestClock())
            options.maxPageBytes = 1024 * 1024
            let messages = try await loaderMessages(url: "\(server.base)/gzip-bomb", options: options)
            let failure = try #require(messages.last?.failed, "\(messages)")
            let host = server.base.replacingOccurrences(of: "http://", with: "")
            #expect(failure.message == "page 1 from \(host) is larger than 1 MiB after decompression (--max-page-bytes); stopped reading")
            #expect(server.log.count("/gzip-bomb") == 1)
        }
    }

    @Test func aCompressedErrorPageShowsTheServersMessage() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/compressed-missing", options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message.hasPrefix("HTTP 404 Not Found from 127.0.0.1:"), "\(failure.message)")
            #expect(failure.message.hasSuffix(": no such list"), "\(failure.message)")
        }
    }

    /// With a cap below the 64 KiB read of an error page, the client's limit stops a long
    /// compressed error page: the page fails with its status, not with the cap.
    @Test func aLongCompressedErrorPageUnderASmallCapStillShowsItsStatus() async throws {
        try await withFaultServer { server in
            var options = SourceOptions.faults(clock: TestClock())
            options.maxPageBytes = 1024
            let messages = try await loaderMessages(url: "\(server.base)/compressed-long-missing", options: options)
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message.hasPrefix("HTTP 404 Not Found from 127.0.0.1:"), "\(failure.message)")
            #expect(!failure.message.contains("--max-page-bytes"), "\(failure.message)")
        }
    }

    /// Two layers of gzip: one is undone, and the message says the answer was compressed more
    /// than once (it said the server used gzip, "which infinilist cannot decompress").
    @Test func anAnswerCompressedTwiceIsSaidSo() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/gzip-twice", options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message == "page 1: the server compressed the answer more than once (Content-Encoding: gzip, gzip); infinilist decompresses one gzip or deflate layer, and gzip is left", "\(failure.message)")
        }
    }

    @Test(arguments: ["br", "zstd"])
    func anEncodingNobodyAskedForIsNamed(encoding: String) async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: "\(server.base)/encoded/\(encoding)", options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message == "page 1: the server compressed the answer with \(encoding) (Content-Encoding: \(encoding)), which infinilist cannot decompress; it asks for gzip or deflate")
            #expect(server.log.count("/encoded/\(encoding)") == 1)
        }
    }
}
