/// The bounded page window: at most `memoryBudget` items stay in memory, whatever the distance
/// scrolled, so an endless list can be browsed for hours in constant memory. Pages farthest from
/// the cursor, in either direction, are dropped first; pages near the view are never dropped, and
/// a dropped page that comes near the view again is fetched anew by the key the loader kept for
/// it, its rows showing placeholders meanwhile.
///
/// Search and the filter reach past the neighbourhood: a search that meets a dropped page asks
/// for it again and waits for it, and a filter asks again for the pages it could not test (a few
/// at a time). Those re-fetches go through the same path and `refetches`, so stale answers,
/// failures and `r` work alike; once tested, such pages may be dropped again like any other.
extension AppState {
    /// Items kept in memory: `--keep`, else twenty of the largest pages seen (never less than a
    /// few screens, so the rows around the cursor always fit).
    public var memoryBudget: Int {
        let floor = 4 * viewport.height
        return max(floor, config.keep ?? 20 * max(1, store.largestPageSize))
    }

    /// Store rows that must stay in memory or come back into it: those of a screen above the
    /// view, the view, and a screen below it. One range in the server's order; in a sorted view
    /// the rows shown side by side come from anywhere, so each is its own (merged when adjacent).
    var neighbourhood: [Range<Int>] {
        guard visibleCount > 0 else { return [] }
        let first = max(0, viewport.top - viewport.height)
        let last = min(visibleCount - 1, viewport.top + 2 * viewport.height)
        guard finding.order != nil else {
            guard let low = storeRow(at: first), let high = storeRow(at: last) else { return [] }
            return [low..<(high + 1)]
        }
        // Sorted, each row may need a page of its own: the screen alone, not three, is kept and
        // read back (a screen of rows from fifty pages is fifty requests).
        let screenEnd = min(visibleCount - 1, viewport.top + viewport.height - 1)
        let rows = (viewport.top...max(viewport.top, screenEnd)).compactMap(storeRow(at:)).sorted()
        var ranges: [Range<Int>] = []
        for row in rows {
            if let previous = ranges.last, previous.upperBound == row {
                ranges[ranges.count - 1] = previous.lowerBound..<(row + 1)
            } else {
                ranges.append(row..<(row + 1))
            }
        }
        return ranges
    }

    /// Re-fetches a sorted view keeps on their way at once.
    static let sortedRefetchesAtOnce = 4

    /// Drops the pages farthest from the cursor until the budget holds again.
    mutating func enforceMemoryBudget() {
        // While the `|` prompt is open nothing is dropped: a program's rows count beside the
        // items they are made of, so typing one doubled the count and dropped pages, and Esc
        // then had to read the list again (hostile pass of session 30). Once the prompt closes,
        // the budget holds again.
        guard store.loadedItemCount > memoryBudget, finding.queryEdit == nil else { return }
        let keep = neighbourhood
        let anchor = cursorStoreRow ?? 0
        // The page a search waits for is examined as soon as it is back, within the same message,
        // but it is never a candidate: dropping it would leave the search waiting forever.
        let pinned = searchWaitingPage
        let candidates = store.loadedPages
            .filter { page in !keep.contains(where: page.rows.overlaps) && page.page != pinned }
            .map { (page: $0.page, size: $0.rows.count, distance: Self.distance(from: anchor, to: $0.rows)) }
            .sorted { $0.distance > $1.distance }
        for candidate in candidates {
            guard store.loadedItemCount > memoryBudget else { break }
            store.drop(page: candidate.page)
        }
    }

    /// Requests the dropped pages near the view that are not already on their way, then the one
    /// a pending search waits for, then the next pages the filter could not test.
    mutating func refetchNearbyPages() -> [Effect] {
        var effects: [Effect] = []
        // Sorted, the screen's pages come back a few at a time.
        let most = finding.order == nil ? Int.max : Self.sortedRefetchesAtOnce
        var inFlight = loading.refetches.values.filter(\.isLoading).count
        for range in neighbourhood {
            for page in store.droppedPages(in: range) where inFlight < most {
                if let effect = refetch(page: page) {
                    effects.append(effect)
                    inFlight += 1
                }
            }
        }
        if let page = searchWaitingPage, let effect = refetch(page: page) { effects.append(effect) }
        for page in filterPagesToRefetch() {
            guard let effect = refetch(page: page) else { continue }
            effects.append(effect)
            if notice == nil || notice?.isFilterProgress == true { notice = .filterTestingPage(page) }
        }
        for page in sortPagesToRefetch() {
            guard let effect = refetch(page: page) else { continue }
            effects.append(effect)
            if notice == nil || notice?.isSortProgress == true { notice = .sortReadingPage(page) }
        }
        return effects
    }

    /// Requests one dropped page again, wherever it is; nil when it is in memory, already on its
    /// way, or failed (then it waits for `r`, never a loop of automatic retries).
    mutating func refetch(page: Int) -> Effect? {
        guard store.contains(page: page), !store.isLoaded(page: page), !store.rows(ofPage: page).isEmpty,
              loading.refetches[page] == nil else { return nil }
        // New items above the list are read again from the top of the list, as far as they reach.
        let isNew = if case .poll = store.origin(ofPage: page) { true } else { false }
        // A page of the walk is read with the pages its items may have moved into since.
        let purpose: RequestPurpose = isNew ? .refetchNewItems(reach: store.rows(ofPage: page).upperBound) : .refetch(following: store.pagesShifted(after: page))
        let request = loading.requestIDs.request(page: page, for: purpose)
        loading.refetches[page] = .loading(request.id)
        return .load(request)
    }

    /// A re-fetched page arrived: its rows are filled in place. Returns false when the result is
    /// not one the window is waiting for.
    mutating func refetchArrived(_ result: PageResult) -> Bool {
        guard loading.refetches[result.request.page] == .loading(result.request.id) else { return false }
        loading.refetches[result.request.page] = nil
        let rows = rows(of: result)
        // A page a pass counted takes the rows it holds: the rows below move first.
        if let edit = store.settleCounted(page: result.request.page, rows: rows.items.count) { rowsEdited(edit, newItems: false) }
        if !store.refill(page: result.request.page, with: laidOut(rows.items, parsed: rows.values), sources: rows.sources) {
            notice = .pageChanged(result.request.page)
        }
        loading.latency.record(result.latency)
        // The filter first: its merge moves visible rows, which the search's position follows.
        filterPageArrived(result.request.page)
        sortPageReturned(result.request.page)
        if searchWaitingPage == result.request.page { continueSearch() }
        return true
    }

    /// A re-fetch failed: its rows say so, and `r` tries again.
    mutating func refetchFailed(_ failure: PageFailure) -> Bool {
        guard loading.refetches[failure.request.page] == .loading(failure.request.id) else { return false }
        loading.refetches[failure.request.page] = .failed(failure.message)
        searchRefetchFailed(page: failure.request.page, message: failure.message)
        return true
    }

    /// `r` with failed re-fetches: forget the failures so the window asks again.
    mutating func retryRefetches() -> Bool {
        let failed = loading.refetches.filter { !$0.value.isLoading }.keys
        guard !failed.isEmpty else { return false }
        for page in failed { loading.refetches[page] = nil }
        return true
    }

    /// Cancels every re-fetch (a refresh starts over).
    mutating func cancelRefetches() -> [Effect] {
        defer { loading.refetches.removeAll() }
        return loading.refetches.values.compactMap(\.request).sorted().map(Effect.cancel)
    }

    private static func distance(from row: Int, to rows: Range<Int>) -> Int {
        if row < rows.lowerBound { return rows.lowerBound - row }
        if row >= rows.upperBound { return row - rows.upperBound + 1 }
        return 0
    }
}
