import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The loader is the one place duplicates are dropped (decision 162): a poll's page is handed on
/// with only its new items, judged against every item the list has read, and the list's later
/// pages drop the items a poll put above, whichever of the two the loader reads first.
@Suite struct PollNewItemsTests {
    private var ids = RequestIDs()
    private var machine: LoaderMachine

    init() throws {
        let source = try LoaderMachineTests.RulesOnly("https://api.example/items?page={page}")
        machine = LoaderMachine(source: source, readAhead: .none, parsesItems: false, remembersItems: nil, logs: false)
    }

    /// An answer holding the items with these ids, in this order (0: an item without an id).
    private func answer(_ numbers: [Int]) throws -> Result<PageResponse, any Error> {
        let items = numbers.map { $0 == 0 ? #"{"title": "an ad"}"# : #"{"id": \#($0), "title": "Item \#($0)"}"# }
        let body = try JSONParser.parse(#"{"items": ["# + items.joined(separator: ", ") + "]}")
        guard case .object(let object) = body, case .array(let values)? = object["items"] else { throw CancellationError() }
        return .success(PageResponse(url: "https://api.example/items", body: body, items: values))
    }

    /// Asks for `page` (with `purpose`) and answers it with `numbers`: the page handed on.
    private mutating func read(_ page: Int, _ purpose: RequestPurpose = .next, answer numbers: [Int]) throws -> PageResult {
        try read(ids.request(page: page, for: purpose), answer: numbers)
    }

    private mutating func read(_ request: PageRequest, answer numbers: [Int]) throws -> PageResult {
        let started = machine.start(request)
        let fetch = try #require(started.compactMap { if case .fetch(let fetch) = $0 { fetch } else { nil } }.first)
        let arrived = machine.arrived(page: fetch.page, token: fetch.token, outcome: try answer(numbers), latency: 0)
        return try #require(arrived.compactMap { if case .deliver(.pageLoaded(let result)) = $0 { result } else { nil } }.first)
    }

    /// The ids of the items handed on.
    private func numbers(_ result: PageResult) -> [String] {
        result.items.compactMap { item in
            guard case .object(let object)? = try? JSONParser.parse(item.json), case .number(let id)? = object["id"] else { return nil }
            return id
        }
    }

    private func poll(_ index: Int) -> RequestPurpose { .poll(PollAddress(round: 1, index: index)) }

    @Test mutating func aPollHandsOnItsNewItemsAndTheListsLaterPagesDropThem() throws {
        _ = try read(0, answer: [1, 2, 3, 4, 5])
        // Seven items arrived at the top: the poll's first page is all new, its second reaches
        // the list's first item.
        let first = try read(-1, poll(0), answer: [100, 101, 102, 103, 104])
        #expect(numbers(first) == ["100", "101", "102", "103", "104"])
        #expect(!first.reachedKnown)
        let second = try read(-2, poll(1), answer: [105, 106, 1, 2, 3])
        #expect(numbers(second) == ["105", "106"])
        #expect(second.reachedKnown)
        // The list's next page, pushed down by seven: two items the poll put above, three read.
        let next = try read(1, answer: [105, 106, 1, 2, 3])
        #expect(next.items.isEmpty)
        // The poll's items were news to the walk: not a barren page.
        #expect(machine.walk.barrenRun.count == 0)
        // Read again, it holds the same nothing.
        #expect(try read(1, .refetch(following: 0), answer: [105, 106, 1, 2, 3]).items.isEmpty)
        let after = try read(2, answer: [4, 5, 6, 7, 8])
        #expect(numbers(after) == ["6", "7", "8"])
    }

    @Test mutating func aPollAfterTheListsPageMeetsItsItemsAsKnown() throws {
        _ = try read(0, answer: [1, 2, 3])
        _ = try read(1, answer: [4, 5, 6])
        // Older items a deletion pulled up, after the page's last known one, are not new.
        let polled = try read(-1, poll(0), answer: [9, 1, 2, 7])
        #expect(numbers(polled) == ["9"])
        #expect(polled.reachedKnown)
        let empty = try read(-2, .poll(PollAddress(round: 2, index: 0)), answer: [])
        #expect(empty.items.isEmpty && empty.reachedKnown)
    }

    @Test mutating func aRestartForgetsWhatPollsPutAbove() throws {
        _ = try read(0, answer: [1, 2, 3])
        _ = try read(-1, poll(0), answer: [9, 1])
        let restarted = try read(0, .restart, answer: [9, 1, 2])
        #expect(numbers(restarted) == ["9", "1", "2"])
    }

    /// A list page where id detection gives up (an item without an id): the page is judged by
    /// JSON, yet the items a poll put above and the list's own are still known by their ids.
    @Test mutating func aPageJudgedByJSONStillDropsWhatThePollsAndTheListShowByID() throws {
        _ = try read(0, answer: [1, 2, 3, 4, 5])
        _ = try read(-1, poll(0), answer: [105, 106, 1])
        let next = try read(1, answer: [105, 106, 1, 2, 0])
        #expect(next.items.count == 1)
        #expect(next.items.first?.json.contains("an ad") == true)
        // A poll meets the ad as known.
        let polled = try read(-2, .poll(PollAddress(round: 2, index: 0)), answer: [107, 105])
        #expect(numbers(polled) == ["107"])
    }

    /// A round stopped after its first page (a failure, `F` off) leaves a gap row that reads on
    /// from its second page, rounds later: the round's walk is kept for it. A round that found
    /// where its new items end is forgotten when the next starts.
    @Test mutating func aRoundStoppedAfterItsFirstPageIsKeptForItsGapRow() throws {
        _ = try read(0, answer: [1, 2, 3])
        _ = try read(-1, poll(0), answer: [9, 8, 7])
        _ = try read(-2, .poll(PollAddress(round: 2, index: 0)), answer: [9, 8, 7])
        _ = try read(-3, .poll(PollAddress(round: 3, index: 0)), answer: [9, 8, 7])
        #expect(machine.rounds[1] != nil)
        #expect(machine.rounds[2] == nil)
        let gap = try read(-4, poll(1), answer: [6, 5, 1])
        #expect(numbers(gap) == ["6", "5"])
    }
}
