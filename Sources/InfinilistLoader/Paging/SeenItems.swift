import InfinilistCore

/// The identity of every item the list has kept, with the page it was first seen on: one 64-bit
/// digest and a page number per item (about 20 bytes), never the item itself, so it can remember
/// the whole list however far it goes while the page window keeps only a few pages of items.
///
/// An identity is the core's `ItemIdentity`, the one the screen, polls and `--dump` use: the
/// item's id when it has one (`--id`, or a detected id on page and offset APIs), else its JSON.
/// Judged by its JSON (`byID` false), a duplicate is not dropped when both are on one page (two
/// equal log lines may both be real), but a page of nothing but items seen before still counts
/// as bringing nothing new.
///
/// A walk read once (`--dump`) remembers only its most recent items (`recent(atLeast:)`):
/// nothing is read again, and a dump of an endless list must not grow with it (decision 78).
/// Identities are kept in two generations; when a page starts and the current generation holds
/// `itemsPerGeneration` identities, the older one is forgotten, so at least that many of the
/// latest items are remembered and at most twice as many (each generation can run up to a page
/// past the limit). An item met again is carried into the current generation, so an item that
/// comes back page after page is never forgotten. Nor is what a poll meets: every item a poll put
/// above the list, and, for a list that is polled (`keepsTop`), its first `topItems` items.
///
/// The list's one memory of what it holds (decision 162): a poll's page is judged against it
/// (`contains`), its new items are recorded above the list (`recordAbove`), and the list's own
/// pages then drop them like any item seen before.
struct SeenItems: Sendable {
    /// Page numbers as 32 bits: a dictionary keeps keys and values in arrays of their own, so
    /// this is 12 bytes a slot instead of 16 (a dump of 200,000 items peaked 3 MB lower).
    private var firstPage: [ItemIdentity: Int32] = [:]
    /// The generation before `firstPage`'s; always empty when the whole list is remembered.
    private var older: [ItemIdentity: Int32] = [:]
    /// The top of the list, never forgotten: every item recorded above the list, and with
    /// `keepsTop` the first `topItems` items when only the latest are remembered.
    private var kept: [ItemIdentity: Int32] = [:]
    private let keepsTop: Bool
    /// The list's items kept in `kept` (its first ones), not counting those put above.
    private var topCount = 0
    /// The identity a poll knows an item by (`Item.identity`), where the item's page judged
    /// duplicates by another key (its own id field, or its JSON where no id field held): so a
    /// poll knows every item the list holds, however its page was judged. The first `topItems`
    /// of them, as a poll meets the top.
    private var pollIdentities: Set<ItemIdentity> = []
    /// How many items polls have put above the list.
    private(set) var recordedAbove = 0
    /// How many of the list's first items are never forgotten (the 400 KB of identities the
    /// screen kept for polls before decision 162, `PageStore.rowsWithIdentities`).
    static let topItems = 50_000
    /// The page of an item a poll put above the list, until the list's walk meets it, and after.
    private static let above: Int32 = -1
    private static let aboveMet: Int32 = -2
    /// Identities a generation holds before the next page starts a new one; nil: one generation,
    /// the whole list.
    private let itemsPerGeneration: Int?
    /// The page the last identity was seen on.
    private var lastPage = 0

    /// Remembers every item of the list.
    init() {
        itemsPerGeneration = nil
        keepsTop = false
    }

    /// Remembers at least the last `items` items (and at most about twice as many); with
    /// `keepsTop`, the list's first `topItems` too (a list that is polled).
    static func recent(atLeast items: Int, keepsTop: Bool = false) -> SeenItems {
        SeenItems(itemsPerGeneration: max(1, items), keepsTop: keepsTop)
    }

    private init(itemsPerGeneration: Int, keepsTop: Bool) {
        self.itemsPerGeneration = itemsPerGeneration
        self.keepsTop = keepsTop
    }

    /// The identities remembered.
    var count: Int { firstPage.count + older.count + kept.count + pollIdentities.count }

    private func first(_ identity: ItemIdentity) -> Int32? { kept[identity] ?? firstPage[identity] ?? older[identity] }

    /// Whether the list holds (or held) an item with this identity: what a poll asks.
    func contains(_ identity: ItemIdentity) -> Bool { first(identity) != nil || pollIdentities.contains(identity) }

    /// Records an item a poll put above the list: the list's pages drop it from now on.
    mutating func recordAbove(_ identity: ItemIdentity) {
        guard !contains(identity) else { return }
        kept[identity] = Self.above
        recordedAbove += 1
    }

    /// Remembers the identity a poll knows a kept item by, when its page judged it by another key.
    mutating func rememberForPolls(_ identity: ItemIdentity) {
        guard itemsPerGeneration == nil || pollIdentities.count < Self.topItems else { return }
        pollIdentities.insert(identity)
    }

    /// An item asked by the identity a poll knows it by (`Item.identity`), where its page judges
    /// duplicates by another key: nil when it is not dropped; else whether it is news to the
    /// list's walk (as in `judge`). Dropped when a poll put it above the list (news the first time
    /// the walk meets it), and, once polls put any item above, when the list holds an item with
    /// that identity from another page (`keptOnPage`: the identities kept on this page so far).
    mutating func judgeApart(_ identity: ItemIdentity, keptOnPage: Set<ItemIdentity>) -> Bool? {
        if let news = meetAbove(identity) { return news }
        guard recordedAbove > 0, contains(identity), !keptOnPage.contains(identity) else { return nil }
        return false
    }

    /// An item a poll put above the list, met by the list's walk: nil when it is not one; else
    /// whether this is the first meeting (shown above already, but news to the walk, so a run of
    /// such pages is not a barren one).
    private mutating func meetAbove(_ identity: ItemIdentity) -> Bool? {
        switch kept[identity] {
        case Self.above:
            kept[identity] = Self.aboveMet
            return true
        case Self.aboveMet:
            return false
        default:
            return nil
        }
    }

    /// Records an identity seen on `page` at the tail; true when it is new to the list (or to the
    /// items remembered).
    mutating func insert(_ identity: ItemIdentity, page: Int) -> Bool {
        if page != lastPage { startGeneration(at: page) }
        if kept[identity] != nil || firstPage[identity] != nil { return false }
        if let first = older.removeValue(forKey: identity) {
            firstPage[identity] = first   // met again: remembered as long as it keeps coming back
            return false
        }
        if keepsTop, itemsPerGeneration != nil, topCount < Self.topItems {
            kept[identity] = Int32(clamping: page)
            topCount += 1
        } else {
            firstPage[identity] = Int32(clamping: page)
        }
        return true
    }

    /// Whether an item of `page`, read again, was first seen on another page (and so was dropped
    /// there as a duplicate, or is one now).
    func belongsElsewhere(_ identity: ItemIdentity, page: Int) -> Bool {
        guard let first = first(identity) else { return false }
        return first != Int32(clamping: page)
    }

    /// Forgets the older generation when the current one is full and `page` starts. The older
    /// one's storage is kept for the next, so a dump's memory stays where its first generations
    /// took it.
    private mutating func startGeneration(at page: Int) {
        lastPage = page
        guard let limit = itemsPerGeneration, firstPage.count >= limit else { return }
        swap(&older, &firstPage)
        firstPage.removeAll(keepingCapacity: true)
    }

    /// Whether an item of `page` is kept, and whether it is new to the list: the one rule for
    /// every source (paged answers and streams). Read for the first time, an id seen before is a
    /// repeat (`byID`), and so is the same JSON from another page (on one page it may be two
    /// real items). Read again, an item is judged as when first read: dropped if first seen on
    /// another page, or if its id already came on this page (`idsOnPage`, the page's ids so far).
    /// An item a poll put above the list is dropped wherever the walk meets it.
    mutating func judge(_ identity: ItemIdentity, byID: Bool, page: Int, rereading: Bool, idsOnPage: inout Set<ItemIdentity>) -> (keep: Bool, isNew: Bool) {
        if rereading {
            var dropped = belongsElsewhere(identity, page: page)
            if byID, !dropped { dropped = !idsOnPage.insert(identity).inserted }
            return (!dropped, false)
        }
        if insert(identity, page: page) { return (true, true) }
        if let news = meetAbove(identity) { return (false, news) }
        if byID { return (false, false) }
        return (!belongsElsewhere(identity, page: page), false)
    }
}
