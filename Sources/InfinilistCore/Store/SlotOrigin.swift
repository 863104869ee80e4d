/// Where a page of the store came from, which decides how it is fetched again and shown.
public enum SlotOrigin: Sendable, Equatable {
    /// A page of the list's own walk; its page number is its ordinal (0, 1, …). `rowsAbove`:
    /// the rows polls had put above the list when it arrived. The server's numbered pages shift
    /// down by every item put above since, so that is how far its items may have moved when it
    /// is fetched again (`PageStore.pagesShifted(after:)`).
    case walk(rowsAbove: Int)
    /// New items a poll found (at this address), put above the list; fetched again (when
    /// dropped) by reading the list from its top, and filled by identity.
    case poll(PollAddress)
    /// One row standing for new items not loaded yet (a poll met more than its page limit of
    /// them); loading it goes on with its round at this address.
    case gap(PollAddress)
}

/// A page of new items to put into the store: the page number the core gave the poll request
/// that brought it, the poll's address, and its new items (in list order).
public struct NewPage: Sendable, Equatable {
    public let page: Int
    public let address: PollAddress
    public let items: [Item]

    public init(page: Int, address: PollAddress, items: [Item]) {
        self.page = page
        self.address = address
        self.items = items
    }
}

/// A gap row to put into the store: its page number and where loading it starts.
public struct GapRow: Sendable, Equatable {
    public let page: Int
    public let address: PollAddress

    public init(page: Int, address: PollAddress) {
        self.page = page
        self.address = address
    }
}

/// A change of the list's rows in one place: `removed` rows at `at` gave way to `inserted` rows,
/// and every row below moved by `inserted - removed`. Every row number held anywhere (the
/// filter's rows, marks, the cursor, a search's position, the detail view's row, a refresh's
/// anchor) is moved with `map`, in one place (`AppState.rowsEdited`), so none is left behind.
public struct RowEdit: Sendable, Equatable {
    public let at: Int
    public let removed: Int
    public let inserted: Int

    public init(at: Int, removed: Int, inserted: Int) {
        self.at = at
        self.removed = removed
        self.inserted = inserted
    }

    /// How far the rows below the edit moved.
    public var delta: Int { inserted - removed }

    /// Where a row is after the edit: rows above stay, rows below move by `delta`, and a removed
    /// row becomes the first row put in its place (or the row that followed, when none was).
    public func map(_ row: Int) -> Int {
        if row < at { return row }
        if row >= at + removed { return row + delta }
        return at
    }
}
