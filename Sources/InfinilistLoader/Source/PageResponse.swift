import InfinilistCore

/// What a source's transport hands to its paging rules: one decoded answer, before any rule
/// (duplicates, loops, the end) was applied. The same shape for every source, so a pagination
/// style reads an HTTP answer, a demo page or (later) a chunk of a file alike.
public struct PageResponse: Sendable {
    /// Where the answer came from (the URL that finally answered, after redirects); relative next
    /// links resolve against it.
    public let url: String
    public let status: Int
    public let headers: [HeaderField]
    /// The answer's document. Where its items were kept as compact JSON (`PageItems`), their
    /// array holds `[]` here: what the paging rules read is beside the items, or in them through
    /// `items`.
    public let body: JSONValue
    /// The page's items as received, before de-duplication.
    public let items: PageItems
    /// `--verbose` lines about the exchange (the request line), said before the paging notes.
    public var notes: [String]
    /// The transport's own word that the list ends here, whatever the paging style would say: an
    /// empty answer (HTTP 204, or a success with no body at all).
    public var end: EndReason?
    /// The transport's word that the page loaded but is not whole (a GraphQL answer with errors
    /// beside its data): one line for the user, passed on in `FetchedPage.warning`.
    public var warning: String?
    /// For standard input or a file: where the next page starts.
    public var stream: StreamPosition?
    /// The pages a pass went over before this one (a file's, `StreamReader.pass`).
    var pass: StreamPass?
    /// For a streaming answer read as a live list: the connection's state.
    public var live: LiveStatus?
    /// For standard input or a file: what each of `items` is (a value, a line that is not JSON,
    /// a note about input that could not be kept); empty when every item is a value.
    public var kinds: [Item.Kind] = []
    /// For a stream of server-sent events: each item's own event id (nil for an event without
    /// one), beside `items`; empty when no event of the page named an id.
    public var eventIDs: [String?] = []

    public init(url: String, status: Int = 200, headers: [HeaderField] = [], body: JSONValue, items: PageItems, notes: [String] = []) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.items = items
        self.notes = notes
    }

    public init(url: String, status: Int = 200, headers: [HeaderField] = [], body: JSONValue, items: [JSONValue], notes: [String] = []) {
        self.init(url: url, status: status, headers: headers, body: body, items: PageItems(items), notes: notes)
    }
}
