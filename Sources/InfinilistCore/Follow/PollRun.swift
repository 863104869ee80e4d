/// One look for new items at the top of a live list, as a pure value: a poll reads page 0 of a
/// fresh walk, and while every item of a page is new (a burst bigger than a page since the last
/// poll), the page after it, up to `pageLimit` pages; what is left beyond becomes a gap row,
/// which a run of its own loads later, going on in the same round. Shared by the screen and
/// `--dump --follow`, which decide alike what is new.
///
/// An item is new when the list does not hold its identity (`ItemIdentity`), the run has not met
/// it already, and it comes before the page's last known item; whatever order the server puts
/// the page in, whatever it deleted, a known item is never new again, so nothing is put in twice,
/// and the older items a deletion pulls up from the next page are not taken for new ones.
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
    private var seen: Set<ItemIdentity> = []

    public init(purpose: Purpose, request: PageRequest, pageLimit: Int = PollRun.pageLimit, peeksPastLimit: Bool = false) {
        self.purpose = purpose
        self.request = request
        self.pageLimit = pageLimit
        self.peeksPastLimit = peeksPastLimit
    }

    /// The new items found so far (what a failure of the next page leaves).
    public var foundSoFar: [NewPage] { found }

    /// The answer to `request` arrived with `items` (`end`: the round's walk has no page after
    /// it; `empty`: the answer held no item, which `items` may not say when a `--jq` program made
    /// them and dropped every one). `isKnown` says whether the list holds an item.
    public mutating func received(_ items: [Item], end: Bool, empty: Bool? = nil, isKnown: (ItemIdentity) -> Bool) -> Step {
        guard let address = request.poll else { return .done(found: found, more: nil) }
        pagesRead += 1
        var fresh: [Item] = []
        // Items after the page's last known one are not new: they are older items that
        // deletions above pulled up from the next page (the list's walk reads them there, or,
        // shifted past it, misses them as it would without following).
        let lastKnown = items.lastIndex { isKnown($0.identity) }
        let metKnown = lastKnown != nil
        for item in items[..<(lastKnown ?? items.endIndex)] where !isKnown(item.identity) {
            if seen.insert(item.identity).inserted { fresh.append(item) }
        }
        if peeking {
            // Past the limit: its new items are not taken, only counted as left out.
            return .done(found: found, more: fresh.isEmpty ? nil : address)
        }
        found.append(NewPage(page: request.page, address: address, items: fresh))
        if metKnown || end || (empty ?? items.isEmpty) { return .done(found: found, more: nil) }
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
}
