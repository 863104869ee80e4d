import InfinilistCore

/// Fetching ahead (`ReadAhead`): pages requested before they are asked for, and handed over when
/// they are. Answers are never read out of order: a page fetched ahead is only read when the
/// core asks for it, after the page before it moved the walk on.
extension LoaderMachine {
    /// Lets the fetch ahead of `request`'s page answer it, when it is the request the walk makes
    /// for that page now (a predicted key that turned out right). False: it must be fetched anew.
    mutating func adopt(_ flight: Flight, for request: PageRequest) -> Bool {
        guard request.kind.readsTail, let key = walk.key(for: request.page), source.sameRequest(flight.key, key) else {
            return false
        }
        var adopted = flight
        adopted.request = request
        adopted.key = key
        adopted.unheardWait = nil
        flights[request.page] = adopted
        if var wait = flight.unheardWait {
            wait.isFirst = true
            tell(page: request.page, token: flight.token, wait)
        }
        return true
    }

    /// After page `page` was read at the tail: the next page at once (its key is known now), and
    /// the pages after it whose keys can be predicted.
    /// `fetchesAhead`: false after a pass, whose next request will be a pass again.
    mutating func readTail(_ page: Int, itemCount: Int, kept: Int, total: Int?, lastPage: Int?, fetchesAhead: Bool = true) {
        walk.announce(total: total, lastPage: lastPage)
        guard readAhead.depth > 0 else { return }
        readAhead.lastItemCount = itemCount
        readAhead.itemsRead += kept
        guard fetchesAhead else { return }
        guard !readAhead.isSatisfied, let next = walk.key(for: page + 1) else {
            // The list ends here: whatever was fetched past it is not needed.
            dropFetchedAhead(after: page)
            return
        }
        fetchAhead(page: page + 1, key: next)
        fetchPredicted(after: page + 1)
    }

    /// Fetches the pages after `page` whose keys the source can predict from its key, up to the
    /// read-ahead depth.
    mutating func fetchPredicted(after page: Int) {
        guard readAhead.predictedPages > 0, !readAhead.isSatisfied, var key = walk.key(for: page) else { return }
        for ahead in page + 1 ... page + readAhead.predictedPages {
            guard !walk.ends(before: ahead),
                  let predicted = source.predictedKey(after: key, itemCount: readAhead.lastItemCount),
                  !walk.isPastAnnouncedEnd(page: ahead, offset: predicted.offset),
                  !readAhead.isPastBudget(offset: predicted.offset) else { return }
            fetchAhead(page: ahead, key: predicted)
            key = predicted
        }
    }

    /// Starts fetching `page` ahead unless it is in flight or its answer is here already.
    private mutating func fetchAhead(page: Int, key: PageKey) {
        guard flights[page] == nil, fetchedAhead[page] == nil else { return }
        if readAhead.depth > 1 { note("page \(page + 1): fetched ahead") }
        launch(page: page, key: key, request: nil)
    }

    /// A fetch had to wait: the server wants fewer requests. Pages fetched ahead by prediction
    /// are cancelled (the next one is asked for anyway) and no more are predicted. Keeping the
    /// nearest one instead saved a request, but its retry countdown then reached no one (a page
    /// fetched ahead has no request to report to), so `--dump` no longer said it was retrying.
    /// Only with `--parallel` (a depth over 1): one page at a time is all there was before.
    mutating func slowDown() {
        guard readAhead.depth > 1, !readAhead.slowedDown else { return }
        readAhead.slowDown()
        note("a request had to wait: fetching one page at a time from now on")
        for (page, flight) in flights.sorted(by: { $0.key < $1.key }) where flight.request == nil {
            cancelFlight(page)
        }
    }

    /// Cancels and forgets pages fetched ahead past `page`, the last page of the list.
    private mutating func dropFetchedAhead(after page: Int) {
        for (ahead, flight) in flights.sorted(by: { $0.key < $1.key }) where ahead > page && flight.request == nil {
            cancelFlight(ahead)
        }
        fetchedAhead = fetchedAhead.filter { $0.key <= page }
    }
}
