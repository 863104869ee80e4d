import InfinilistCore

/// Pages read together and handed on as one, for a page dropped from memory whose items may have
/// moved since it was read: the top of a followed list moves on between polls, and every item
/// put there pushes the server's numbered pages down.
/// - New items a poll put above the list (`PageRequest.reach`): an earlier poll's first page now
///   holds newer items, so the list is read from its first page until its rows are reached.
/// - A page of the list's walk once polls put items above it (`PageRequest.following`): the page
///   and the pages after it that its last items were pushed into.
///
/// Either way the pages are read in a fresh walk (nothing is dropped as "seen on another page",
/// and the list's walk is left as it was), and the core picks the page's items out by identity.
extension Loader {
    /// Which pages a group read reads.
    enum GroupRead: Sendable {
        /// From the list's first page until `reach` items and a page more are read.
        case top(reach: Int)
        /// These pages, by the keys the list's walk learnt for them.
        case pages([PageKey])

        /// How `-v` names what is read.
        func label(_ request: PageRequest) -> String {
            switch self {
            case .top: "new items, read again"
            case .pages(let keys): "page \(request.page + 1), read again with the \(keys.count - 1) after it"
            }
        }
    }

    /// Most pages one group read reads.
    static let groupReadPageLimit = 50

    /// What a `.refetch` reads when it is not the page alone; nil when it is.
    func groupRead(for request: PageRequest) -> GroupRead? {
        guard request.kind == .refetch else { return nil }
        if let reach = request.reach { return .top(reach: reach) }
        // Pages after a cursor stay where they were: the page alone is read, as before.
        guard request.following > 0, request.poll == nil, source.pagesMoveWhenItemsArrive else { return nil }
        let last = request.page + min(request.following, Self.groupReadPageLimit - 1)
        let keys = (request.page...last).lazy.map(walk.key(for:)).prefix { $0 != nil }.compactMap { $0 }
        // A page whose key is unknown fails the usual way, and a page with none known after it
        // is read alone.
        return keys.count > 1 ? .pages(Array(keys)) : nil
    }

    func startGroupRead(_ request: PageRequest, _ read: GroupRead) {
        let source = self.source
        let start = freshWalk()
        guard let first = Self.key(0, of: read, in: start) else {
            deliver(.pageFailed(PageFailure(request: request, message: walk.unknownKeyMessage(for: 0))))
            return
        }
        lastToken += 1
        let token = lastToken
        let page = request.page
        let reporter = WaitReporter { [weak self] wait in
            await self?.waiting(page: page, token: token, wait)
        }
        let task = Task {
            let clock = ContinuousClock()
            let started = clock.now
            let outcome: Result<FetchedPage, any Error>
            do {
                outcome = .success(try await WaitReporting.$reporter.withValue(reporter) {
                    try await Self.readGroup(read, source: source, walk: start)
                })
            } catch {
                outcome = .failure(error)
            }
            self.finishGroupRead(request, read, token: token, outcome: outcome, latency: Self.seconds(clock.now - started))
        }
        inFlight[page] = Flight(token: token, key: first, request: request, task: task)
    }

    static func readGroup(_ read: GroupRead, source: any PageSource, walk start: Walk) async throws -> FetchedPage {
        var walk = start
        var items: [Item] = []
        var notes: [String] = []
        var index = 0
        while index < groupReadPageLimit, let key = key(index, of: read, in: walk) {
            try Task.checkCancellation()
            let response: PageResponse
            do {
                response = try await source.fetch(key)
            } catch where index > 0 && !(error is CancellationError) {
                // A later page only brings back rows pushed onto it: its failure (the list's end,
                // a rate limit, a cap on paging) leaves those rows missing, not the whole page.
                notes.append("stopped at page \(key.index + 1): \(Self.message(for: error))")
                break
            }
            notes += response.notes
            let page = source.page(from: consume response, key: key, kind: .next, walk: &walk)
            items += page.items
            notes += page.notes
            if page.isLast || page.items.isEmpty { break }
            if case .top(let reach) = read, items.count >= reach + page.items.count { break }
            index += 1
        }
        return FetchedPage(items: items, continuation: .end(EndReason("read again")), notes: notes)
    }

    /// The key of the group's page `index`: from the fresh walk as it learns them (from the top),
    /// or the list walk's.
    private static func key(_ index: Int, of read: GroupRead, in walk: Walk) -> PageKey? {
        switch read {
        case .top: walk.key(for: index)
        case .pages(let keys): index < keys.count ? keys[index] : nil
        }
    }

    func finishGroupRead(_ request: PageRequest, _ read: GroupRead, token: Int, outcome: Result<FetchedPage, any Error>, latency: Double) {
        guard let flight = inFlight[request.page], flight.token == token else { return }
        inFlight[request.page] = nil
        switch outcome {
        case .success(let page):
            for note in page.notes { log?(read.label(request) + ": " + note) }
            deliver(.pageLoaded(PageResult(request: request, items: page.items, latency: latency)))
        case .failure(let error):
            if error is CancellationError { return }
            deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error))))
        }
    }
}
