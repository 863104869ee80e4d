/// A poll's pages arriving: what is new goes above the first row (or in a gap row's place), and
/// the screen stays still under the cursor.
extension AppState {
    /// A page of the run on its way; nil when `result` is not one (then it is another kind of
    /// page). Returns the request for the next page when the run goes on.
    mutating func pollArrived(_ result: PageResult) -> [Effect]? {
        guard var run = loading.poll, run.request == result.request else { return nil }
        let rows = rows(of: result)
        let items = laidOut(rows.items, parsed: rows.values)
        switch run.received(items, end: result.end != nil, empty: result.items.isEmpty, isKnown: store.isKnown) {
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

    /// Moves every row number the state holds across `edit`, which the store has just made: the
    /// filter's rows (and through them the visible rows), marks, a refresh's anchor, the detail
    /// view's row, a pending search, the scroll speed's samples, and the viewport, which keeps
    /// the cursor on its item and the screen still (the new rows above it are counted, "↑ N new").
    /// With the cursor on the first row and no key pressed since the start, rows put at the top
    /// simply appear there instead.
    mutating func rowsEdited(_ edit: RowEdit) {
        // Sorted, visible rows are not the store's in order: the order is made again below.
        let cursorRowBefore = cursorStoreRow
        let visible: RowEdit
        if var current = finding.filter {
            visible = current.apply(edit, store: store)
            finding.filter = current
        } else {
            visible = edit
        }
        marks.apply(edit)
        if let anchor = refreshAnchor {
            refreshAnchor = RefreshAnchor(id: anchor.id, row: edit.map(anchor.row), offset: anchor.offset)
        }
        if case .detail(var view) = mode {
            view.row = edit.map(view.row)
            mode = .detail(view)
        }
        countsRowsEdited()
        guard finding.order == nil else {
            finding.search?.pending = nil
            sortRowsEdited(edit, cursorRowBefore: cursorRowBefore)
            return
        }
        searchRowsEdited(visible)
        timing.velocity.rowsEdited(visible)
        keepScreenStill(visible)
    }

    private mutating func keepScreenStill(_ edit: RowEdit) {
        let count = visibleCount
        let wasEmpty = count - edit.delta <= 0
        let live = !following.touched && viewport.cursor == 0 && viewport.top == 0 && edit.at == 0 && edit.removed == 0
        guard !wasEmpty, !live else {
            viewport.clamp(itemCount: count)
            return
        }
        let cursor = edit.map(viewport.cursor)
        var top = viewport.top
        if top >= edit.at + edit.removed {
            top += edit.delta
        } else if top > edit.at {
            top = edit.at
        }
        viewport.place(cursor: cursor, offset: cursor - top, itemCount: count)
        // The new rows the screen moved past: above it now, not seen yet.
        following.newAbove += max(0, min(edit.at + edit.inserted, viewport.top) - edit.at)
    }
}
