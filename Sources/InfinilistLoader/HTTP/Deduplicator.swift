import InfinilistCore
import Synchronization

/// Drops items whose id was already seen on another page: on page and offset APIs new items at
/// the top shift everything down, and the next page starts with items already shown.
///
/// Ids are remembered per page so that a page fetched again keeps its own items, and only for
/// the `window` pages nearest the highest page recorded (the tail the walk continues from), so
/// memory stays bounded however far the list goes (shifts move items by a page or two, not by
/// dozens). Only `reset()` (a real refresh) forgets everything: fetching page 0 again to refill
/// rows the screen dropped must not make the next tail page repeat items already shown.
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

    /// Forgets every id: the start of a refresh, after which the list may hold other items.
    func reset() {
        state.withLock { $0 = State() }
    }

    /// The items of page `index` without those seen on other pages (or earlier on this one).
    /// Items without an id are always kept.
    func filter(_ items: [Item], page index: Int) -> [Item] {
        filter(items, ids: items.map(\.id), page: index)
    }

    /// The same, with each item's identity given apart from the item (`ids[i]` for `items[i]`):
    /// an id found by `IdDetection` is used here without becoming the item's `id`.
    /// The page's ids are recorded as its own, replacing what it recorded before.
    func filter(_ items: [Item], ids itemIDs: [String?], page index: Int) -> [Item] {
        state.withLock { state in
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
            // Measured from the highest page, not from `index`: the walk continues at the tail,
            // so the pages next to it are the ones whose items may reappear on the next page.
            while state.idsByPage.count > window, let lowest = state.idsByPage.keys.min() {
                for id in state.idsByPage.removeValue(forKey: lowest) ?? [] where state.firstSeen[id] == lowest {
                    state.firstSeen[id] = nil
                }
            }
            return kept
        }
    }

    /// The items of a page fetched again (a page below the tail, re-fetched after the screen
    /// dropped it) without those first seen on *other* pages, recording nothing: the page's rows
    /// already have their place, so its ids must not change what later pages keep. Unchanged
    /// data thus gives exactly the items the first fetch kept, so the core can refill the rows.
    func filterRefetched(_ items: [Item], ids itemIDs: [String?], page index: Int) -> [Item] {
        state.withLock { state in
            var seenHere: Set<String> = []
            var kept: [Item] = []
            kept.reserveCapacity(items.count)
            for (item, id) in zip(items, itemIDs) {
                guard let id else {
                    kept.append(item)
                    continue
                }
                if let first = state.firstSeen[id], first != index { continue }
                guard seenHere.insert(id).inserted else { continue }
                kept.append(item)
            }
            return kept
        }
    }
}
