import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The first page's kept answer is what every poll of a followed list revalidates: scrolling far
/// must not drop it (each poll would then be a full answer), and a poll keeping it again must
/// not push out the answers kept near the cursor.
@Suite struct KeptFirstPageTests {
    private static func body(etag: String) -> HTTPBody {
        HTTPBody(url: "http://x.example/", status: 200, reason: "OK", headers: [HeaderField(name: "ETag", value: etag)], bytes: [])
    }

    @Test func theFirstPageStaysWhileScrollingFarAndAPollDropsNothingNearTheCursor() {
        let kept = KeptAnswers(windowItems: 10)   // 20 items: two pages of 10
        kept.keep(Self.body(etag: "\"0\""), items: 10, for: "GET /0", page: 0)
        for page in 1...8 {
            kept.keep(Self.body(etag: "\"\(page)\""), items: 10, for: "GET /\(page)", page: page)
        }
        #expect(kept.kept(for: "GET /0") != nil)
        #expect(kept.kept(for: "GET /8") != nil)
        // A poll keeps page 0 again: the page near the cursor stays.
        kept.keep(Self.body(etag: "\"0b\""), items: 10, for: "GET /0", page: 0)
        #expect(kept.kept(for: "GET /0")?.conditions == [HeaderField(name: "If-None-Match", value: "\"0b\"")])
        #expect(kept.kept(for: "GET /8") != nil)
        #expect(kept.kept(for: "GET /1") == nil)
    }
}
