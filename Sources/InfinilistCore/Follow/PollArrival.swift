/// A poll's pages arriving: what is new goes above the first row (or in a gap row's place), and
/// the screen stays still under the cursor.
extension AppState {
    /// A page of the run on its way; nil when `result` is not one (then it is another kind of
    /// page). Returns the request for the next page when the run goes on.
    mutating func pollArrived(_ result: PageResult) -> [Effect]? {
        guard var run = loading.poll, run.request == result.request else { return nil }
        let rows = rows(of: result)
        let items = laidOut(rows.items, parsed: rows.values)
        switch run.received(items, reachedKnown: result.reachedKnown, end: result.end != nil) {
        case .next(let address):
            let request = pollRequest(address)
            run.asked(request)
            loading.poll = run
            return [.load(request)]
        case .done(let found, let more):
            finish(run, found: found, more: more)
            return []
        }
    }

    /// A page of the run on its way failed: what was found before it still goes in, with a gap
    /// row where the failed page would have gone on, so nothing is lost; the next poll comes at
    /// its time. Nil when `failure` is not the run's.
    mutating func pollFailed(_ failure: PageFailure) -> [Effect]? {
        guard let run = loading.poll, run.request == failure.request else { return nil }
        notice = .followFailed(failure.message)
        let found = run.foundSoFar
        if found.isEmpty, case .gap = run.purpose {
            // Nothing changed: the gap row stays as it was, for Enter to try again.
            loading.poll = nil
            return []
        }
        finish(run, found: found, more: found.isEmpty ? nil : failure.request.poll)
        return []
    }

    private mutating func finish(_ run: PollRun, found: [NewPage], more: PollAddress?) {
        loading.poll = nil
        let gap = more.map { GapRow(page: nextFollowPage(), address: $0) }
        let edit: RowEdit?
        switch run.purpose {
        case .top:
            scheduleNextPoll()
            let isEmpty = gap == nil && found.allSatisfy(\.items.isEmpty)
            edit = isEmpty ? nil : store.insertAtTop(found, gap: gap)
        case .gap(let page):
            edit = store.replaceGap(page, with: found, gap: gap)
        }
        if let edit { rowsEdited(edit) }
    }
}
