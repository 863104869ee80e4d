import InfinilistCore

/// One page as a source returns it: the items, and what the loader needs to ask for the next page.
///
/// The end of the list is said once, here, by the source that knows the API's rules; the loader and
/// the core only ever look at `next` and `end`.
public struct FetchedPage: Sendable, Equatable {
    public var items: [Item]
    /// How to fetch the following page; nil when this page is the last one.
    public var next: PageKey?
    /// Why the list ends here. Always non-nil when `next` is nil.
    public var end: EndReason?
    /// The total number of items, when the API reports it.
    public var total: Int?
    /// Explanations for `--verbose` (the URL requested, the style's decisions); never shown in the list.
    public var notes: [String]

    /// A page that is followed by `next`, or the last page when `next` is nil (then `end` says why;
    /// a generic reason is used if it does not).
    public init(items: [Item], next: PageKey?, end: EndReason? = nil, total: Int? = nil, notes: [String] = []) {
        self.items = items
        self.next = next
        self.end = next == nil ? (end ?? EndReason("end of list")) : end
        self.total = total
        self.notes = notes
    }

    public var isLast: Bool { next == nil }
}
