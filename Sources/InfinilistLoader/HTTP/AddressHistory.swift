import Synchronization

/// The loop guard: remembers which request address (URL) reached which page, so a cursor or next
/// link that comes back is recognised before it is requested, however long the cycle.
///
/// An address is a repeat only when it was seen for a *different* page: fetching a page again
/// (retry of the tail page) learns the same next address for the same page and is fine. Only a
/// refresh (`restart`, from `Pager.reset()`) starts the history over, since cursors may then
/// legitimately point elsewhere; fetching page 0 again to refill dropped rows is not a refresh.
/// One short string per page, like the loader's keys.
final class AddressHistory: Sendable {
    private let pages = Mutex<[String: Int]>([:])

    /// Starts with the first page's address known, so a link back to it is a loop.
    init(firstAddress: String) {
        pages.withLock { $0 = [firstAddress: 0] }
    }

    /// Starts over from the first page's address (a refresh).
    func restart(firstAddress: String) {
        pages.withLock { $0 = [firstAddress: 0] }
    }

    /// Records that `address` fetches page `index`; false when it already fetched another page.
    func record(_ address: String, forPage index: Int) -> Bool {
        pages.withLock { pages in
            if let earlier = pages[address], earlier != index { return false }
            pages[address] = index
            return true
        }
    }
}
