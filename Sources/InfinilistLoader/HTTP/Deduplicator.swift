import InfinilistCore
import Synchronization

/// Drops items whose id was already seen on another page: on page and offset APIs new items at
/// the top shift everything down, and the next page starts with items already shown.
///
/// Ids are remembered per page so that a page fetched again (retry, refresh, re-fetch after it
/// was dropped from memory) keeps its own items, and only for the `window` most recent pages, so
/// memory stays bounded however far the list goes (shifts move items by a page or two, not by
/// dozens). Fetching the first page again is a refresh: everything is forgotten.
final class Deduplicator: Sendable {
    /// Which page each remembered id was first seen on, and each page's ids (to forget them).
    private struct State {
        var firstSeen: [String: Int] = [:]
        var idsByPage: [Int: [String]] = [:]
    }

    private let state = Mutex(State())
    let window: Int

    init(window: Int = 32) {
        self.window = max(1, window)
    }

    /// The items of page `index` without those seen on other pages (or earlier on this one).
    /// Items without an id are always kept.
    func filter(_ items: [Item], page index: Int) -> [Item] {
        filter(items, ids: items.map(\.id), page: index)
    }

    /// The same, with each item's identity given apart from the item (`ids[i]` for `items[i]`):
    /// an id found by `IdDetection` is used here without becoming the item's `id`.
    func filter(_ items: [Item], ids itemIDs: [String?], page index: Int) -> [Item] {
        state.withLock { state in
            if index == 0 { state = State() }
            for id in state.idsByPage.removeValue(forKey: index) ?? [] where state.firstSeen[id] == index {
                state.firstSeen[id] = nil
            }
            var kept: [Item] = []
            var ids: [String] = []
            kept.reserveCapacity(items.count)
            for (item, id) in zip(items, itemIDs) {
                guard let id else {
                    kept.append(item)
                    continue
                }
                if state.firstSeen[id] != nil { continue }
                state.firstSeen[id] = index
                ids.append(id)
                kept.append(item)
            }
            state.idsByPage[index] = ids
            while state.idsByPage.count > window, let farthest = state.idsByPage.keys.max(by: { abs($0 - index) < abs($1 - index) }) {
                for id in state.idsByPage.removeValue(forKey: farthest) ?? [] where state.firstSeen[id] == farthest {
                    state.firstSeen[id] = nil
                }
            }
            return kept
        }
    }
}
