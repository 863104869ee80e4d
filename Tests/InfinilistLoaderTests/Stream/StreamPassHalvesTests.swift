import InfinilistCore
@testable import InfinilistLoader
import TestThreads
import Testing

/// `End` on a file past `StreamReader.halvesFrom` (16 MB) counts the second half of the lines on
/// another core (decision 151): the passed pages, the page read and the place a line out of shape
/// stops the count are those of a count on one core, wherever the halves meet.
@Suite(.serialized) struct StreamPassHalvesTests {
    /// 200,537 lines `{"id":N,"title":"item N …"}` of 70 to 130 bytes (about 20 MB), a blank
    /// line after every 7,777th (LF only), with `broken` (if any) pretty-printed over two lines.
    private static func file(ending: String = "\n", broken: Int? = nil) throws -> TestFile {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(21_000_000)
        var state: UInt64 = 42
        for id in 1...200_537 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let padding = String(repeating: "x", count: 40 + Int(state >> 58))
            let line = id == broken
                ? "{\"id\":\(id),\(ending)\"title\":\"item \(id)\"}"
                : "{\"id\":\(id),\"title\":\"item \(id) \(padding)\"}"
            bytes += Array((line + ending).utf8)
            // (A blank line ended by CRLF stops a count, as any line not opening an object.)
            if ending == "\n", id.isMultiple(of: 7_777) { bytes += Array(ending.utf8) }
        }
        let file = try TestFile(bytes)
        #expect(bytes.count > StreamReader.halvesFrom + 1_000_000)
        return file
    }

    private static func ids(_ result: PageResult?) -> [Int] {
        (result?.items ?? []).compactMap { item in
            item.json.firstMatch(of: /"id":([0-9]+)/).flatMap { Int($0.1) }
        }
    }

    /// Page 0 (the first 100 items, `StreamPages.firstPageSize`), then `End`'s pass from page 1.
    /// Page k ≥ 1 holds items 101 + 1,000 (k − 1) onwards.
    private func passToTheEnd(_ file: TestFile) async throws -> (Loader, MessageInbox, PageResult) {
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(file.path, pageSize: 1_000), deliver: inbox.deliver)
        _ = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: loader)
        return (loader, inbox, try await inbox.answer(to: PageRequest(id: RequestID(2), page: 1, purpose: .pass(.end)), from: loader))
    }

    @Test(.ownThread) func theHalvesPassWhatOneCountPassesAndEveryPageReadsAgain() async throws {
        for ending in ["\n", "\r\n"] {
            let (loader, inbox, last) = try await passToTheEnd(try Self.file(ending: ending))
            // 200,437 items after page 0: 200 pages of 1,000 passed, the last 437 read.
            #expect(last.passed == PassedPages(pages: 200, rowsEach: 1_000))
            #expect(Self.ids(last) == Array(200_101...200_537))
            #expect(last.end != nil)
            // Around the middle, where the halves meet, and elsewhere: each page by its start.
            var id = 3
            for page in [1, 2, 50] + Array(95...106) + [150, 199, 200] {
                let again = try await inbox.answer(to: PageRequest(id: RequestID(id), page: page, purpose: .refetch(following: 0)), from: loader)
                let first = 101 + 1_000 * (page - 1)
                #expect(Self.ids(again) == Array(first...(first + 999)), "page \(page), lines ending \(Array(ending.utf8))")
                id += 1
            }
            await loader.shutdown()
        }
    }

    /// A line out of shape stops the count where one count stops it: in the second half (which
    /// the other core met first) or in the first (whose stop makes the other core's count moot).
    @Test(.ownThread) func aLineOutOfShapeInEitherHalfStopsTheCountThere() async throws {
        for broken in [150_500, 50_500] {
            let (loader, _, page) = try await passToTheEnd(try Self.file(broken: broken))
            // Items after page 0 are counted from 0 (item 101); the page holding the broken
            // item's first line is read, not passed.
            let pages = (broken - 101) / 1_000
            #expect(page.passed == PassedPages(pages: pages, rowsEach: 1_000), "broken item \(broken)")
            let first = 101 + pages * 1_000
            #expect(Array(Self.ids(page).prefix(broken - first)) == Array(first..<broken), "broken item \(broken)")
            await loader.shutdown()
        }
    }

    /// `NG`: the wanted page in the second half is found by the marks of the blocks read again;
    /// in the first, the other core's count is stopped and not used.
    @Test(.ownThread) func aRowInEitherHalfIsReachedByItsPage() async throws {
        let file = try Self.file()
        for (after, pages) in [(150_000, 150), (5_000, 5)] {
            let inbox = MessageInbox()
            let loader = Loader(source: try StreamTest.source(file.path, pageSize: 1_000), deliver: inbox.deliver)
            _ = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: loader)
            let page = try await inbox.answer(to: PageRequest(id: RequestID(2), page: 1, purpose: .pass(.item(after))), from: loader)
            #expect(page.passed == PassedPages(pages: pages, rowsEach: 1_000), "\(after) items on")
            #expect(Self.ids(page).first == 101 + pages * 1_000, "\(after) items on")
            await loader.shutdown()
        }
    }
}
