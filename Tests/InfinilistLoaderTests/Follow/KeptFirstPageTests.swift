import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The first page's kept answer is what every poll of a followed list revalidates: scrolling far
/// must not drop it (each poll would then be a full answer), and a poll keeping it again must
/// not push out the answers kept near the cursor.
@Suite struct KeptFirstPageTests {
    private static func response(items: Int, etag: String) -> PageResponse {
        PageResponse(url: "http://x.example/", headers: [HeaderField(name: "ETag", value: etag)], body: .array([]), items: Array(repeating: .null, count: items))
    }

    @Test func theFirstPageStaysWhileScrollingFarAndAPollDropsNothingNearTheCursor() {
        let kept = KeptAnswers(windowItems: 10)   // 20 items: two pages of 10
        kept.keep(Self.response(items: 10, etag: "\"0\""), for: "GET /0", page: 0)
        for page in 1...8 {
            kept.keep(Self.response(items: 10, etag: "\"\(page)\""), for: "GET /\(page)", page: page)
        }
        #expect(kept.kept(for: "GET /0") != nil)
        #expect(kept.kept(for: "GET /8") != nil)
        // A poll keeps page 0 again: the page near the cursor stays.
        kept.keep(Self.response(items: 10, etag: "\"0b\""), for: "GET /0", page: 0)
        #expect(kept.kept(for: "GET /0")?.conditions == [HeaderField(name: "If-None-Match", value: "\"0b\"")])
        #expect(kept.kept(for: "GET /8") != nil)
        #expect(kept.kept(for: "GET /1") == nil)
    }
}
