@testable import InfinilistCore


/// Items named "item N" with JSON {"n":N}.
func items(_ range: Range<Int>) -> [Item] {
    range.map { Item(json: "{\"n\":\($0)}", text: "item \($0)", id: String($0)) }
}

/// A state with `pages` pages of `pageSize` items already loaded.
func loadedState(pages: Int, pageSize: Int = 10, size: Size = Size(rows: 6, columns: 30),
                 prefetch: Int? = nil, end: EndReason? = nil) -> AppState {
    var state = AppState(config: AppConfig(sourceName: "test", prefetch: prefetch), size: size)
    var effects = state.start()
    for page in 0..<pages {
        guard case .load(let request)? = effects.first else { break }
        let isLast = page == pages - 1
        let result = PageResult(request: request, items: items(page * pageSize..<(page + 1) * pageSize),
                                end: isLast ? end : nil, latency: 0.25)
        effects = state.update(.pageLoaded(result))
        // Keep loading only while the test wants more pages.
        if !isLast, effects.isEmpty {
            effects = state.update(.key(.end))
        }
    }
    return state
}

/// The load requests among effects.
func loads(_ effects: [Effect]) -> [PageRequest] {
    effects.compactMap { if case .load(let r) = $0 { return r } else { return nil } }
}

extension AppState {
    /// The dropped pages being fetched again, with the request that will fill each (failed
    /// re-fetches left out).
    var refetching: [Int: RequestID] { loading.refetches.compactMapValues(\.request) }
}

extension AppState {
    /// The neighbourhood of a list in the server's order: one range of store rows.
    var neighbourhoodRange: Range<Int> {
        let ranges = neighbourhood
        precondition(ranges.count <= 1, "a sorted list's neighbourhood is several ranges")
        return ranges.first ?? 0..<0
    }
}

/// A list read from a pipe or a file (`lastReadsToEnd`) with its first page of 10 loaded:
/// `configure` sets the rest of the configuration.
func streamState(named name: String = "stdin", size: Size = Size(rows: 8, columns: 60), configure: (inout AppConfig) -> Void = { _ in }) -> AppState {
    var config = AppConfig(sourceName: name, prefetch: 2)
    config.lastReadsToEnd = true
    configure(&config)
    var state = AppState(config: config, size: size)
    let first = loads(state.start())
    _ = state.update(.pageLoaded(PageResult(request: first[0], items: items(0..<10), latency: 0.01)))
    return state
}
