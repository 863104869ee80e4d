import InfinilistCore
@testable import InfinilistLoader
import TestThreads
import Testing

/// Random sessions through the loader's machine alone (the real paging rules, no transport): a
/// server whose list grows at the top, now and then by an item without an id (an ad, which makes
/// its page judged by JSON), the list's pages read down by page number, polls reading new items
/// page by page, and a list page and a poll's first page answered in either order. Whatever the
/// order, every item the machine hands on, on the list's pages or as a poll's new items, is
/// handed on once, and once the server is still and both are read through, every item was
/// (decision 162: the loader is the one place duplicates are dropped).
@Suite(.ownThread) struct PollAndWalkPropertyTests {
    private struct Session {
        static let perPage = 5
        var machine: LoaderMachine
        var ids = RequestIDs()
        /// The server's list, newest first: an id, or a negative number for an ad.
        var server: [Int] = Array((1...23).reversed())
        var made = 23
        var ads = 0
        var nextListPage = 0
        var listEnded = false
        var round = 0
        var pollPage = -1
        /// Every item handed on, by its key ("7", "ad 2").
        var handedOn: [String] = []
        /// Items put at the top in all.
        var grown = 0

        init() throws {
            let source = try LoaderMachineTests.RulesOnly("https://api.example/items?page={page}")
            machine = LoaderMachine(source: source, readAhead: .none, parsesItems: false, remembersItems: nil, logs: false)
        }

        mutating func grow(_ count: Int, ad: Bool) {
            // The walk reads the pages pushed down again: ten pages' worth would read as ten pages
            // in a row bringing nothing new, which ends a walk (`BarrenRun`, older than following).
            guard grown + count + 1 < 45 else { return }
            grown += count + (ad ? 1 : 0)
            var fresh = (0..<count).map { made + 1 + $0 }
            made += count
            if ad {
                ads += 1
                fresh.append(-ads)
            }
            server = fresh.reversed() + server
        }

        /// The answer to a fetch of the page `number` (1, 2, …) the URL names.
        func answer(_ fetch: LoaderFetch) throws -> Result<PageResponse, any Error> {
            guard case .page(let key) = fetch.work,
                  let source = machine.source as? LoaderMachineTests.RulesOnly,
                  let text = source.pager.request(for: key).url.split(separator: "=").last,
                  let number = Int(text) else { throw CancellationError() }
            let start = (number - 1) * Self.perPage
            let slice = start < server.count ? Array(server[start..<min(server.count, start + Self.perPage)]) : []
            let items = slice.map { $0 > 0 ? #"{"id": \#($0), "n": \#($0)}"# : #"{"ad": \#(-$0)}"# }
            let body = try JSONParser.parse(#"{"items": ["# + items.joined(separator: ", ") + "]}")
            guard case .object(let object) = body, case .array(let values)? = object["items"] else { throw CancellationError() }
            return .success(PageResponse(url: "https://api.example/items", body: body, items: values))
        }

        mutating func start(_ request: PageRequest) throws -> LoaderFetch {
            let actions = machine.start(request)
            return try #require(actions.compactMap { if case .fetch(let fetch) = $0 { fetch } else { nil } }.first)
        }

        mutating func arrive(_ fetch: LoaderFetch) throws -> PageResult {
            let actions = machine.arrived(page: fetch.page, token: fetch.token, outcome: try answer(fetch), latency: 0)
            return try #require(actions.compactMap { if case .deliver(.pageLoaded(let result)) = $0 { result } else { nil } }.first)
        }

        mutating func take(_ result: PageResult) {
            for item in result.items {
                guard case .object(let object)? = try? JSONParser.parse(item.json) else { continue }
                if case .number(let id)? = object["id"] { handedOn.append(id) } else if case .number(let ad)? = object["ad"] { handedOn.append("ad \(ad)") }
            }
            if result.request.poll == nil, result.end != nil { listEnded = true }
        }

        mutating func listRequest() -> PageRequest {
            defer { nextListPage += 1 }
            return ids.request(page: nextListPage)
        }

        mutating func pollRequest(index: Int) -> PageRequest {
            defer { pollPage -= 1 }
            return ids.request(page: pollPage, for: .poll(PollAddress(round: round, index: index)))
        }

        /// A poll's round from its second page (`first` read), page by page as the core asks.
        mutating func readOn(after first: PageResult) throws {
            var last = first
            var index = 0
            while !last.reachedKnown, last.end == nil, index < 9 {
                index += 1
                last = try arrive(try start(pollRequest(index: index)))
                take(last)
            }
        }

        mutating func poll() throws {
            round += 1
            let first = try arrive(try start(pollRequest(index: 0)))
            take(first)
            try readOn(after: first)
        }

        /// A list page and a poll's first page on their way together, answered in either order.
        mutating func race(listFirst: Bool) throws {
            round += 1
            let list = try start(listRequest())
            let polled = try start(pollRequest(index: 0))
            let answers = listFirst ? [list, polled] : [polled, list]
            var first: PageResult?
            for fetch in answers {
                let result = try arrive(fetch)
                take(result)
                if result.request.poll != nil { first = result }
            }
            try readOn(after: try #require(first))
        }
    }

    @Test(arguments: 0..<60)
    func everyItemIsHandedOnOnce(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 1)
        var session = try Session()
        // Two pages first: a list grown by exactly a page between its first two reads, before
        // any poll saw it, reads as an API that ignores its paging parameter (the second page
        // repeats the first), which no rule can tell apart.
        for _ in 0..<2 { session.take(try session.arrive(try session.start(session.listRequest()))) }
        for _ in 0..<30 {
            let ad = Int.random(in: 0..<2, using: &random) == 0
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1:
                session.grow(Int.random(in: 1...7, using: &random), ad: ad)
            case 2:
                // The list grows, and a poll sees it, or races a list page.
                session.grow(Int.random(in: 1...12, using: &random), ad: ad)
                if session.listEnded || Bool.random(using: &random) { try session.poll() } else { try session.race(listFirst: Bool.random(using: &random)) }
            case 3: if !session.listEnded { session.take(try session.arrive(try session.start(session.listRequest()))) }
            case 4: try session.poll()
            default: if !session.listEnded { try session.race(listFirst: Bool.random(using: &random)) }
            }
            let repeated = Dictionary(grouping: session.handedOn, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "seed \(seed): handed on twice: \(repeated)")
            if !repeated.isEmpty { return }
        }
        while !session.listEnded { session.take(try session.arrive(try session.start(session.listRequest()))) }
        try session.poll()
        let expected = session.server.map { $0 > 0 ? String($0) : "ad \(-$0)" }
        #expect(Set(session.handedOn) == Set(expected), "seed \(seed): missing \(Set(expected).subtracting(session.handedOn).sorted())")
        #expect(session.handedOn.count == expected.count, "seed \(seed)")
    }
}
