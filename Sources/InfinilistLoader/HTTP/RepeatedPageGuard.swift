import Synchronization

/// Recognises a page-number or offset API that ignores its paging parameter (a misspelt
/// `?p={page}`, an offset the server does not support): every request then returns the same
/// page, the URLs differ so the loop guard cannot see it, and — with duplicates dropped — the
/// list would silently grow by nothing, request after request. A page whose items are exactly
/// those of the page before ends the walk.
///
/// Keeps one hash per page for the few pages below the highest one recorded, so memory stays
/// constant. Only the walk at the tail is checked and recorded (the `Pager` does not ask about
/// pages fetched again below the tail), and only `reset()` (a real refresh) forgets the hashes.
final class RepeatedPageGuard: Sendable {
    private let digests = Mutex<[Int: Int]>([:])

    /// Forgets every page: the start of a refresh.
    func reset() {
        digests.withLock { $0.removeAll() }
    }

    /// Whether page `index`, whose items' JSON is `items`, repeats page `index - 1`.
    func repeatsPrevious(_ items: [String], page index: Int) -> Bool {
        guard !items.isEmpty else { return false }
        var hasher = Hasher()
        hasher.combine(items)
        let digest = hasher.finalize()
        return digests.withLock { digests in
            digests[index] = digest
            // Measured from the highest page: that is where the walk goes on.
            if let highest = digests.keys.max() {
                digests = digests.filter { highest - $0.key <= 4 }
            }
            return digests[index - 1] == digest
        }
    }
}
