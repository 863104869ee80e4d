import InfinilistCore

/// Polls of a live list (`--follow`): each round reads from the first page in a walk of its own,
/// and new items dropped from memory are read again from the top (see `Loader`'s doc comment).
extension LoaderMachine {
    /// The key a request is fetched with: from the list's walk, or from its round's walk (a
    /// poll's first page starts the round).
    mutating func key(for request: PageRequest) -> PageKey? {
        guard let address = request.poll else { return walk.key(for: request.page) }
        if address.index == 0 { startRound(address.round) }
        return roundWalk(address.round).key(for: address.index)
    }

    /// A new round of polls: a fresh walk that identifies items as the list's walk does. Rounds
    /// that read only their first page, and found where the new items end there, are forgotten:
    /// nothing of them is needed again. A round stopped after its first page (a failure, `F`
    /// off) is kept, as a gap row reads on from its second.
    mutating func startRound(_ round: Int) {
        rounds = rounds.filter { $0.value.pagesRead > 1 || !roundsFinished.contains($0.key) }
        roundsFinished.formIntersection(rounds.keys)
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
    /// at the tail of its round's walk, moving that walk on (a request with a poll's address is
    /// always a poll: pages of new items are read again from the top, `PageRequest.reach`).
    mutating func paged(_ response: consuming PageResponse, key: PageKey, request: PageRequest) -> FetchedPage {
        guard let address = request.poll else {
            return source.page(from: consume response, key: key, kind: request.kind, walk: &walk)
        }
        var round = roundWalk(address.round)
        var page = source.page(from: consume response, key: key, kind: .next, walk: &round)
        rounds[address.round] = round
        // A list that was empty until now identifies items as its first poll chose.
        if walk.identity == .undecided { walk.identity = round.identity }
        keepNewItems(of: &page)
        if page.reachedKnown || page.end != nil { roundsFinished.insert(address.round) }
        return page
    }

    /// Keeps only a poll's new items (`PollRun.newItems`, judged against every item the list has
    /// read) and records them above the list, so the list's later pages drop them. The loader
    /// reads the polls' pages and the list's in the order the core gets them: whichever comes
    /// first, the other meets its items as known (decision 162).
    private mutating func keepNewItems(of page: inout FetchedPage) {
        let new = PollRun.newItems(page.items, isKnown: walk.seen.contains)
        page.reachedKnown = new.reachedKnown
        if new.positions.count < page.items.count {
            page.items = new.positions.map { page.items[$0] }
            if let values = page.values { page.values = new.positions.map { values[$0] } }
        }
        for item in page.items { walk.seen.recordAbove(item.identity) }
    }

    /// How `-v` names a request's page.
    static func label(_ request: PageRequest) -> String {
        if let poll = request.poll { return "new items, page \(poll.index + 1)" }
        return request.reach == nil ? "page \(request.page + 1)" : "new items, read again"
    }
}
