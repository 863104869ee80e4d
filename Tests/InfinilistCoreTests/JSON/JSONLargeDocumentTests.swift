import Testing
import TestThreads
@testable import InfinilistCore

@Suite(.ownThread) struct JSONLargeDocumentTests {
    /// About 10 MB of GitHub-like small objects (64k items, 64-bit ids, a nested object each).
    static func bigDocument() -> [UInt8] {
        var text = "["
        var i = 0
        while text.utf8.count < 10_000_000 {
            if i > 0 { text += "," }
            text += #"{"id":\#(1234567890123456789 - i),"title":"Item number \#(i) \u00e9","score":\#(i % 997).5,"#
            text += #""user":{"login":"user\#(i % 100)","site_admin":false},"labels":["bug","help"],"body":null}"#
            i += 1
        }
        text += "]"
        return Array(text.utf8)
    }

    /// A large document parses whole and round-trips. Timing is for `make bench`, not tests.
    @Test func tenMegabytes() throws {
        let bytes = Self.bigDocument()
        let value = try JSONParser.parse(bytes)
        let compact = value.compactJSON
        let count = value.arrayValue?.count ?? 0
        #expect(count > 60_000)
        #expect(compact.utf8.count < bytes.count)   // \u00e9 is written as é
        #expect(try JSONParser.parse(compact) == value)
    }
}
