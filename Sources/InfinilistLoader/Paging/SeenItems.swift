/// The identity of every item the list has kept, with the page it was first seen on: one 64-bit
/// digest and a page number per item (about 20 bytes), never the item itself, so it can remember
/// the whole list however far it goes while the page window keeps only a few pages of items.
///
/// An identity is the item's id when it has one (`--id`, or a detected id on page and offset
/// APIs), else a digest of its JSON: then duplicates are not dropped (two equal log lines may
/// both be real) but a page of nothing but items seen before still counts as bringing nothing new.
///
/// A walk read once (`--dump`) remembers only its last pages (`lastPages`): nothing is read
/// again, and a dump of an endless list must not grow with it (decision 78). Identities are kept
/// in two generations of `pagesPerGeneration` pages each; when a page starts a new generation, the
/// older one is forgotten, so between one and two generations' pages are remembered.
struct SeenItems: Sendable {
    /// Page numbers as 32 bits: a dictionary keeps keys and values in arrays of their own, so
    /// this is 12 bytes a slot instead of 16 (a dump of 200,000 items peaked 3 MB lower).
    private var firstPage: [Int: Int32] = [:]
    /// The generation before `firstPage`'s; always empty when the whole list is remembered.
    private var older: [Int: Int32] = [:]
    /// Pages a generation spans; nil: one generation, the whole list.
    private let pagesPerGeneration: Int?
    /// The first page of the current generation.
    private var generationStart = 0

    /// Remembers every item of the list.
    init() { pagesPerGeneration = nil }

    /// Remembers the items of at least the last `pages` pages (and at most twice as many).
    static func lastPages(_ pages: Int) -> SeenItems { SeenItems(pagesPerGeneration: max(1, pages)) }

    private init(pagesPerGeneration: Int) { self.pagesPerGeneration = pagesPerGeneration }

    enum Identity: Hashable {
        case id(String)
        case json(String)
    }

    private static func digest(_ identity: Identity) -> Int {
        var hasher = Hasher()
        hasher.combine(identity)
        return hasher.finalize()
    }

    /// The identities remembered.
    var count: Int { firstPage.count + older.count }

    private func first(_ digest: Int) -> Int32? { firstPage[digest] ?? older[digest] }

    /// Records an identity seen on `page` at the tail; true when it is new to the list (or to the
    /// pages remembered).
    mutating func insert(_ identity: Identity, page: Int) -> Bool {
        startGeneration(at: page)
        let digest = Self.digest(identity)
        guard first(digest) == nil else { return false }
        firstPage[digest] = Int32(clamping: page)
        return true
    }

    /// Whether an item of `page`, read again, was first seen on another page (and so was dropped
    /// there as a duplicate, or is one now).
    func belongsElsewhere(_ identity: Identity, page: Int) -> Bool {
        guard let first = first(Self.digest(identity)) else { return false }
        return first != Int32(clamping: page)
    }

    /// Forgets the older generation when `page` is past the current one. The current one's storage
    /// is kept for the next, so a dump's memory stays where its first generations took it.
    private mutating func startGeneration(at page: Int) {
        guard let span = pagesPerGeneration, page >= generationStart + span else { return }
        swap(&older, &firstPage)
        firstPage.removeAll(keepingCapacity: true)
        // A page further on than that: the generation that ended is not recent either.
        if page >= generationStart + 2 * span { older.removeAll(keepingCapacity: true) }
        generationStart = page
    }
}
