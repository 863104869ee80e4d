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
/// comes back page after page is never forgotten.
struct SeenItems: Sendable {
    /// Page numbers as 32 bits: a dictionary keeps keys and values in arrays of their own, so
    /// this is 12 bytes a slot instead of 16 (a dump of 200,000 items peaked 3 MB lower).
    private var firstPage: [ItemIdentity: Int32] = [:]
    /// The generation before `firstPage`'s; always empty when the whole list is remembered.
    private var older: [ItemIdentity: Int32] = [:]
    /// Identities a generation holds before the next page starts a new one; nil: one generation,
    /// the whole list.
    private let itemsPerGeneration: Int?
    /// The page the last identity was seen on.
    private var lastPage = 0

    /// Remembers every item of the list.
    init() { itemsPerGeneration = nil }

    /// Remembers at least the last `items` items (and at most about twice as many).
    static func recent(atLeast items: Int) -> SeenItems { SeenItems(itemsPerGeneration: max(1, items)) }

    private init(itemsPerGeneration: Int) { self.itemsPerGeneration = itemsPerGeneration }

    /// The identities remembered.
    var count: Int { firstPage.count + older.count }

    private func first(_ identity: ItemIdentity) -> Int32? { firstPage[identity] ?? older[identity] }

    /// Records an identity seen on `page` at the tail; true when it is new to the list (or to the
    /// items remembered).
    mutating func insert(_ identity: ItemIdentity, page: Int) -> Bool {
        if page != lastPage { startGeneration(at: page) }
        if firstPage[identity] != nil { return false }
        if let first = older.removeValue(forKey: identity) {
            firstPage[identity] = first   // met again: remembered as long as it keeps coming back
            return false
        }
        firstPage[identity] = Int32(clamping: page)
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
    mutating func judge(_ identity: ItemIdentity, byID: Bool, page: Int, rereading: Bool, idsOnPage: inout Set<ItemIdentity>) -> (keep: Bool, isNew: Bool) {
        if rereading {
            var dropped = belongsElsewhere(identity, page: page)
            if byID, !dropped { dropped = !idsOnPage.insert(identity).inserted }
            return (!dropped, false)
        }
        if insert(identity, page: page) { return (true, true) }
        if byID { return (false, false) }
        return (!belongsElsewhere(identity, page: page), false)
    }
}
