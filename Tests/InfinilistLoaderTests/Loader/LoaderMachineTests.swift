import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The loader's decisions, read as values (`LoaderAction`) without a task, a clock or a server:
/// each event goes into `LoaderMachine`, and the test checks what it decided. The paging rules are
/// the real ones (`Pager` with the style the options choose); only the transport is absent, so
/// an answer is a `PageResponse` built here.
@Suite struct LoaderMachineTests {
    /// An HTTP list's paging rules, without its transport: the machine never fetches.
    struct RulesOnly: PageSource {
        let pager: Pager
        var name: String { "rules" }

        init(_ url: String) throws {
            let settings = try SourceOptions().httpSettings(url: url)
            pager = Pager(style: settings.style, shape: settings.shape, maxPages: nil)
        }

        func startWalk() -> Walk { pager.startWalk() }
        func fetch(_ key: PageKey) async throws -> PageResponse { throw CancellationError() }
        func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
            pager.page(from: consume response, key: key, kind: kind, walk: &walk)
        }
        func predictedKey(after key: PageKey, itemCount: Int?) -> PageKey? { pager.predictedKey(after: key, itemCount: itemCount) }
        var pagesMoveWhenItemsArrive: Bool { pager.style.pagesMoveWhenItemsArrive }
        func sameRequest(_ first: PageKey, _ second: PageKey) -> Bool {
            pager.request(for: first).address == pager.request(for: second).address
        }
    }

    static let pages = "https://api.example/items?page={page}"
    static let cursors = "https://api.example/items?cursor={cursor}"

    private func machine(_ url: String = pages, readAhead: ReadAhead = .none, logs: Bool = false) throws -> LoaderMachine {
        LoaderMachine(source: try RulesOnly(url), readAhead: readAhead, parsesItems: false, remembersItems: nil, logs: logs)
    }

    /// A page of `count` items numbered from `first`, with the API's `total` and `next_cursor`
    /// when given.
    private func answer(first: Int, count: Int = 50, total: Int? = nil, cursor: String? = nil, hasMore: Bool? = nil) throws -> Result<PageResponse, any Error> {
        let items = (first..<first + count).map { #"{"id": \#($0), "title": "Item \#($0)"}"# }
        var fields = [#""items": ["# + items.joined(separator: ", ") + "]"]
        if let total { fields.append(#""total": \#(total)"#) }
        if let cursor { fields.append(#""next_cursor": "\#(cursor)""#) }
        if let hasMore { fields.append(#""has_more": \#(hasMore)"#) }
        let body = try JSONParser.parse("{" + fields.joined(separator: ", ") + "}")
        guard case .object(let object) = body, case .array(let values)? = object["items"] else { throw CancellationError() }
        return .success(PageResponse(url: "https://api.example/items", body: body, items: values))
    }

    private var ids = RequestIDs()
    private mutating func request(_ page: Int, _ purpose: RequestPurpose = .next) -> PageRequest {
        ids.request(page: page, for: purpose)
    }

    private func fetches(_ actions: [LoaderAction]) -> [(token: Int, page: Int)] {
        actions.compactMap { if case .fetch(let fetch) = $0 { (fetch.token, fetch.page) } else { nil } }
    }

    private func cancelled(_ actions: [LoaderAction]) -> [Int] {
        actions.compactMap { if case .cancel(let token) = $0 { token } else { nil } }
    }

    private func loaded(_ actions: [LoaderAction]) -> [PageResult] {
        actions.compactMap { if case .deliver(.pageLoaded(let result)) = $0 { result } else { nil } }
    }

    private func failed(_ actions: [LoaderAction]) -> [String] {
        actions.compactMap { if case .deliver(.pageFailed(let failure)) = $0 { failure.message } else { nil } }
    }

    @Test mutating func aRequestStartsOneFetchAndAskingAgainWhileItRunsStartsNone() throws {
        var machine = try machine()
        let first = request(0)
        let started = machine.start(first)
        #expect(fetches(started).map(\.page) == [0])
        #expect(machine.start(request(0)).isEmpty)
        let token = try #require(fetches(started).first?.token)
        let arrival = machine.arrived(page: 0, token: token, outcome: try answer(first: 1), latency: 0.1)
        let results = loaded(arrival)
        #expect(results.map(\.request.id) == [first.id])
        #expect(results.first?.items.count == 50)
        #expect(!machine.isInFlight(page: 0))
    }

    @Test mutating func theAnswerToACancelledRequestNeverReachesTheWalk() throws {
        var machine = try machine(Self.cursors)
        let first = request(0)
        let token = try #require(fetches(machine.start(first)).first?.token)
        #expect(cancelled(machine.cancel(first.id)) == [token])
        #expect(machine.arrived(page: 0, token: token, outcome: try answer(first: 1, cursor: "abc"), latency: 0).isEmpty)
        #expect(machine.walk.key(for: 1) == nil, "the cancelled answer taught the walk a cursor")
    }

    @Test mutating func aPageWhoseKeyIsNotKnownFailsAtOnceWithoutAFetch() throws {
        var machine = try machine(Self.cursors)
        let actions = machine.start(request(1))
        #expect(fetches(actions).isEmpty)
        #expect(failed(actions) == ["page 2 cannot be requested before page 1 has loaded"])
    }

    @Test mutating func onlyAnAnswerAtTheTailMovesTheWalk() throws {
        var machine = try machine(Self.cursors)
        let token = try #require(fetches(machine.start(request(0))).first?.token)
        _ = machine.arrived(page: 0, token: token, outcome: try answer(first: 1, cursor: "second"), latency: 0)
        let learnt = machine.walk.key(for: 1)
        #expect(learnt != nil)
        // The first page read again, now pointing elsewhere: the walk keeps what it learnt.
        let again = try #require(fetches(machine.start(request(0, .refetch(following: 0)))).first?.token)
        let reread = machine.arrived(page: 0, token: again, outcome: try answer(first: 1, cursor: "elsewhere"), latency: 0)
        #expect(loaded(reread).count == 1)
        #expect(machine.walk.key(for: 1) == learnt)
    }

    @Test mutating func aDumpFetchesTheNextPageBeforeTheCoreAsksAndHandsItOverWhenItDoes() throws {
        var machine = try machine(Self.cursors, readAhead: ReadAhead(depth: 1))
        let token = try #require(fetches(machine.start(request(0))).first?.token)
        let arrival = machine.arrived(page: 0, token: token, outcome: try answer(first: 1, cursor: "second"), latency: 0)
        let ahead = try #require(fetches(arrival).first)
        #expect(ahead.page == 1)
        // Fetched ahead before the page is delivered: the next request is on its way while this
        // page is written.
        #expect(arrival.firstIndex { if case .fetch = $0 { true } else { false } }! < arrival.firstIndex { if case .deliver = $0 { true } else { false } }!)
        let second = request(1)
        #expect(machine.start(second).isEmpty, "the page fetched ahead answers the request")
        let results = loaded(machine.arrived(page: 1, token: ahead.token, outcome: try answer(first: 51), latency: 0))
        #expect(results.map(\.request.id) == [second.id])
    }

    @Test mutating func anAnswerFetchedAheadWaitsUntilItsPageIsAskedFor() throws {
        var machine = try machine(Self.cursors, readAhead: ReadAhead(depth: 1))
        let token = try #require(fetches(machine.start(request(0))).first?.token)
        let ahead = try #require(fetches(machine.arrived(page: 0, token: token, outcome: try answer(first: 1, cursor: "second"), latency: 0)).first)
        #expect(machine.arrived(page: 1, token: ahead.token, outcome: try answer(first: 51), latency: 0).isEmpty)
        let results = loaded(machine.start(request(1)))
        #expect(results.first?.items.count == 50)
    }

    @Test mutating func parallelFetchesStopAtTheTotalTheAPIGave() throws {
        var machine = try machine(readAhead: ReadAhead(depth: 3))
        var fetched: [Int: Int] = [:]
        func record(_ actions: [LoaderAction]) { for fetch in fetches(actions) { fetched[fetch.page] = fetch.token } }
        record(machine.start(request(0)))
        #expect(fetched.keys.sorted() == [0, 1, 2])
        // 150 items: pages 0, 1 and 2; page 3 would start past the end.
        for page in 0..<3 {
            let token = try #require(fetched[page])
            if page > 0 { record(machine.start(request(page))) }
            record(machine.arrived(page: page, token: token, outcome: try answer(first: page * 50 + 1, total: 150), latency: 0))
        }
        #expect(fetched.keys.sorted() == [0, 1, 2])
        #expect(!machine.isInFlight(page: 3))
    }

    /// Hostile pass 3: with `--parallel`, the end read from a page fetched ahead dropped the
    /// pages guessed past it, and the request for that page then guessed them again.
    @Test mutating func nothingIsFetchedPastAnEndReadFromAPageFetchedAhead() throws {
        var machine = try machine(readAhead: ReadAhead(depth: 3))
        var fetched: [Int: Int] = [:]
        func record(_ actions: [LoaderAction]) { for fetch in fetches(actions) { fetched[fetch.page] = fetch.token } }
        record(machine.start(request(0)))
        record(machine.arrived(page: 0, token: try #require(fetched[0]), outcome: try answer(first: 1, hasMore: true), latency: 0))
        #expect(fetched.keys.sorted() == [0, 1, 2, 3])
        // Page 2 says it is the last before anyone asked for it.
        #expect(machine.arrived(page: 1, token: try #require(fetched[1]), outcome: try answer(first: 51, hasMore: false), latency: 0).isEmpty)
        let asked = machine.start(request(1))
        #expect(fetches(asked).isEmpty, "fetched past the end: \(fetches(asked).map(\.page))")
        #expect(Set(cancelled(asked)) == [fetched[2], fetched[3]])
        #expect(loaded(asked).first?.end != nil)
        #expect(machine.start(request(2)).contains { if case .deliver(.pageFailed) = $0 { true } else { false } })
    }

    @Test mutating func aWaitStopsPredictingAndCancelsThePagesFetchedOnAGuess() throws {
        var machine = try machine(readAhead: ReadAhead(depth: 3), logs: true)
        let started = fetches(machine.start(request(0)))
        let first = try #require(started.first { $0.page == 0 })
        let guessed = started.filter { $0.page > 0 }.map(\.token)
        let wait = FetchWait(seconds: 2, reason: "HTTP 429 Too Many Requests", isRetry: true, isFirst: true)
        let actions = machine.waiting(page: 0, token: first.token, wait)
        #expect(Set(cancelled(actions)) == Set(guessed))
        #expect(actions.contains { if case .log("a request had to wait: fetching one page at a time from now on") = $0 { true } else { false } })
        #expect(actions.contains { if case .deliver(.pageWaiting(let shown)) = $0 { shown.reason == "HTTP 429 Too Many Requests" } else { false } })
        // From now on only the next page is fetched ahead.
        let after = machine.arrived(page: 0, token: first.token, outcome: try answer(first: 1), latency: 0)
        #expect(fetches(after).map(\.page) == [1])
    }

    @Test mutating func aWaitHeardBeforeThePageWasAskedForIsToldWhenItIs() throws {
        var machine = try machine(Self.cursors, readAhead: ReadAhead(depth: 1))
        let token = try #require(fetches(machine.start(request(0))).first?.token)
        let ahead = try #require(fetches(machine.arrived(page: 0, token: token, outcome: try answer(first: 1, cursor: "b"), latency: 0)).first)
        let wait = FetchWait(seconds: WaitSeconds(0.3), reason: "HTTP 503 Service Unavailable (retry 1 of 3)", isRetry: true, isFirst: true)
        #expect(machine.waiting(page: 1, token: ahead.token, wait).isEmpty, "nobody asked for page 2 yet")
        let second = request(1)
        let adopted = machine.start(second)
        #expect(adopted.contains { if case .deliver(.pageWaiting(let shown)) = $0 { shown.request.id == second.id && shown.isRetry } else { false } })
    }

    @Test mutating func aRestartCancelsEverythingAndStartsTheWalkOver() throws {
        var machine = try machine(readAhead: ReadAhead(depth: 2))
        let started = fetches(machine.start(request(0)))
        let guess = try #require(started.first { $0.page == 1 })
        // The restart's walk starts over: what was fetched ahead is cancelled, page 0 fetched anew.
        let restarted = machine.start(request(0, .restart))
        #expect(Set(cancelled(restarted)) == Set(started.map(\.token)))
        #expect(fetches(restarted).map(\.page).sorted() == [0, 1])
        #expect(!fetches(restarted).contains { $0.token == guess.token })
        #expect(machine.arrived(page: 1, token: guess.token, outcome: try answer(first: 51), latency: 0).isEmpty, "a stale token is dropped")
    }

    @Test mutating func theEndOfAFetchReplacedByANewerOneIsDropped() throws {
        var machine = try machine()
        let first = request(0)
        let old = try #require(fetches(machine.start(first)).first?.token)
        _ = machine.cancel(first.id)
        let newer = try #require(fetches(machine.start(request(0))).first?.token)
        #expect(newer != old)
        #expect(machine.arrived(page: 0, token: old, outcome: try answer(first: 1), latency: 0).isEmpty)
        #expect(machine.isInFlight(page: 0))
        #expect(loaded(machine.arrived(page: 0, token: newer, outcome: try answer(first: 1), latency: 0)).count == 1)
    }

    @Test mutating func aPageOfTheWalkPushedDownByPollsIsReadWithThePagesAfterIt() throws {
        var machine = try machine()
        for page in 0..<3 {
            let token = try #require(fetches(machine.start(request(page))).first?.token)
            _ = machine.arrived(page: page, token: token, outcome: try answer(first: page * 50 + 1), latency: 0)
        }
        let actions = machine.start(request(1, .refetch(following: 1)))
        let read = try #require(actions.compactMap { if case .fetch(let fetch) = $0 { fetch } else { nil } }.first)
        guard case .group(.pages(let keys), _) = read.work else {
            Issue.record("expected a group read, got \(read.work)")
            return
        }
        #expect(keys.map(\.index) == [1, 2])
        let results = loaded(machine.groupArrived(page: 1, token: read.token, read: .pages(keys), outcome: .success(FetchedPage(items: [], continuation: .end(EndReason("read again")))), latency: 0))
        #expect(results.count == 1)
    }

    @Test mutating func withoutVerboseNoLineIsMade() throws {
        var quiet = try machine(readAhead: ReadAhead(depth: 3))
        var verbose = try machine(readAhead: ReadAhead(depth: 3), logs: true)
        let request = request(0)
        #expect(!quiet.start(request).contains { if case .log = $0 { true } else { false } })
        #expect(verbose.start(request).contains { if case .log("page 2: fetched ahead") = $0 { true } else { false } })
    }
}
