import Hummingbird
import InfinilistCore
@testable import InfinilistLoader
import Synchronization
import TestSupport
import Testing

/// Conditional requests against a real server that validates them: a page's `ETag` or
/// `Last-Modified` is kept with its answer, a page asked for again (a refresh, a re-fetch of
/// dropped rows) carries `If-None-Match`/`If-Modified-Since`, and a `304` reuses the kept answer.
/// The server counts what it received and what it answered.
@Suite struct ConditionalRequestTests {
    /// A page-number API (`?page=N`, 1-based) of `pageCount` pages of `perPage` items, each page
    /// with an ETag (and a Last-Modified) that changes when the page changes.
    final class ValidatingFeed: Sendable {
        struct Exchange: Sendable {
            let page: Int
            let ifNoneMatch: String?
            let ifModifiedSince: String?
            let status: Int
            let bodyBytes: Int
        }
        struct State {
            var version = 1
            var exchanges: [Exchange] = []
        }
        let pageCount: Int
        let perPage: Int
        /// Which validators the server sends: "etag", "last-modified", or both.
        let validators: Set<String>
        let extraHeaders: HTTPFields
        let state = Mutex(State())

        init(pageCount: Int = 5, perPage: Int = 10, validators: Set<String> = ["etag"], extraHeaders: HTTPFields = [:]) {
            self.pageCount = pageCount
            self.perPage = perPage
            self.validators = validators
            self.extraHeaders = extraHeaders
        }

        var exchanges: [Exchange] { state.withLock { $0.exchanges } }
        var notModified: Int { exchanges.filter { $0.status == 304 }.count }
        var conditional: Int { exchanges.filter { $0.ifNoneMatch != nil || $0.ifModifiedSince != nil }.count }

        /// Every page changes (its items are renamed), so its validators change too.
        func change() { state.withLock { $0.version += 1 } }

        func respond(to request: Request) -> Response {
            let page = request.uri.queryParameters["page"].flatMap { Int($0) } ?? 1
            let ifNoneMatch = request.headers[.ifNoneMatch]
            let ifModifiedSince = request.headers[.ifModifiedSince]
            return state.withLock { state in
                let etag = "\"p\(page)-v\(state.version)\""
                let modified = "Mon, 0\(min(state.version, 9)) Nov 2026 10:00:00 GMT"
                var headers = extraHeaders
                headers[.contentType] = "application/json"
                if validators.contains("etag") { headers[.eTag] = etag }
                if validators.contains("last-modified") { headers[.lastModified] = modified }
                let unchanged = (validators.contains("etag") && ifNoneMatch == etag)
                    || (validators.contains("last-modified") && ifNoneMatch == nil && ifModifiedSince == modified)
                if unchanged {
                    state.exchanges.append(Exchange(page: page, ifNoneMatch: ifNoneMatch, ifModifiedSince: ifModifiedSince, status: 304, bodyBytes: 0))
                    return Response(status: .notModified, headers: headers)
                }
                let body = Self.body(page: page, of: pageCount, perPage: perPage, version: state.version)
                state.exchanges.append(Exchange(page: page, ifNoneMatch: ifNoneMatch, ifModifiedSince: ifModifiedSince, status: 200, bodyBytes: body.utf8.count))
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
            }
        }

        /// Item `«page.i»` in version 1; later versions say which.
        static func body(page: Int, of pageCount: Int, perPage: Int, version: Int) -> String {
            guard (1...pageCount).contains(page) else { return #"{"items": []}"# }
            let items = (1...perPage).map { i in
                let id = (page - 1) * perPage + i
                return #"{"id": \#(id), "title": "«\#(page).\#(i)» v\#(version)"}"#
            }
            return #"{"items": ["# + items.joined(separator: ", ") + "]}"
        }
    }

    static func withFeed<T: Sendable>(
        _ feed: ValidatingFeed,
        route: String = "feed",
        configure: @Sendable (inout SourceOptions) -> Void = { _ in },
        _ body: @Sendable (_ source: HTTPSource, _ loader: Loader, _ inbox: MessageInbox) async throws -> T
    ) async throws -> T {
        let router = Router()
        router.get("feed") { request, _ in feed.respond(to: request) }
        router.get("always304") { _, _ in Response(status: .notModified) }
        return try await withLocalServer(router: router) { port in
            var options = SourceOptions()
            options.pageSize = feed.perPage
            options.idPath = "id"
            configure(&options)
            let source = try HTTPSource(url: "http://127.0.0.1:\(port)/\(route)?page={page}", options: options)
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body(source, loader, inbox)) } catch { outcome = .failure(error) }
            await loader.shutdown()
            await source.close()
            return try outcome.get()
        }
    }

    private static func titles(_ result: PageResult) -> [String] { result.items.map(\.text) }

    @Test func aRefreshAsksWhetherPageOneChangedAndReusesItWhenNot() async throws {
        let feed = ValidatingFeed()
        try await Self.withFeed(feed) { _, loader, inbox in
            let first = try await inbox.answer(to: request(1, page: 0), from: loader)
            _ = try await inbox.answer(to: request(2, page: 1), from: loader)
            let refreshed = try await inbox.answer(to: PageRequest(id: RequestID(3), page: 0, purpose: .restart), from: loader)
            #expect(Self.titles(refreshed) == Self.titles(first))
            #expect(feed.exchanges.last?.ifNoneMatch == "\"p1-v1\"")
            #expect(feed.exchanges.last?.status == 304)
            // The walk went on from the reused answer: page 2 is known again.
            #expect(await loader.key(forPage: 1) != nil)
            feed.change()
            let changed = try await inbox.answer(to: PageRequest(id: RequestID(4), page: 0, purpose: .restart), from: loader)
            #expect(feed.exchanges.last?.status == 200)
            #expect(changed.items.first?.text == "«1.1» v2")
            // The new answer replaced the kept one: asking again is a 304 for version 2.
            _ = try await inbox.answer(to: PageRequest(id: RequestID(5), page: 0, purpose: .restart), from: loader)
            #expect(feed.exchanges.last?.ifNoneMatch == "\"p1-v2\"")
            #expect(feed.exchanges.last?.status == 304)
        }
    }

    @Test func aReFetchOfADroppedPageIsAnsweredWithoutABody() async throws {
        let feed = ValidatingFeed()
        try await Self.withFeed(feed) { _, loader, inbox in
            var firstTime: [[String]] = []
            for page in 0...2 { firstTime.append(Self.titles(try await inbox.answer(to: request(page + 1, page: page), from: loader))) }
            #expect(feed.conditional == 0)
            let again = try await inbox.answer(to: PageRequest(id: RequestID(10), page: 1, purpose: .refetch(following: 0)), from: loader)
            #expect(Self.titles(again) == firstTime[1])
            #expect(feed.exchanges.map(\.status) == [200, 200, 200, 304])
            #expect(feed.exchanges.last?.page == 2)
        }
    }

    @Test func lastModifiedComesBackAsIfModifiedSince() async throws {
        let feed = ValidatingFeed(validators: ["last-modified"])
        try await Self.withFeed(feed) { _, loader, inbox in
            _ = try await inbox.answer(to: request(1, page: 0), from: loader)
            _ = try await inbox.answer(to: PageRequest(id: RequestID(2), page: 0, purpose: .refetch(following: 0)), from: loader)
            #expect(feed.exchanges.last?.ifModifiedSince == "Mon, 01 Nov 2026 10:00:00 GMT")
            #expect(feed.exchanges.last?.ifNoneMatch == nil)
            #expect(feed.exchanges.last?.status == 304)
        }
    }

    @Test func anAnswerMarkedNoStoreIsNotKept() async throws {
        let feed = ValidatingFeed(extraHeaders: [.cacheControl: "private, no-store"])
        try await Self.withFeed(feed) { source, loader, inbox in
            _ = try await inbox.answer(to: request(1, page: 0), from: loader)
            _ = try await inbox.answer(to: PageRequest(id: RequestID(2), page: 0, purpose: .refetch(following: 0)), from: loader)
            #expect(feed.conditional == 0)
            #expect(feed.exchanges.map(\.status) == [200, 200])
            #expect(source.keptAnswers?.count == 0)
        }
    }

    @Test func aDumpKeepsNothingAndNeverAsksConditionally() async throws {
        let feed = ValidatingFeed()
        try await Self.withFeed(feed, configure: { $0.keptAnswers = .none }) { source, loader, inbox in
            _ = try await inbox.answer(to: request(1, page: 0), from: loader)
            _ = try await inbox.answer(to: PageRequest(id: RequestID(2), page: 0, purpose: .refetch(following: 0)), from: loader)
            #expect(feed.conditional == 0)
            #expect(source.keptAnswers == nil)
        }
    }

    @Test func a304ToAnUnconditionalRequestIsAFailedPageSayingSo() async throws {
        let feed = ValidatingFeed()
        try await Self.withFeed(feed, route: "always304") { _, loader, inbox in
            await #expect {
                _ = try await inbox.answer(to: request(1, page: 0), from: loader)
            } throws: { error in
                (error as? PageFailure)?.message.contains("304 Not Modified from 127.0.0.1") == true
                    && (error as? PageFailure)?.message.contains("asked nothing conditionally") == true
            }
        }
    }
}
