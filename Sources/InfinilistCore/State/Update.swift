extension AppState {
    /// Starts the list: the first page goes through the same path as every later one.
    public mutating func start() -> [Effect] {
        prefetchIfNeeded()
    }

    /// Applies one message and returns what the outside world must do about it.
    public mutating func update(_ message: Message) -> [Effect] {
        var effects: [Effect]
        switch message {
        case .key(let key):
            effects = handle(key)
        case .resized(let newSize):
            size = newSize
            viewport.resize(height: AppState.listHeight(for: newSize), itemCount: store.itemCount)
            effects = []
        case .pageLoaded(let result):
            guard case .loading(let request) = tail, request == result.request else { return [] }
            store.append(result.items)
            total = result.total ?? total
            lastLatency = result.latency
            tail = result.end.map(TailState.ended) ?? .idle
            viewport.clamp(itemCount: store.itemCount)
            effects = []
        case .pageFailed(let failure):
            guard case .loading(let request) = tail, request == failure.request else { return [] }
            tail = .failed(page: request.page, message: failure.message)
            effects = []
        case .tick:
            if isAnimating { spinnerPhase &+= 1 }
            effects = []
        }
        if effects.contains(where: \.isQuit) { return effects }
        return effects + prefetchIfNeeded()
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        guard let action = KeyMap.action(for: key) else { return [] }
        let count = store.itemCount
        switch action {
        case .down: viewport.move(by: 1, itemCount: count)
        case .up: viewport.move(by: -1, itemCount: count)
        case .pageDown: viewport.page(by: 1, itemCount: count)
        case .pageUp: viewport.page(by: -1, itemCount: count)
        case .halfPageDown: viewport.halfPage(by: 1, itemCount: count)
        case .halfPageUp: viewport.halfPage(by: -1, itemCount: count)
        case .first: viewport.move(to: 0, itemCount: count)
        case .last: viewport.move(to: count - 1, itemCount: count)
        case .select:
            guard let item = selectedItem else { return [.bell] }
            return [.quit(code: 0, output: [item.json])]
        case .retry:
            guard case .failed(let page, _) = tail else { return [.bell] }
            return [request(page: page)]
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .quit: return [.quit(code: 0, output: [])]
        case .interrupt: return [.quit(code: 130, output: [])]
        }
        return []
    }

    /// Asks for the next page when the cursor is within the prefetch distance of the last
    /// loaded row and nothing is loading, failed or finished: one request per page, ever.
    private mutating func prefetchIfNeeded() -> [Effect] {
        guard tail == .idle else { return [] }
        let lastRow = store.itemCount - 1
        guard lastRow - viewport.cursor <= prefetchDistance else { return [] }
        return [request(page: store.pageCount)]
    }

    private mutating func request(page: Int) -> Effect {
        let request = PageRequest(id: RequestID(nextRequestID), page: page)
        nextRequestID += 1
        tail = .loading(request)
        return .load(request)
    }
}

extension Effect {
    var isQuit: Bool {
        if case .quit = self { return true }
        return false
    }
}
