/// One look for new items at the top of a live list, as a pure value: a poll reads page 0 of a
/// fresh walk, and while every item of a page is new (a burst bigger than a page since the last
/// poll), the page after it, up to `pageLimit` pages; what is left beyond becomes a gap row,
/// which a run of its own loads later, going on in the same round. Shared by the screen and
/// `--dump --follow`, which decide alike what is new.
///
/// What is new on a page is the loader's to say (`newItems`), as it is the one that drops
/// duplicates: it knows every item the list has read, and it reads every page, the list's and the
/// polls', in the order the core gets them, so an item a poll puts above the list is dropped
/// from the list's later pages before the core sees them (decision 162). A run gets only the new
/// items of each page, and whether the page reached an item the list holds.
public struct PollRun: Sendable, Equatable {
    /// Where the run's new items go.
    public enum Purpose: Sendable, Equatable {
        /// A poll: above the first row.
        case top
        /// Loading the gap row with this page number: in its place.
        case gap(page: Int)
    }

    /// What to do after a page arrived.
    public enum Step: Sendable, Equatable {
        /// Ask for this page of the round next (then `asked(_:)` with the request).
        case next(PollAddress)
        /// The run is over: its new items, page by page in list order, and where a gap row
        /// would go on when the page limit was reached with every item still new.
        case done(found: [NewPage], more: PollAddress?)
    }

    /// Pages one run on the screen reads at most; the rest waits for the user (a gap row).
    public static let pageLimit = 10
    /// Pages one run of `--dump --follow` reads at most: nobody can ask for a gap there, so it
    /// reads on to a known item, holding the new items only until they are written (a bound
    /// against a server whose pages never meet a known item).
    public static let dumpPageLimit = 200

    public let purpose: Purpose
    /// Pages this run reads at most.
    public let pageLimit: Int
    /// Whether, at the page limit with every item still new, one more page is read only to tell
    /// whether new items are left out (`--dump --follow`, which says so on stderr: a server with
    /// exactly `pageLimit` pages of new items once drew that warning for nothing).
    public let peeksPastLimit: Bool
    private var peeking = false
    /// The request on its way.
    public private(set) var request: PageRequest
    private var found: [NewPage] = []
    private var pagesRead = 0
    /// The run ends with the page on its way (`F` turned following off): its new items go in, and
    /// a gap row stands for the rest. The page is not cancelled: the loader counts its new items
    /// as the list's once read (decision 162), so left out they would never be new again.
    public var stopsAfterThisPage = false

    public init(purpose: Purpose, request: PageRequest, pageLimit: Int = PollRun.pageLimit, peeksPastLimit: Bool = false) {
        self.purpose = purpose
        self.request = request
        self.pageLimit = pageLimit
        self.peeksPastLimit = peeksPastLimit
    }

    /// The new items found so far (what a failure of the next page leaves).
    public var foundSoFar: [NewPage] { found }

    /// The answer to `request` arrived with `items`, the page's new items as the loader kept
    /// them (`newItems`; a `--jq` program's rows of them on the screen). `reachedKnown`: the page
    /// held an item the list has, or nothing, so the new items end here; `end`: the round's walk
    /// has no page after it.
    public mutating func received(_ items: [Item], reachedKnown: Bool, end: Bool) -> Step {
        guard let address = request.poll else { return .done(found: found, more: nil) }
        pagesRead += 1
        if peeking {
            // Past the limit: its new items are not taken, only counted as left out.
            return .done(found: found, more: items.isEmpty ? nil : address)
        }
        found.append(NewPage(page: request.page, address: address, items: items))
        if reachedKnown || end { return .done(found: found, more: nil) }
        if stopsAfterThisPage { return .done(found: found, more: address.next) }
        if pagesRead >= pageLimit {
            guard peeksPastLimit else { return .done(found: found, more: address.next) }
            peeking = true
        }
        return .next(address.next)
    }

    /// The request for the page `received` asked for.
    public mutating func asked(_ request: PageRequest) {
        self.request = request
    }

    /// The new items of a poll's page, by position, and whether the page reached an item the list
    /// holds (or held none): the rule the loader keeps them by. An item is new when `isKnown` does
    /// not know it, it is not met earlier on the page, and it comes before the page's last known
    /// item: whatever order the server puts the page in, whatever it deleted, a known item is
    /// never new again, so nothing is put in twice, and the older items a deletion pulls up from
    /// the next page are not taken for new ones (the list's walk reads them there, or, shifted
    /// past it, misses them as it would without following).
    public static func newItems(_ items: [Item], isKnown: (ItemIdentity) -> Bool) -> (positions: [Int], reachedKnown: Bool) {
        let lastKnown = items.lastIndex { isKnown($0.identity) }
        var onPage = Set<ItemIdentity>()
        var positions: [Int] = []
        for position in items.indices[..<(lastKnown ?? items.endIndex)] {
            let identity = items[position].identity
            if !isKnown(identity), onPage.insert(identity).inserted { positions.append(position) }
        }
        return (positions, lastKnown != nil || items.isEmpty)
    }
}
