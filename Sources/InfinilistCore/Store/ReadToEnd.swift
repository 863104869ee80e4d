/// `G`/End on a list read from a pipe or a file (`AppConfig.lastReadsToEnd`): read on to the end
/// of the input, as `less` does, rather than stop at the last row loaded so far. Pages are asked
/// for one after another through the ordinary request path (one in flight, stale answers dropped)
/// and the cursor follows the last row as they arrive, so the page window drops the pages behind
/// it and memory stays bounded however long the input is.
///
/// It ends at the end of the input, when the input has nothing more for now (a pipe that is open
/// and quiet: `tail -f` has no end, and that is as far as there is), when a page fails, or when
/// the user takes over: Esc, any move of the cursor, a search, the detail view, a refresh. Keys
/// keep working meanwhile; an endless pipe that never pauses is read until Esc.
extension AppState {
    /// `G`: the cursor to the last loaded row, then reading on when the source has more.
    mutating func goToLastRow() {
        viewport.move(to: visibleCount - 1, itemCount: visibleCount)
        guard config.lastReadsToEnd else { return }
        // Once at the end, rows that arrive later take the cursor along (FollowInputEnd.swift).
        if case .ended = loading.tail {} else { following.followsInputEnd = true }
        switch loading.tail {
        case .idle:
            loading.readingToEnd = true
        case .loading(_, let wait):
            // Waiting for a quiet pipe: the rows there are are all loaded.
            loading.readingToEnd = wait?.waitsForInput != true
        case .failed, .ended:
            loading.readingToEnd = false
        }
    }

    /// A page arrived at the tail (already appended): the cursor follows it; the end of the list
    /// ends the reading.
    mutating func readToEndPageArrived() {
        guard loading.readingToEnd else { return }
        viewport.move(to: visibleCount - 1, itemCount: visibleCount)
        if case .ended = loading.tail { loading.readingToEnd = false }
    }

    /// The request at the tail waits for a quiet pipe: everything there is has been read.
    mutating func readToEndCaughtUp() {
        loading.readingToEnd = false
    }

    /// What the tail's next request is: while `G` reads on to the end, `NG` loads pages to
    /// reach its row (`N%`: the end) or `/` looks further down, a pass, so that the loader may go over pages
    /// without reading their items (a file of JSON lines, counted by its line breaks: decision
    /// 145); else the page after the last. Only where each row is an item in the input's order
    /// and no row needs testing on the way: no filter, no sort, no `--jq` program.
    var tailPurpose: RequestPurpose {
        guard config.lastReadsToEnd, live == nil, finding.filter == nil, finding.order == nil, finding.rowQuery == nil else { return .next }
        if loading.readingToEnd { return .pass(.end) }
        switch loading.rowJump.target {
        case .row(let row): return .pass(.item(max(0, row - store.itemCount)))
        case .percent: return .pass(.end)
        case nil: break
        }
        // Rows of a `--format` template hold its words too, which no line's bytes do.
        if let search = finding.search, search.pending?.needsTail == true, config.format == nil, let target = PassTarget.search(search.matcher.query) {
            return .pass(target)
        }
        return .next
    }

    /// Esc while reading to the end (or loading pages for `NG` or `N%`): stop asking for more.
    /// The page in flight still lands, unless it is a pass: counting a file of many gigabytes
    /// takes seconds, which Esc does not wait for (the next page is then asked for as usual).
    mutating func stopReadingToEnd() -> [Effect] {
        notice = loading.rowJump.target.map { if case .row = $0 { .rowJumpStopped } else { .readToEndStopped } } ?? .readToEndStopped
        loading.readingToEnd = false
        following.followsInputEnd = false
        loading.rowJump.target = nil
        guard case .loading(let request, _) = loading.tail, request.passTarget != nil else { return [] }
        loading.tail = .idle
        return [.cancel(request.id)]
    }
}
