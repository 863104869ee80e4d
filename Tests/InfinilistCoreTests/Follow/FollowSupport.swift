import Testing
@testable import InfinilistCore

/// Items with ids, titled "old N" for the list and "new N" for items a poll brings.
func old(_ range: Range<Int>) -> [Item] {
    range.map { Item(json: #"{"id":"o\#($0)"}"#, text: "old \($0)", id: "o\($0)") }
}

func new(_ range: Range<Int>) -> [Item] {
    range.map { Item(json: #"{"id":"n\#($0)"}"#, text: "new \($0)", id: "n\($0)") }
}

/// A state that follows every `interval` seconds, with `items` loaded as its first page at time 0
/// (and, with `end`, nothing more to come).
func followed(_ items: [Item], interval: Double = 10, size: Size = Size(rows: 6, columns: 40),
              keep: Int? = nil, end: EndReason? = EndReason("end")) -> AppState {
    var config = AppConfig(sourceName: "test", prefetch: 0, keep: keep)
    config.follow = interval
    var state = AppState(config: config, size: size)
    let effects = state.start()
    guard case .load(let request)? = effects.first else { return state }
    _ = state.update(.pageLoaded(PageResult(request: request, items: items, end: end)), at: 0)
    return state
}

extension AppState {
    /// The poll request on its way, if any.
    var pollInFlight: PageRequest? { loading.poll?.request }

    /// Sends a tick at `time` and returns the poll it started, if any.
    mutating func tick(at time: Double) -> PageRequest? {
        let effects = update(.tick, at: time)
        return loads(effects).first { $0.kind == .poll }
    }

    /// Answers the poll on its way with the page `items`, as the loader hands it on
    /// (`keptByTheLoader`); returns the effects (nil: no poll on its way).
    @discardableResult
    mutating func answerPoll(_ items: [Item], end: EndReason? = nil, at time: Double) -> [Effect]? {
        guard let request = pollInFlight else { return nil }
        return update(.pageLoaded(keptByTheLoader(PageResult(request: request, items: items, end: end))), at: time)
    }

    /// A poll's page as the loader hands it on: only its new items (`PollRun.newItems`), judged
    /// against what the list holds and what the run found so far (the loader remembers every
    /// item the list read; these tests keep their lists in memory). Any other page as it is.
    func keptByTheLoader(_ result: PageResult) -> PageResult {
        guard result.request.kind == .poll else { return result }
        var known = Set<ItemIdentity>()
        for row in 0..<store.itemCount {
            if let identity = store.identity(at: row) ?? store.item(at: row)?.identity { known.insert(identity) }
        }
        for page in loading.poll?.foundSoFar ?? [] { known.formUnion(page.items.identities) }
        let new = PollRun.newItems(result.items, isKnown: known.contains)
        var kept = PageResult(request: result.request, items: new.positions.map { result.items[$0] }, end: result.end)
        kept.reachedKnown = new.reachedKnown
        return kept
    }

    /// Polls at `time` and answers the poll's first page with `items`.
    mutating func poll(_ items: [Item], at time: Double) {
        _ = tick(at: time)
        answerPoll(items, at: time)
    }

    /// The status line's text.
    var statusText: String { render(self).rows.last?.text ?? "" }

    /// The id of the item under the cursor.
    var cursorID: String? { selectedItem?.id }
}
