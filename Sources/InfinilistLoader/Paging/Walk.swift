import InfinilistCore

/// Where a walk down a list stands: everything learnt from the pages read at the tail, as one
/// value. The loader owns it and hands it to the source's paging rules with each answer, so
/// there is one place that knows the list's keys, its end and what was seen on the way, and a
/// refresh is simply a new `Walk`.
///
/// Only answers to `.next` (and `.restart`) requests for the page after the tail move it on; a
/// page read again (a re-fetch of rows the screen dropped, a poll of the first page) is checked
/// against it but changes nothing, so later pages come out as they would have without it.
public struct Walk: Sendable {
    /// The key of every page that can be requested: page 0 always, page n + 1 once page n was read.
    private(set) var keys: PageKeys
    /// The last page, once a page said the list ends there.
    private(set) var end: (page: Int, reason: EndReason)?
    /// What the API said of the end before it was reached: the list's item total, and the index
    /// of its last page (a page count, `rel="last"`). Fetching ahead predicts no page past them.
    private(set) var announcedTotal: Int?
    private(set) var announcedLastPage: Int?
    /// The highest page read at the tail; nil before the first.
    private(set) var tail: Int?
    /// The loop guard: which page each request address fetched, so a cursor or link that comes
    /// back is recognised before it is requested, however long the cycle.
    var addresses: [String: Int]
    /// Every item kept so far, by identity (only the latest for a walk read once): duplicates
    /// are dropped, and a page that brings nothing new counts towards `barrenRun`.
    var seen = SeenItems()
    /// A digest of the items of the few pages nearest the tail, to recognise an API that ignores
    /// its paging parameter (every page the same).
    var recentDigests: [Int: Int] = [:]
    /// How many items polls had put above the list when the tail's last page was read.
    var recordedAboveAtTail = 0
    /// The digest of the first page's items, as it was read.
    var firstPageDigest: Int?
    /// Pages in a row, at the tail, that brought no new item.
    var barrenRun = BarrenRun()
    /// How items are identified for following a live list (`Item.identity`): decided on the
    /// first page with items, then kept, so every later page, and every poll's walk (which
    /// starts with this one's choice), identifies items alike.
    var identity = IdentityChoice.undecided

    /// Pages read at the tail so far.
    var pagesRead: Int { tail.map { $0 + 1 } ?? 0 }

    /// A walk that has read nothing yet; `firstAddress` is page 0's request, so a link back to it
    /// is a loop.
    public init(firstKey: PageKey, firstAddress: String? = nil) {
        keys = PageKeys(first: firstKey)
        addresses = firstAddress.map { [$0: 0] } ?? [:]
    }

    /// The key page `page` is fetched with; nil when it is not known yet.
    public func key(for page: Int) -> PageKey? { keys[page] }

    /// Whether an answer to `kind` for `page` is read again rather than read at the tail: every
    /// re-fetch and poll, and any page at or below the tail (already read once).
    public func rereads(_ page: Int, kind: RequestKind) -> Bool {
        !kind.readsTail || tail.map { page <= $0 } ?? false
    }

    /// Whether a page read said the list ends before `page`.
    func ends(before page: Int) -> Bool {
        end.map { page > $0.page } ?? false
    }

    /// Notes what a page read at the tail said of the list's end before it is reached.
    mutating func announce(total: Int?, lastPage: Int?) {
        if let total { announcedTotal = total }
        if let lastPage { announcedLastPage = lastPage }
    }

    /// Whether page `page`, starting `offset` items into the list, is past the end the API
    /// announced (its item total or its page count).
    func isPastAnnouncedEnd(page: Int, offset: Int) -> Bool {
        if let announcedLastPage, page > announcedLastPage { return true }
        if let announcedTotal, offset >= announcedTotal { return true }
        return false
    }

    /// What the walk already knows follows `page` (a page read again); nil when it was never read.
    public func continuation(after page: Int) -> FetchedPage.Continuation? {
        if let next = keys[page + 1] { return .next(next) }
        if let end, end.page == page { return .end(end.reason) }
        return nil
    }

    /// Records what follows the tail page `page`.
    public mutating func advance(past page: Int, to continuation: FetchedPage.Continuation) {
        tail = page
        switch continuation {
        case .next(let key):
            keys[page + 1] = key
            if let end, end.page <= page { self.end = nil }
        case .end(let reason):
            keys[page + 1] = nil
            end = (page, reason)
        }
    }

    /// Forgets the keys of pages before `page`, for a source that never reads a page twice (a
    /// stream read once by `--dump`): a walk down an endless stream then keeps nothing per page.
    public mutating func forgetKeys(before page: Int) {
        keys.forget(before: page)
    }

    /// Records the digest of the tail page's items and says whether it repeats the page before.
    /// Only a few digests are kept, measured from the tail, so memory stays constant. The items
    /// are hashed as the page holds them (`PageItems.hash(into:)`: trees, or compact bytes): hashing
    /// a JSON text made from trees copied the whole page first (3.2 MB for a page of 10,000 items:
    /// a dump's heap peaked at 17.7 MB, then 15.9).
    /// A list that grows at the top by exactly a page between two reads pushes the page before's
    /// items onto this one, which then repeats it though the API pages well (a followed list
    /// ended there, the rest of it never read; `PollAndWalkPropertyTests`). So a repeat counts
    /// only when it is also the first page, as every page of an API that ignores the parameter
    /// is (one whose first page changed meanwhile ends by the run of pages bringing nothing
    /// new), and when polls put nothing above the list since the page before was read.
    mutating func repeatsPrevious(_ items: PageItems, page: Int) -> Bool {
        guard !items.isEmpty else { return false }
        let above = seen.recordedAbove
        defer { recordedAboveAtTail = above }
        var hasher = Hasher()
        items.hash(into: &hasher)
        let digest = hasher.finalize()
        if page == 0 { firstPageDigest = digest }
        recentDigests[page] = digest
        recentDigests = recentDigests.filter { page - $0.key <= 4 }
        return recentDigests[page - 1] == digest && firstPageDigest == digest && above == recordedAboveAtTail
    }

    /// Why `page` cannot be requested, for a request the walk has no key for.
    func unknownKeyMessage(for page: Int) -> String {
        if page < 0 { return "there is no page \(page + 1)" }
        if let end, page > end.page {
            return "page \(page + 1) is past the end of the list (page \(end.page + 1) was the last)"
        }
        return "page \(page + 1) cannot be requested before page \(page) has loaded"
    }
}

/// How a walk identifies items when `--id` is not given.
enum IdentityChoice: Sendable, Equatable {
    /// No page with items read yet.
    case undecided
    /// By this field, which `IdDetection` found on the first page with items.
    case field(JSONPath)
    /// By the item's JSON: the first page had no usable id field.
    case json
}

/// Pages in a row that brought nothing new: empty, or only items already in the list. A long run
/// ends the walk: cursor and link APIs may send a few such pages mid-list, but an API that keeps
/// answering with nothing new (a cursor that changes while the items do not, a page parameter
/// that cycles) would otherwise be requested forever.
struct BarrenRun: Sendable, Equatable {
    private(set) var count = 0
    /// Whether every page of the run was empty (then the reason says "empty pages").
    private(set) var allEmpty = true

    mutating func record(broughtNew: Bool, wasEmpty: Bool) {
        if broughtNew {
            self = BarrenRun()
        } else {
            allEmpty = count == 0 ? wasEmpty : allEmpty && wasEmpty
            count += 1
        }
    }

    /// The end reason once the run is `limit` long.
    func endReason(limit: Int) -> EndReason? {
        guard count >= limit else { return nil }
        return EndReason(allEmpty ? "\(count) empty pages in a row" : "\(count) pages in a row brought nothing new")
    }
}
