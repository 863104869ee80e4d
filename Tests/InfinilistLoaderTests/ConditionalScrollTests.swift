import InfinilistCore
@testable import InfinilistLoader
import Testing

/// What scrolling back and forth over a long list costs once pages carry validators: the screen
/// drops far pages (the page window), scrolling back re-fetches them, and each re-fetch is a
/// `304` that reuses the kept answer. On GitHub a 304 does not count against the rate limit.
@Suite struct ConditionalScrollTests {
    /// Scrolls a 40-page list (25 items a page, 12 rows) to its end, back to the top and down to
    /// the end again on the real event loop, waiting for every re-fetched page before going on;
    /// what the server received.
    private func scroll(keeping keptAnswers: KeptAnswersSetting) async throws -> [ConditionalRequestTests.ValidatingFeed.Exchange] {
        let feed = ConditionalRequestTests.ValidatingFeed(pageCount: 40, perPage: 25)
        let (items, phase) = try await ConditionalRequestTests.withFeed(feed, configure: { $0.keptAnswers = keptAnswers }) { source, _, _ in
            var phase = 0   // 0: End until the end, 1: PgUp until the top, 2: PgDn until the end
            let (state, _) = await ScreenModel.run(source: source, size: Size(rows: 12, columns: 100)) { frame in
                let texts = frame.rows.map(\.text)
                if texts.contains(where: { $0.contains("✗ page") }) { return [.char("q")] }
                if texts.contains(where: { $0.contains("loading page") }) { return [] }
                switch phase {
                case 0:
                    guard texts.contains(where: { $0.contains("— end ·") }) else { return [.end] }
                    phase = 1
                    return [.pageUp]
                case 1:
                    guard texts.contains(where: { $0.contains("«1.1»") }) else { return [.pageUp] }
                    phase = 2
                    return [.pageDown]
                default:
                    return texts.contains(where: { $0.contains("«40.25»") }) ? [.char("q")] : [.pageDown]
                }
            }
            return (state.store.itemCount, phase)
        }
        #expect(items == 1000)
        #expect(phase == 2)
        return feed.exchanges
    }

    @Test func scrollingBackOverDroppedPagesCostsOnly304s() async throws {
        let exchanges = try await scroll(keeping: .sizedByWindow(keep: nil))
        // Every page was read in full once (page 41, empty, says the list ends); every later
        // request for a page was conditional and answered 304.
        let refetches = exchanges.count - 41
        #expect(exchanges.filter { $0.status == 200 }.map(\.page).sorted() == Array(1...41))
        #expect(exchanges.filter { $0.status == 304 }.count == refetches)
        #expect(exchanges.filter { $0.ifNoneMatch != nil }.count == refetches)
        // The window (20 pages of 25 items) dropped at least the first 20 pages on the way down.
        #expect(refetches >= 20)

        // The same scroll keeping nothing: as many requests, every one a full answer.
        let without = try await scroll(keeping: .none)
        #expect(without.count == exchanges.count)
        #expect(without.allSatisfy { $0.status == 200 && $0.ifNoneMatch == nil })
        let bytes = { (list: [ConditionalRequestTests.ValidatingFeed.Exchange]) in list.map(\.bodyBytes).reduce(0, +) }
        print("scroll over 40 pages and back: \(exchanges.count) requests, \(refetches) answered 304, \(bytes(exchanges)) body bytes; keeping nothing: \(without.count) full answers, \(bytes(without)) body bytes")
    }

    @Test func keptAnswersStayWithinTwiceTheWindowDroppingTheFarthest() {
        let kept = KeptAnswers(windowItems: 10)
        for page in 1...5 {
            kept.keep(Self.body(etag: "\"\(page)\""), items: 10, for: "GET /\(page)", page: page)
        }
        // 20 items: the two pages nearest the last one read.
        #expect(kept.count == 2)
        #expect(kept.kept(for: "GET /5") != nil)
        #expect(kept.kept(for: "GET /4") != nil)
        // Scrolling back to page 3: page 5 is now the farthest and goes, page 4 stays.
        kept.keep(Self.body(etag: "\"3\""), items: 10, for: "GET /3", page: 3)
        #expect(kept.kept(for: "GET /4") != nil)
        #expect(kept.kept(for: "GET /5") == nil)
    }

    @Test func withoutKeepTheBudgetFollowsTheLargestPage() {
        let kept = KeptAnswers(windowItems: nil)
        for page in 1...100 {
            kept.keep(Self.body(etag: "\"\(page)\""), items: 5, for: "GET /\(page)", page: page)
        }
        // Forty pages of five items.
        #expect(kept.count == 40)
        // An empty page (the end of a list) weighs nothing.
        kept.keep(Self.body(etag: "\"empty\""), items: 0, for: "GET /empty", page: 100)
        #expect(kept.kept(for: "GET /empty") != nil)
        #expect(kept.count == 41)
        // But answers never outnumber the items allowed.
        let small = KeptAnswers(windowItems: 2)
        for page in 1...10 { small.keep(Self.body(etag: "\"\(page)\""), items: 0, for: "GET /\(page)", page: page) }
        #expect(small.count == 4)
    }

    @Test func anAnswerWithoutValidatorsReplacesAndForgetsTheKeptOne() {
        let kept = KeptAnswers(windowItems: nil)
        kept.keep(Self.body(etag: "\"a\""), items: 3, for: "GET /x", page: 0)
        #expect(kept.kept(for: "GET /x")?.conditions == [HeaderField(name: "If-None-Match", value: "\"a\"")])
        kept.keep(Self.body(etag: nil), items: 3, for: "GET /x", page: 0)
        #expect(kept.kept(for: "GET /x") == nil)
    }

    private static func body(etag: String?) -> HTTPBody {
        HTTPBody(url: "http://x.example/", status: 200, reason: "OK", headers: etag.map { [HeaderField(name: "ETag", value: $0)] } ?? [], bytes: [])
    }
}
