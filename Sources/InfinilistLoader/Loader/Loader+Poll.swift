import InfinilistCore

/// Polls of a live list (`--follow`): each round reads from the first page in a walk of its own,
/// and new items dropped from memory are read again from the top (see `Loader`'s doc comment).
extension Loader {
    /// Reads the list from its first page, in a walk of its own, until `reach` items and a page
    /// more are read (or the list ends, or 50 pages), for new items dropped from memory: they
    /// are somewhere near the top, further down than when a poll found them.
    func startTopRead(_ request: PageRequest, reach: Int) {
        let source = self.source
        let start = freshWalk()
        guard let first = start.key(for: 0) else {
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
                    try await Self.readTop(source: source, walk: start, reach: reach)
                })
            } catch {
                outcome = .failure(error)
            }
            self.finishTopRead(request, token: token, outcome: outcome, latency: Self.seconds(clock.now - started))
        }
        inFlight[page] = Flight(token: token, key: first, request: request, task: task)
    }

    static func readTop(source: any PageSource, walk start: Walk, reach: Int) async throws -> FetchedPage {
        var walk = start
        var items: [Item] = []
        var notes: [String] = []
        var index = 0
        while index < 50, let key = walk.key(for: index) {
            try Task.checkCancellation()
            let response = try await source.fetch(key)
            notes += response.notes
            let page = source.page(from: consume response, key: key, kind: .next, walk: &walk)
            items += page.items
            notes += page.notes
            if page.isLast || page.items.isEmpty || items.count >= reach + page.items.count { break }
            index += 1
        }
        return FetchedPage(items: items, continuation: .end(EndReason("read from the top")), notes: notes)
    }

    func finishTopRead(_ request: PageRequest, token: Int, outcome: Result<FetchedPage, any Error>, latency: Double) {
        guard let flight = inFlight[request.page], flight.token == token else { return }
        inFlight[request.page] = nil
        switch outcome {
        case .success(let page):
            for note in page.notes { log?("new items, read again: " + note) }
            deliver(.pageLoaded(PageResult(request: request, items: page.items, latency: latency)))
        case .failure(let error):
            if error is CancellationError { return }
            deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error))))
        }
    }


    /// The key a request is fetched with: from the list's walk, or from its round's walk (a
    /// poll's first page starts the round).
    func key(for request: PageRequest) -> PageKey? {
        guard let address = request.poll else { return walk.key(for: request.page) }
        if request.kind == .poll, address.index == 0 { startRound(address.round) }
        return roundWalk(address.round).key(for: address.index)
    }

    /// A new round of polls: a fresh walk that identifies items as the list's walk does. Rounds
    /// that read only their first page are forgotten: nothing of them is needed again.
    func startRound(_ round: Int) {
        rounds = rounds.filter { $0.value.pagesRead > 1 }
        rounds[round] = freshWalk()
    }

    /// A round's walk; a forgotten one is a fresh walk, which knows its first page's key.
    func roundWalk(_ round: Int) -> Walk {
        rounds[round] ?? freshWalk()
    }

    /// A walk from the first page that identifies items as the list's walk does.
    func freshWalk() -> Walk {
        var fresh = source.startWalk()
        fresh.identity = walk.identity
        return fresh
    }

    func unknownKeyMessage(for request: PageRequest) -> String {
        guard let address = request.poll else { return walk.unknownKeyMessage(for: request.page) }
        return "page \(address.index + 1) of the new items cannot be requested: the page before it said nothing follows"
    }


    /// The paging half for an answer: the list's walk judges its own pages; a poll's page is read
    /// at the tail of its round's walk (moving that walk on); a page of new items fetched again
    /// is read against a copy of its round's walk, which stays as it was.
    func paged(_ response: consuming PageResponse, key: PageKey, request: PageRequest) -> FetchedPage {
        guard let address = request.poll else {
            return source.page(from: consume response, key: key, kind: request.kind, walk: &walk)
        }
        var round = roundWalk(address.round)
        guard request.kind == .poll else {
            return source.page(from: consume response, key: key, kind: .refetch, walk: &round)
        }
        let page = source.page(from: consume response, key: key, kind: .next, walk: &round)
        rounds[address.round] = round
        // A list that was empty until now identifies items as its first poll chose.
        if walk.identity == .undecided { walk.identity = round.identity }
        return page
    }

    /// How `-v` names a request's page.
    static func label(_ request: PageRequest) -> String {
        if let poll = request.poll { return "new items, page \(poll.index + 1)" }
        return request.reach == nil ? "page \(request.page + 1)" : "new items, read again"
    }
}
