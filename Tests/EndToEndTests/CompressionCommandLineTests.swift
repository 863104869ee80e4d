import Foundation
import Testing

/// Compression end to end: `--dump -v` through a gzip-compressed list, and the bytes on the wire
/// for a 40-page dump with and without compression (printed, for the docs). Serialized: each case
/// starts a process, and the machine is shared with the other end-to-end suites.
@Suite(.serialized) struct CompressionCommandLineTests {
    static let pages = 40

    /// Runs a 40-page dump of the issues list; `flags` come before the URL.
    static func dump(_ server: CompressionServer, _ flags: [String]) async throws -> ProcessRun {
        let arguments = ["--dump", "--max-pages", String(pages)] + flags + ["\(server.base)/issues?page={page}"]
        return try await ProcessRun.run(Binary.path, arguments, timeout: .seconds(60))
    }

    @Test func aGzipListDumpsEveryItemAndVerboseSaysItWasCompressed() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await CompressionServer.with { server in
            let run = try await Self.dump(server, ["-v"])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == Self.pages * CompressionServer.issuesPerPage)
            #expect(run.stdoutLines.first?.contains(#""number":1,"#) == true, "\(run.stdoutLines.first ?? "")")
            #expect(run.stdoutLines.last?.contains(#""number":2000,"#) == true, "\(run.stdoutLines.last ?? "")")
            #expect(run.stderr.contains("HTTP 200 OK (gzip), 50 items at "), "\(run.stderr)")
            #expect(server.accepted.count == Self.pages)
            #expect(server.accepted.allSatisfy { $0 == "gzip, deflate" }, "\(server.accepted)")
        }
    }

    /// The same 40 pages with compression (the default) and with `-H 'Accept-Encoding: identity'`;
    /// the server counts the body bytes it sent. The figures are printed for the docs.
    @Test func compressionShrinksTheBytesOnTheWire() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let compressed = try await CompressionServer.with { server in
            let run = try await Self.dump(server, [])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == Self.pages * CompressionServer.issuesPerPage)
            return (bytes: server.bodyBytesSent, output: run.stdout)
        }
        let identity = try await CompressionServer.with { server in
            let run = try await Self.dump(server, ["-H", "Accept-Encoding: identity"])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(server.accepted.allSatisfy { $0 == "identity" }, "\(server.accepted)")
            return (bytes: server.bodyBytesSent, output: run.stdout)
        }
        #expect(compressed.output == identity.output)
        #expect(compressed.bytes * 4 < identity.bytes, "gzip \(compressed.bytes) bytes, identity \(identity.bytes) bytes")
        print("bytes on the wire for \(Self.pages) pages of \(CompressionServer.issuesPerPage) issues: gzip \(compressed.bytes), identity \(identity.bytes)")
    }
}
