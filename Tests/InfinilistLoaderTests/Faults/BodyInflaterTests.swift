@testable import InfinilistLoader
import TestSupport
import Testing

/// What `BodyInflater` reads as gzip besides one member under `gzip` (hostile pass 3): several
/// members one after another, as `gzip -d` and curl read them, and `x-gzip`.
@Suite struct BodyInflaterTests {
    private func inflate(_ chunks: [[UInt8]], encoding: String = "gzip") throws -> String {
        let inflater = try BodyInflater(encoding: encoding)
        var bytes: [UInt8] = []
        for chunk in chunks { _ = try inflater.inflate(chunk, into: &bytes, limit: 1 << 20) }
        try inflater.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func gzipMembersOneAfterAnotherAreReadAsOneBody() throws {
        let first = Compression.gzip.compress("[1,")
        let second = Compression.gzip.compress("2]")
        #expect(try inflate([first + second]) == "[1,2]")
        // The second member's magic split between two chunks, and a member in a chunk of its own.
        #expect(try inflate([first + [second[0]], Array(second.dropFirst())]) == "[1,2]")
        #expect(try inflate([first, second]) == "[1,2]")
        #expect(try inflate([first + second], encoding: "x-gzip") == "[1,2]")
    }

    @Test func otherBytesAfterTheEndAreStillRefused() throws {
        let body = Compression.gzip.compress("[1]")
        #expect(throws: BodyInflater.Failure.trailingData) { try inflate([body + Array("junk".utf8)]) }
        #expect(throws: BodyInflater.Failure.trailingData) { try inflate([Compression.deflate.compress("[1]") + body], encoding: "deflate") }
    }
}
