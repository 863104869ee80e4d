@testable import InfinilistCore

/// Items with the given row texts, numbered from `first`: JSON {"n":N}, id "N".
func named(_ texts: [String], from first: Int = 0, ids: Bool = true) -> [Item] {
    texts.enumerated().map { offset, text in
        let n = first + offset
        return Item(json: "{\"n\":\(n)}", text: text, id: ids ? String(n) : nil)
    }
}

extension AppState {
    /// Sends each key in turn; returns every effect.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        keys.flatMap { update(.key($0)) }
    }

    /// Types each character of `text` as a key.
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        text.flatMap { update(.key(.char($0))) }
    }

    /// The request the loader is working on, if any.
    var inFlight: PageRequest? {
        if case .loading(let request, _) = loading.tail { return request }
        return nil
    }

    /// Answers the request in flight with `items`; returns the effects (nil: nothing in flight).
    @discardableResult
    mutating func answer(_ items: [Item], end: EndReason? = nil, total: Int? = nil) -> [Effect]? {
        guard let request = inFlight else { return nil }
        return update(.pageLoaded(PageResult(request: request, items: items, end: end, total: total, latency: 0.25)))
    }

    /// The rows the list shows, as text, in order.
    var visibleTexts: [String] {
        (0..<visibleCount).map { item(atVisible: $0)?.text ?? "?" }
    }
}

/// A state with one page of the given texts loaded (and, with `end`, nothing more to come).
func stateWith(_ texts: [String], size: Size = Size(rows: 6, columns: 40), prefetch: Int? = 0,
               end: EndReason? = EndReason("end"), ids: Bool = true) -> AppState {
    var state = AppState(config: AppConfig(sourceName: "test", prefetch: prefetch), size: size)
    _ = state.start()
    state.answer(named(texts, ids: ids), end: end)
    return state
}
