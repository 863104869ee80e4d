import InfinilistCore

/// One page as the loader hands it on: the items, and what follows them.
public struct FetchedPage: Sendable, Equatable {
    /// What comes after a page: decided once, by the source's paging rules.
    public enum Continuation: Sendable, Equatable {
        /// The next page is fetched with this key.
        case next(PageKey)
        /// The list ends after this page, for this reason.
        case end(EndReason)
    }

    public var items: [Item]
    public var continuation: Continuation
    /// The total number of items, when the API reports it.
    public var total: Int?
    /// The walk's index of the list's last page, when the answer says it (`LastPage`).
    public var lastPage: Int?
    /// Explanations for `--verbose` (the style's decisions); never shown in the list.
    public var notes: [String]
    /// Something the user should know about this page although it loaded (a GraphQL answer with
    /// errors beside its data): one line, shown as a notice and by `--dump` on stderr.
    public var warning: String?
    /// Set for a page of a live list (a streaming answer).
    public var live: LiveStatus?
    /// The kept items parsed, one for each of `items`, when the source's shape keeps them
    /// (`ItemShape.keepsValues`); nil otherwise.
    public var values: [JSONValue]?
    /// For a pass: the pages passed over before this one (`PassedPages`); nil when none was.
    public var passed: PassedPages?
    /// A poll's page: `items` are its new ones only, and this says it reached an item the list
    /// holds, or held none (`PageResult.reachedKnown`).
    public var reachedKnown = false

    public init(items: [Item], continuation: Continuation, total: Int? = nil, notes: [String] = [], warning: String? = nil) {
        self.items = items
        self.continuation = continuation
        self.total = total
        self.notes = notes
        self.warning = warning
    }

    /// The key of the next page; nil when this page is the last one.
    public var next: PageKey? {
        if case .next(let key) = continuation { return key }
        return nil
    }

    /// Why the list ends here; nil when a next page follows.
    public var end: EndReason? {
        if case .end(let reason) = continuation { return reason }
        return nil
    }

    public var isLast: Bool { end != nil }
}
