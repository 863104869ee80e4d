extension AppState {
    /// Starts the list: the first page goes through the same path as every later one.
    public mutating func start() -> [Effect] {
        continueLoading()
    }

    /// Applies one message that happened at `time` (seconds on any monotonic clock): the event
    /// loop and the simulation give time, so `auto` prefetch can measure the scroll speed.
    public mutating func update(_ message: Message, at time: Double) -> [Effect] {
        timing.clock = time
        return update(message)
    }

    /// Applies one message and returns what the outside world must do about it.
    public mutating func update(_ message: Message) -> [Effect] {
        var effects: [Effect]
        switch message {
        case .key(let key):
            notice = nil
            following.touched = true
            loading.sortedTailArmed = true
            effects = handle(key)
            recordScroll()
        case .mouse(let event):
            notice = nil
            escapeClosedPrompt = false
            following.touched = true
            loading.sortedTailArmed = true
            effects = handle(event)
            recordScroll()
        case .resized(let newSize):
            size = newSize
            clampDetail()
            effects = []
        case .pageLoaded(let result):
            // Routed by whose request it is; each owner drops an answer it no longer waits for.
            switch result.request.purpose {
            case .poll:
                guard let pollEffects = pollArrived(result) else { return [] }
                effects = pollEffects
            case .refetch, .refetchNewItems:
                guard refetchArrived(result) else { return [] }
                effects = []
            case .next, .pass, .restart:
                guard loading.tailAwaits(result.request) else { return [] }
                pageArrived(result)
                effects = countRowsAfterFirstPage(result.request)
            }
        case .pageFailed(let failure):
            switch failure.request.purpose {
            case .poll:
                guard let pollEffects = pollFailed(failure) else { return [] }
                effects = pollEffects
            case .refetch, .refetchNewItems:
                guard refetchFailed(failure) else { return [] }
                effects = []
            case .next, .pass, .restart:
                guard tailFailed(failure) else { return [] }
                effects = []
            }
        case .pageWaiting(let wait):
            guard loading.tailWaiting(wait) else { return [] }
            if let status = wait.live { noteLive(status) }
            if wait.waitsForInput {
                readToEndCaughtUp()
                rowJumpCaughtUp()
            }
            effects = []
        case .tick:
            if isAnimating { timing.spinnerPhase &+= 1 }
            effects = []
        case .wallClock(let time):
            // Only what the rows show changes: nothing to load, drop or settle.
            timing.wallClock = time
            return []
        case .commandReport(let report):
            notice = .command(report)
            effects = []
        case .fileWritten(let result):
            fileWritten(result)
            effects = []
        case .viewSaved(let result):
            viewSaved(result)
            effects = []
        case .rowsCounted(let report):
            rowsCounted(report)
            return []
        }
        if effects.contains(where: \.isQuit) { return effects }
        effects += continueLoading()
        settleRefresh()
        enforceMemoryBudget()
        effects += refetchNearbyPages()
        effects += followStep()
        advanceDetail()
        syncPreview()
        return effects
    }

    /// The tail's request failed: the footer row says so, and `r` asks again. False when the
    /// failure is of a request the tail no longer waits for.
    private mutating func tailFailed(_ failure: PageFailure) -> Bool {
        guard case .loading(let request, _) = loading.tail, request == failure.request else { return false }
        loading.tail = .failed(page: request.page, message: failure.message)
        loading.readingToEnd = false
        loading.rowJump.target = nil
        if finding.search?.pending != nil {
            finding.search?.pending = nil
            notice = .searchStoppedAtFailedPage(request.page)
        } else if request.page > 0 {
            // The footer row cuts a long error in its middle (the first page's is wrapped over
            // the empty rows): said whole above the status line until the next key.
            notice = .pageFailed(request.page, message: failure.message)
        }
        return true
    }

    /// Notes where the cursor is now, for the scroll speed; only when the driver gives time.
    private mutating func recordScroll() {
        guard mode == .list else { return }
        timing.cursorMoved(to: viewport.cursor)
    }

    private mutating func pageArrived(_ result: PageResult) {
        let following = followsEnd
        if let passed = result.passed {
            store.appendPassed(passed)
            // A search's pass went over lines none of which can match (`LineMatch`).
            if case .match = result.request.passTarget {
                let rows = visibleCount
                finding.search?.pending?.passed(to: rows)
            }
        }
        let firstNew = store.itemCount
        // The page the items land on: after the pages a pass went over, not the one asked for.
        let page = store.pageCount
        let rows = rows(of: result)
        let items = rows.items
        store.append(laidOut(items, parsed: rows.values), sources: rows.sources)
        loading.tailArrived(result)
        if let warning = result.warning { notice = .pageWarning(page, message: warning) }
        checkFields(rows)
        marks.relocate(items, firstRow: firstNew)
        finding.filter?.extend(over: store)
        sortRowsArrived(firstNew..<store.itemCount)
        countsRowsArrived()
        viewport.clamp(itemCount: visibleCount)
        placeAtRefreshAnchor(newRows: firstNew..<store.itemCount)
        readToEndPageArrived()
        followInputEndPageArrived()
        rowJumpPageArrived()
        continueSearch()
        liveArrived(result, following: following)
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        let afterPromptEscape = escapeClosedPrompt
        escapeClosedPrompt = false
        if afterPromptEscape, key == .escape, mode == .list { return [] }
        if help != nil { return handleHelp(key) }
        switch mode {
        case .list: return handleList(key)
        case .prompt: return handlePrompt(key)
        case .detail: return handleDetail(key)
        case .columns: return handleColumnPicker(key)
        case .counts: return handleCounts(key)
        }
    }

    private mutating func handleList(_ key: Key) -> [Effect] {
        if let digit = countDigit(key) {
            typeCount(digit)
            return []
        }
        let typed = takeCount()
        // Esc after a count cancels the count, not the list.
        if typed != nil, key == .escape { return [] }
        if let command = config.keyTables.list.command(for: key) { return run(command, on: selectedItem?.json) }
        guard let action = config.keyTables.list.action(for: key) else { return [] }
        let count = visibleCount
        switch action {
        case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last, .percent:
            userMoved()
            if let typed, action == .first || action == .last { goToRow(typed - 1); break }
            switch action {
            case .down: viewport.move(by: typed ?? 1, itemCount: count)
            case .up: viewport.move(by: -(typed ?? 1), itemCount: count)
            case .pageDown: viewport.page(by: 1, itemCount: count)
            case .pageUp: viewport.page(by: -1, itemCount: count)
            case .halfPageDown: viewport.halfPage(by: 1, itemCount: count)
            case .halfPageUp: viewport.halfPage(by: -1, itemCount: count)
            case .first: viewport.move(to: 0, itemCount: count)
            case .percent: goToPercent(typed ?? 0)
            default: goToLastRow()
            }
        case .select:
            if let gap = cursorGapPage { return loadGap(gap) }
            return selectionOutput(shown: selectedItem?.json)
        case .retry:
            // Everything that failed is tried again: the tail and any dropped page.
            let refetchesRetried = retryRefetches()
            if case .failed(let page, _) = loading.tail { return [request(page: page)] }
            return refetchesRetried ? [] : [.bell]
        case .search: mode = .prompt(Prompt(kind: .search))
        case .searchNext: return repeatSearch(forward: true)
        case .searchPrevious: return repeatSearch(forward: false)
        case .filter: mode = .prompt(Prompt(kind: .filter))
        case .query: return openQueryPrompt()
        case .write: mode = .prompt(Prompt(kind: .write))
        case .saveView: openSaveViewPrompt()
        case .toggleMark: return toggleMark(thenMove: 1)
        case .toggleMarkUp: return toggleMark(thenMove: -1)
        case .openDetail: return openDetail()
        case .togglePreview: togglePreview()
        case .previewDown: return scrollPreview(by: 1)
        case .previewUp: return scrollPreview(by: -1)
        case .help: showsHelp = true
        case .refresh: return refresh()
        case .toggleFollow: return toggleFollow()
        case .back:
            if finding.search?.pending != nil {
                stopSearch()
            } else if loading.readingToEnd || following.followsInputEnd || loading.rowJump.target != nil {
                return stopReadingToEnd()
            } else if finding.filter != nil {
                applyFilter("")
            } else {
                return [.quit(code: 0, output: [])]
            }
        case .columnsLeft: return scrollColumns(forward: false)
        case .columnsRight: return scrollColumns(forward: true)
        case .openColumns: return openColumnPicker()
        case .sort: return openColumnPicker(for: .sort)
        case .counts: return openColumnPicker(for: .counts)
        case .unsort:
            guard finding.order != nil else { return [.bell] }
            sort(by: nil)
        case .toggleColumn, .moveColumnUp, .moveColumnDown, .clearSearch: return []
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .quit: return [.quit(code: 0, output: [])]
        case .interrupt: return [.quit(code: 130, output: [])]
        case .open: return openWebAddress(of: selectedItem?.json)
        case .copy: return copyItem()
        case .copyRow: return copyRow()
        case .submit, .deleteBackward, .clearPrompt, .toggleWrap: return []
        }
        return []
    }

    /// Asks for the next page when something needs it and nothing is loading, failed or
    /// finished, so there is one request per page, ever: a search still looking for a match, or
    /// the cursor within the prefetch distance of the last visible row. With a filter that hides
    /// the loaded rows, the latter keeps loading until enough rows match (or the source ends).
    private mutating func continueLoading() -> [Effect] {
        guard loading.tail == .idle else { return [] }
        // A live list is read at its tail all the time: the server decides when items come, not
        // the cursor (pages far from the cursor are dropped as usual, so memory stays bounded).
        if live != nil { return [request(page: store.pageCount)] }
        if loading.readingToEnd || following.followsInputEnd || loading.rowJump.target != nil { return [request(page: store.pageCount, for: tailPurpose)] }
        // A search waiting for a dropped page to come back does not need the tail yet.
        if finding.search?.pending?.needsTail == true { return [request(page: store.pageCount, for: tailPurpose)] }
        // A refresh looks for the cursor's item up to a little past where it was: new items at
        // the top push it down, and it is "still there" if it is anywhere near its old place.
        if let anchor = refreshAnchor, anchor.id != nil,
           store.itemCount <= anchor.row + RefreshAnchor.searchMargin(screen: viewport.height) {
            return [request(page: store.pageCount)]
        }
        let lastRow = visibleCount - 1
        guard lastRow - viewport.cursor <= prefetchDistance else { return [] }
        if finding.order != nil {
            guard loading.sortedTailArmed || visibleCount < viewport.height + prefetchDistance else { return [] }
            loading.sortedTailArmed = false
        }
        return [request(page: store.pageCount)]
    }

    mutating func request(page: Int, for purpose: RequestPurpose = .next) -> Effect {
        .load(loading.requestTail(page: page, for: purpose))
    }
}

extension Effect {
    var isQuit: Bool {
        if case .quit = self { return true }
        return false
    }
}
