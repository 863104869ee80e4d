import InfinilistCore
@testable import InfinilistLoader
import Testing

@Suite struct DemoSourceTests {
    @Test func finiteFeedEndsWithTheLastPartialPage() async throws {
        let demo = DemoSource(items: 120, pageSize: 50, latency: .zero)
        var key: PageKey? = demo.firstKey()
        var sizes: [Int] = []
        var ids: [String] = []
        var last: FetchedPage?
        while let current = key {
            let page = try await demo.fetchPage(current)
            sizes.append(page.items.count)
            ids += page.items.compactMap(\.id)
            key = page.next
            last = page
        }
        #expect(sizes == [50, 50, 20])
        #expect(ids == (1...120).map(String.init))
        #expect(last?.end == EndReason("end of demo feed"))
        #expect(last?.total == 120)
    }

    @Test func exactMultipleOfThePageSizeEndsOnTheFullPage() async throws {
        let demo = DemoSource(items: 100, pageSize: 50, latency: .zero)
        let first = try await demo.fetchPage(demo.firstKey())
        let second = try await demo.fetchPage(try #require(first.next))
        #expect(second.items.count == 50)
        #expect(second.isLast)
    }

    @Test func isDeterministic() async throws {
        let a = try await DemoSource(latency: .zero).fetchPage(PageKey(page: 7, offset: 300))
        let b = try await DemoSource(latency: .zero).fetchPage(PageKey(page: 7, offset: 300))
        #expect(a == b)
        #expect(a.items.count == 50)
        #expect(a.next != nil)   // endless
    }

    @Test func itemsAreRealJSONWithTheAdvertisedFields() async throws {
        let page = try await DemoSource(items: 200, pageSize: 200, latency: .zero).fetchPage(PageKey(page: 1))
        let first = try #require(page.items.first)
        let json = try JSONParser.parse(first.json)
        for field in ["id", "title", "author", "score", "comments", "url", "created_at"] {
            #expect(json.objectValue?[field] != nil, "missing \(field)")
        }
        #expect(first.text == json.objectValue?["title"]?.stringValue.map(TerminalText.sanitize))
        let created = try #require(json.objectValue?["created_at"]?.stringValue)
        #expect(created.hasPrefix("2026-11-21T09:") && created.hasSuffix("Z") && created.count == 20, "\(created)")
        let texts = page.items.map(\.text).joined(separator: "\n")
        let samples = ["é", "ß", "ы", "λ", "ك", "ש", "東", "为", "한", "ไ", "ह", "👨‍👩‍👧‍👦", "🇯🇵", "👍🏽"]
        #expect(samples.filter { !texts.contains($0) } == [])
        #expect(page.items.contains { $0.text.count > 200 })
    }

    @Test func latencyIsCancellable() async throws {
        let demo = DemoSource(latency: .seconds(30))
        let task = Task { try await demo.fetchPage(demo.firstKey()) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func emptyFeedEndsAtOnce() async throws {
        let page = try await DemoSource(items: 0, latency: .zero).fetchPage(PageKey(page: 1))
        #expect(page.items.isEmpty)
        #expect(page.isLast)
    }
}

/// The demo's dates, written digit by digit: UTC, zero-padded, before 1970 too.
@Suite struct ISO8601TextTests {
    @Test func datesAreWrittenAsUTC() {
        #expect(ISO8601Text.utc(epochSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601Text.utc(epochSeconds: 1_795_255_200) == "2026-11-21T10:00:00Z")
        #expect(ISO8601Text.utc(epochSeconds: -1) == "1969-12-31T23:59:59Z")
        #expect(ISO8601Text.utc(epochSeconds: 951_782_400 + 3_723) == "2000-02-29T01:02:03Z")
        #expect(ISO8601Text.utc(epochSeconds: 253_402_300_799) == "9999-12-31T23:59:59Z")
    }
}
