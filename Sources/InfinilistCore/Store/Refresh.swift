/// Where the cursor was when a refresh started, so it can be put back on the same item.
struct RefreshAnchor: Sendable, Equatable {
    /// The item's id, when it has one.
    let id: String?
    /// The store row it was on: the fallback, clamped to what reloads.
    let row: Int
    /// Its height on screen, kept so the list does not seem to jump.
    let offset: Int

    /// How far past its old row a refresh keeps loading to find the item again: two screens,
    /// and at least 100 rows (a hundred new items at the top is a busy feed).
    static func searchMargin(screen: Int) -> Int { max(100, 2 * screen) }
}

extension AppState {
    /// `R` / Ctrl-R: cancels what is in flight, clears the store and asks for page 0 again with a
    /// new request id, of kind `restart` so the loader forgets the page keys it learned. As pages
    /// arrive the cursor goes back to its item (by `Item.id`) if it is among the rows that load
    /// anyway, else to the same row number, clamped. The filter's query and the marks by id stay.
    mutating func refresh() -> [Effect] {
        var effects: [Effect] = cancelRefetches() + followingRestarted()
        if case .loading(let request, _) = loading.tail { effects.append(.cancel(request.id)) }
        refreshAnchor = RefreshAnchor(
            id: selectedItem?.id,
            row: cursorStoreRow ?? 0,
            offset: viewport.cursor - viewport.top
        )
        store = PageStore(keepsIdentities: listCanBePolled)
        finding.filter?.reset()
        finding.order?.reset()
        finding.search?.pending = nil
        loading.readingToEnd = false
        let dropped = marks.forgetRows()
        if dropped > 0 { notice = .marksWithoutIDCleared(dropped) }
        loading.total = nil
        loading.rowCounting = nil
        loading.itemsRead = 0
        loading.tail = .idle
        viewport.clamp(itemCount: 0)
        effects.append(request(page: 0, for: .restart))
        return effects
    }

    /// Whether a refresh is still placing the cursor (pages of it are loading).
    public var isRefreshing: Bool { refreshAnchor != nil }

    /// After rows `newRows` arrived during a refresh: the cursor goes to its item if it is among
    /// them, else to the anchor's row as far as the rows reach (later pages may still bring the
    /// item: the anchor stays until loading stops, see `settleRefresh`).
    mutating func placeAtRefreshAnchor(newRows: Range<Int>) {
        guard let anchor = refreshAnchor, store.itemCount > 0 else { return }
        var found: Int?
        if let id = anchor.id {
            store.forEachItem(in: newRows) { row, item in
                if found == nil, item?.id == id { found = row }
            }
        }
        let target = found ?? min(anchor.row, store.itemCount - 1)
        viewport.place(cursor: visibleRow(nearest: target), offset: anchor.offset, itemCount: visibleCount)
        if found != nil { refreshAnchor = nil }
    }

    /// Once nothing more is loading, the refresh is over: the cursor stays where it was put.
    mutating func settleRefresh() {
        guard refreshAnchor != nil else { return }
        if case .loading = loading.tail { return }
        refreshAnchor = nil
    }

    /// The user moved the cursor: a refresh in progress no longer moves it.
    mutating func userMoved() {
        refreshAnchor = nil
        // Nor does `G`'s reading to the end, or `NG`'s loading: the user took over.
        loading.readingToEnd = false
        following.followsInputEnd = false
        loading.rowJump.target = nil
    }
}
