import TestSupport
import Hummingbird
import InfinilistCore
@testable import InfinilistLoader
import Synchronization
import Testing

/// Re-fetching a page the screen dropped (a plain request for a page below the tail, page 0
/// included) must leave the HTTP source's walk alone: ids seen, page hashes and learned keys stay
/// those of the walk down the list, so the next tail page is de-duplicated as before and nothing
/// ends early. Only a refresh (`restart`) starts the walk over. The server here lets a test change
/// the list between requests (items arriving at the top, items removed, a page gone empty).
@Suite struct RefetchPagingStateTests {
    /// A newest-first page-number API, 10 items a page under `items`: `?page=N` (1-based).
    final class Feed: Sendable {
        struct State {
            /// Items, newest first, by id.
            var ids: [Int] = Array((1...60).reversed())
            /// API page numbers answered with an empty page, whatever the list holds.
            var emptyPages: Set<Int> = []
        }
        let state = Mutex(State())

        /// New items arrive at the top, shifting every page down.
        func arrive(_ count: Int) {
            state.withLock { state in
                let top = state.ids.max() ?? 0
                state.ids.insert(contentsOf: (top + 1...top + count).reversed(), at: 0)
            }
        }

        func removeTop(_ count: Int) {
            state.withLock { $0.ids.removeFirst(min(count, $0.ids.count)) }
        }

        func setEmpty(_ pages: Set<Int>) {
            state.withLock { $0.emptyPages = pages }
        }

        func body(page: Int) -> String {
            state.withLock { state in
                let first = (page - 1) * 10
                guard page >= 1, !state.emptyPages.contains(page), first < state.ids.count else { return #"{"items": []}"# }
                let ids = state.ids[first..<min(first + 10, state.ids.count)]
                return #"{"items": ["# + ids.map { #"{"id": \#($0), "title": "Item \#($0)"}"# }.joined(separator: ", ") + "]}"
            }
        }
    }

    private func withFeedServer<T: Sendable>(
        _ feed: Feed,
        _ body: @Sendable (_ source: HTTPSource, _ loader: Loader, _ inbox: MessageInbox) async throws -> T
    ) async throws -> T {
        let router = Router()
        router.get("feed") { request, _ in
            let page = request.uri.queryParameters["page"].flatMap { Int($0) } ?? 1
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: feed.body(page: page)))
            )
        }
        return try await withLocalServer(router: router) { port in
            var options = SourceOptions()
            options.pageSize = 10
            options.idPath = "id"
            let source = try HTTPSource(url: "http://127.0.0.1:\(port)/feed?page={page}", options: options)
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            let result: T
            do {
                result = try await body(source, loader, inbox)
            } catch {
                await loader.shutdown()
                await source.close()
                throw error
            }
            await loader.shutdown()
            await source.close()
            return result
        }
    }

    private func load(_ loader: Loader, _ inbox: MessageInbox, _ request: PageRequest) async throws -> PageResult {
        try await inbox.answer(to: request, from: loader)
    }

    private static func ids(_ result: PageResult) -> [String] {
        result.items.compactMap(\.id)
    }

    private static func ids(_ range: ClosedRange<Int>) -> [String] {
        range.reversed().map(String.init)
    }

    @Test func refetchingPageZeroKeepsTheTailDeduplicated() async throws {
        let feed = Feed()
        try await withFeedServer(feed) { _, loader, inbox in
            #expect(Self.ids(try await load(loader, inbox, request(1, page: 0))) == Self.ids(51...60))
            #expect(Self.ids(try await load(loader, inbox, request(2, page: 1))) == Self.ids(41...50))
            // Two items arrive: every page shifts down by two.
            feed.arrive(2)
            // The screen re-fetches page 0 (a plain request, not a refresh).
            let again = try await load(loader, inbox, request(3, page: 0))
            #expect(Self.ids(again) == Self.ids(53...62))
            #expect(again.end == nil)
            // The tail page starts with the two items page 2 showed: they are still recognised.
            let tail = try await load(loader, inbox, request(4, page: 2))
            #expect(Self.ids(tail) == Self.ids(33...40))
            #expect(tail.end == nil)
            #expect(await loader.key(forPage: 3) != nil)
        }
    }

    @Test func refetchingAMiddlePageNeitherForgetsNorInventsDuplicates() async throws {
        let feed = Feed()
        try await withFeedServer(feed) { _, loader, inbox in
            for page in 0...2 { _ = try await load(loader, inbox, request(page + 1, page: page)) }
            // Unchanged data: the re-fetched page is exactly what was first kept.
            #expect(Self.ids(try await load(loader, inbox, request(10, page: 1))) == Self.ids(41...50))
            feed.arrive(2)
            // Shifted: the two items page 1 showed at its top are dropped from the re-fetch, which
            // records nothing, so the tail still knows page 3's bottom items.
            let middle = try await load(loader, inbox, request(11, page: 1))
            #expect(Self.ids(middle) == Self.ids(43...50))
            let tail = try await load(loader, inbox, request(12, page: 3))
            #expect(Self.ids(tail) == Self.ids(23...30))
            #expect(tail.end == nil)
        }
    }

    @Test func aRefetchThatNowSaysEndDoesNotEndTheList() async throws {
        let feed = Feed()
        try await withFeedServer(feed) { _, loader, inbox in
            for page in 0...2 { _ = try await load(loader, inbox, request(page + 1, page: page)) }
            let keyOfPage3 = await loader.key(forPage: 2)
            // API page 2 (ordinal 1) is empty for a moment: its re-fetch says the list ends there.
            feed.setEmpty([2])
            let shrunk = try await load(loader, inbox, request(10, page: 1))
            #expect(shrunk.items.isEmpty)
            #expect(shrunk.end == nil)
            #expect(await loader.key(forPage: 2) == keyOfPage3)
            feed.setEmpty([])
            // The dropped page after it and the tail still load.
            #expect(Self.ids(try await load(loader, inbox, request(11, page: 2))) == Self.ids(31...40))
            let tail = try await load(loader, inbox, request(12, page: 3))
            #expect(Self.ids(tail) == Self.ids(21...30))
            #expect(tail.end == nil)
        }
    }

    @Test func aRefreshStartsTheWalkOver() async throws {
        let feed = Feed()
        try await withFeedServer(feed) { _, loader, inbox in
            for page in 0...2 { _ = try await load(loader, inbox, request(page + 1, page: page)) }
            // The top 20 items go: the new page 1 holds what the old walk showed as page 3.
            feed.removeTop(20)
            let refreshed = try await load(loader, inbox, PageRequest(id: RequestID(10), page: 0, purpose: .restart))
            #expect(Self.ids(refreshed) == Self.ids(31...40))
            #expect(await loader.key(forPage: 2) == nil)
            let next = try await load(loader, inbox, request(11, page: 1))
            #expect(Self.ids(next) == Self.ids(21...30))
        }
    }

    @Test func aRefetchedPageIsNotRecordedInTheWalk() {
        let pager = PagerRun(Pager(
            style: PageCounterStyle(template: template("https://x.example/?page={page}"), firstPage: 1, pageSize: 1),
            shape: ItemShape(idPath: JSONPath([.key("id")])),
            maxPages: nil
        ))
        var key = pager.firstKey()
        for id in ["a", "b", "c"] {
            key = pager.page(for: key, response: response(#"[{"id": "\#(id)"}]"#)).next ?? key
        }
        // A re-fetch of page 2 keeps its own item, drops page 3's, and records nothing.
        let second = PageKey(index: 1, page: 2, offset: 1)
        let again = pager.page(for: second, response: response(#"[{"id": "b"}, {"id": "c"}, {"id": "x"}, {"id": "x"}]"#), kind: .refetch)
        #expect(again.items.map(\.id) == ["b", "x"])
        #expect(pager.page(for: key, response: response(#"[{"id": "b"}, {"id": "c"}, {"id": "x"}]"#)).items.map(\.id) == ["x"])
    }
}
