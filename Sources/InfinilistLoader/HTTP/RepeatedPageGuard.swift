import Synchronization

/// Recognises a page-number or offset API that ignores its paging parameter (a misspelt
/// `?p={page}`, an offset the server does not support): every request then returns the same
/// page, the URLs differ so the loop guard cannot see it, and — with duplicates dropped — the
/// list would silently grow by nothing, request after request. A page whose items are exactly
/// those of the page before ends the walk.
///
/// Keeps one hash per page for the few pages around the latest, so memory stays constant.
final class RepeatedPageGuard: Sendable {
    private let digests = Mutex<[Int: Int]>([:])

    /// Whether page `index`, whose items' JSON is `items`, repeats page `index - 1`.
    func repeatsPrevious(_ items: [String], page index: Int) -> Bool {
        guard !items.isEmpty else { return false }
        var hasher = Hasher()
        hasher.combine(items)
        let digest = hasher.finalize()
        return digests.withLock { digests in
            if index == 0 { digests.removeAll() }
            digests[index] = digest
            digests = digests.filter { abs($0.key - index) <= 4 }
            return digests[index - 1] == digest
        }
    }
}
