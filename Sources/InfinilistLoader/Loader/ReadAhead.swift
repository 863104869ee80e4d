import InfinilistCore

/// How far the loader fetches pages before they are asked for. The list asks for pages by its
/// own prefetch distance and fetches nothing ahead (`none`); `--dump` writes every page, so it
/// gains from having the next answer on its way while the last one is read and written.
///
/// - Depth 1 (`--dump`'s default): the next page is requested as soon as its key is known (a
///   cursor or next link read from the answer), while this page's items are built and written.
///   Still one request at a time: many APIs ask for serial requests.
/// - Depth N (`--parallel N`): as well, the N − 1 pages after the one asked for, when the source
///   can predict their keys (page numbers and offsets), so up to N requests are in flight. At most
///   N − 1 of them are past the end when the API gives no total, none when it does (an item
///   total, a page count or `rel="last"`).
///
/// A fetch that has to wait (a rate limit, a pacing interval, a retry) means the server wants
/// fewer requests: from then on nothing is predicted, and depth 1 is kept.
public struct ReadAhead: Sendable, Equatable {
    public let depth: Int
    /// A fetch had to wait: predictions stop for the rest of the run.
    private(set) var slowedDown = false
    /// The item count of the last page read at the tail: offsets are predicted with it.
    var lastItemCount: Int?

    /// `--max-items`: once this many items were read, no page is fetched ahead (the dump stops).
    let itemBudget: Int?
    /// Items read at the tail so far.
    var itemsRead = 0

    public static let none = ReadAhead(depth: 0)

    public init(depth: Int, itemBudget: Int? = nil) {
        self.depth = max(0, depth)
        self.itemBudget = itemBudget
    }

    /// Whether the items read so far are all that is wanted.
    var isSatisfied: Bool { itemBudget.map { itemsRead >= $0 } ?? false }

    /// How many pages may be predicted past a known key.
    var predictedPages: Int { slowedDown ? 0 : max(0, depth - 1) }

    /// Whether a page starting `offset` items into the list is past what `--max-items` wants.
    /// (Past the end the API announced is the walk's to say: `Walk.isPastAnnouncedEnd`.)
    func isPastBudget(offset: Int) -> Bool {
        itemBudget.map { offset >= $0 } ?? false
    }

    mutating func slowDown() { slowedDown = true }
}
