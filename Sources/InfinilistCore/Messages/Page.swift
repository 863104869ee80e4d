/// Identifies one request for one page, so that a late answer to a superseded request can be
/// recognised and dropped.
public struct RequestID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: RequestID, b: RequestID) -> Bool { a.value < b.value }
    public var description: String { "#\(value)" }
}

/// What a request is for, said by the core, which alone knows: the loader never has to guess
/// from page numbers whether an answer may move the walk on.
public enum RequestKind: Sendable, Hashable {
    /// The page after the last one loaded (the tail; also its retry after a failure): its answer
    /// moves the walk on (next key, end, ids seen).
    case next
    /// A page loaded before and dropped from memory, asked for again: its answer refills rows and
    /// changes nothing of the walk.
    case refetch
    /// Page 0 of a refresh: the walk starts over (later pages may be addressed differently now:
    /// cursors, shifted offsets), and what is in flight is cancelled.
    case restart
    /// Page 0 (or a page after it) asked for again to look for new items at the top of a live
    /// list: like `refetch`, it does not move the walk on.
    case poll
}

extension RequestKind {
    /// Whether an answer to this kind of request is read at the tail and may move the walk on
    /// (a next key, the end, ids seen): the tail's requests, not a re-fetch or a poll. The one
    /// rule of it; `Walk.rereads` adds that a page at or below the tail is read again whatever
    /// asked for it, and the loader fetches ahead only for these kinds.
    public var readsTail: Bool {
        switch self {
        case .next, .restart: true
        case .refetch, .poll: false
        }
    }
}

/// Where a page of a poll stands: polls of a live list walk from the first page anew each time
/// (a round), apart from the list's own walk, so the loader keeps each round's page keys apart.
public struct PollAddress: Sendable, Hashable {
    /// Which poll (1, 2, …): a round reads page 0 first, then, while every item it meets is new,
    /// the pages after it; a gap row loads more pages of its round later.
    public let round: Int
    /// The page within the round's walk, 0-based.
    public let index: Int

    public init(round: Int, index: Int) {
        self.round = round
        self.index = index
    }

    /// The page after this one in the same round.
    public var next: PollAddress { PollAddress(round: round, index: index + 1) }
}

/// Whose request it is and what its answer is for: one value, so that a request cannot say
/// two things at once (a poll address on a tail request, a reach on a poll). The core routes
/// each answer by it to the one part that made the request (issue 34: answers were offered to
/// the poll, re-fetch and tail owners in turn).
public enum RequestPurpose: Sendable, Hashable {
    /// The page after the last one loaded (the tail; also its retry after a failure).
    case next
    /// Page 0 of a refresh: the walk starts over.
    case restart
    /// A page of the list's walk loaded before and dropped from memory, asked for again. Once
    /// polls put items above the list, the server's numbered pages have shifted down since it was
    /// read, so its last items are on the pages after it now: `following` pages after it are read
    /// with it, handed on as one page, and the core picks the page's items out by identity
    /// (`PageStore.pagesShifted(after:)`).
    case refetch(following: Int)
    /// New items a poll put above the list, asked for again: the top of a live list moves on
    /// between polls, so such a page is not asked for by its old address; the loader reads the
    /// list from its first page until it has read `reach` items and a page more, and the core
    /// picks the page's items out by identity.
    case refetchNewItems(reach: Int)
    /// A page of a poll for new items at the top of a live list: which round and page of it.
    case poll(PollAddress)
    /// The page after the last one loaded, like `next`, but the loader may pass over whole pages
    /// on the way to `PassTarget` without reading their items (a file of JSON lines is counted by
    /// its line breaks): the answer then says how many pages it passed (`PageResult.passed`),
    /// which the store keeps as dropped pages, read again when they come into view (decision 145).
    case pass(PassTarget)
}

/// How far a `pass` request may pass over pages.
public enum PassTarget: Sendable, Hashable {
    /// To the last page of the input: `G` on a file.
    case end
    /// To the page that holds the item this many items after the requested page's first (0:
    /// that page itself): `NG`.
    case item(Int)
    /// To the page that holds the first line after the tail that may hold `query` (`/`); made
    /// only by `search(_:)`.
    case match(String)

    /// A pass for a search of `query`, when a line whose bytes lack it cannot show it either
    /// (the loader reads every line that might: `LineMatch`). A row's text is its values as
    /// written (strings unescaped), compact JSON of a nested value (whose `{}[]",` and a `:` after
    /// a key's quote may stand elsewhere than in the line, a key given twice), a summary of names
    /// joined by `, `, or a date range's ends joined by ` → `: so the query is printable ASCII,
    /// without `{}[]",`, not starting with `:`, not starting or ending with a space. Nil: the
    /// search reads every page.
    public static func search(_ query: String) -> PassTarget? {
        let bytes = Array(query.utf8)
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20, first != 0x3A,
              bytes.allSatisfy({ (0x20...0x7E).contains($0) && !Self.notInBytes.contains($0) }) else { return nil }
        return .match(query)
    }

    /// What a row's text may hold where the line's bytes do not.
    private static let notInBytes = Set("{}[]\",".utf8)
}

/// Pages a `pass` answer went over before its own: `pages` pages of `rowsEach` items each, their
/// items not read. The answer's items are the page after them.
public struct PassedPages: Sendable, Equatable {
    public let pages: Int
    public let rowsEach: Int

    public init(pages: Int, rowsEach: Int) {
        self.pages = pages
        self.rowsEach = rowsEach
    }
}

/// A request the core makes of the loader: "fetch page `page` (0-based ordinal in the list), for
/// this reason". How that page is addressed (page number, offset, cursor, next URL, a body) is the
/// loader's business.
public struct PageRequest: Sendable, Hashable {
    public let id: RequestID
    /// The list's page ordinal (0, 1, …); for a poll's page, or a page of new items put above
    /// the list, a negative number the core chose for it (so in-flight pages never clash).
    public let page: Int
    public let purpose: RequestPurpose

    public init(id: RequestID, page: Int, purpose: RequestPurpose = .next) {
        self.id = id
        self.page = page
        self.purpose = purpose
    }

    /// What the loader must do with the walk: derived from the purpose.
    public var kind: RequestKind {
        switch purpose {
        case .next, .pass: .next
        case .restart: .restart
        case .refetch, .refetchNewItems: .refetch
        case .poll: .poll
        }
    }

    /// For a poll: which round and page of the polls it is. Nil for the list's own pages.
    public var poll: PollAddress? {
        if case .poll(let address) = purpose { return address }
        return nil
    }

    /// For a re-fetch of new items a poll put above the list: how many rows from the top of the
    /// list its items reach.
    public var reach: Int? {
        if case .refetchNewItems(let reach) = purpose { return reach }
        return nil
    }

    /// For a pass: how far the loader may pass over pages; nil for any other request.
    public var passTarget: PassTarget? {
        if case .pass(let target) = purpose { return target }
        return nil
    }

    /// For a re-fetch of a page of the list's walk: how many pages after it to read with it.
    public var following: Int {
        if case .refetch(let following) = purpose { return following }
        return 0
    }
}

/// Why a source has no more pages; shown in the footer row and by `--dump -v`.
public struct EndReason: Sendable, Equatable, CustomStringConvertible {
    public let text: String
    /// The server said there is more but gave nothing paging can follow (a next link that cannot
    /// be requested, `hasNextPage` without a cursor): the list stopped short of its end, which a
    /// `--dump` says with its exit status.
    public let stoppedShort: Bool
    public init(_ text: String) {
        self.text = text
        stoppedShort = false
    }

    public init(stoppedShort text: String) {
        self.text = text
        stoppedShort = true
    }

    public var description: String { text }
}

/// A page as the loader delivers it to the core.
public struct PageResult: Sendable, Equatable {
    public let request: PageRequest
    public let items: [Item]
    /// Non-nil when this page is the last one.
    public let end: EndReason?
    /// The total number of items when the API reports one.
    public let total: Int?
    /// Time from sending the request to having the items, in seconds.
    public let latency: Double
    /// The page loaded but is not whole (a GraphQL answer with errors beside its data): one line
    /// the user is shown, as a notice on the screen and on stderr with `--dump`.
    public let warning: String?
    /// Set when the page is part of a live list (a streaming answer): the next page is read as
    /// soon as this one is in, wherever the cursor is.
    public var live: LiveStatus? = nil
    /// Each item's JSON parsed, one for one, when the loader was asked for them: the loader
    /// parses off the event loop, so laying a page out as a table costs the loop no parse.
    /// Never kept: the store holds items, not trees.
    public var values: [JSONValue]? = nil
    /// For a `pass` request: the pages passed over before this one (the page is then
    /// `request.page + passed.pages`); nil when none was.
    public var passed: PassedPages? = nil
    /// For a poll's page (`RequestKind.poll`): `items` are only its new ones, as the loader kept
    /// them (`PollRun.newItems`), and this says the page reached an item the list holds, or held
    /// none, so the run's new items end with it.
    public var reachedKnown = false

    public init(request: PageRequest, items: [Item], end: EndReason? = nil, total: Int? = nil, latency: Double = 0, warning: String? = nil) {
        self.request = request
        self.items = items
        self.end = end
        self.total = total
        self.latency = latency
        self.warning = warning
    }
}

/// A page that could not be loaded, after the loader's own retries.
public struct PageFailure: Sendable, Equatable, Error {
    public let request: PageRequest
    /// One line for the footer row, e.g. `HTTP 503 Service Unavailable from example.com`.
    public let message: String

    public init(request: PageRequest, message: String) {
        self.request = request
        self.message = message
    }
}
