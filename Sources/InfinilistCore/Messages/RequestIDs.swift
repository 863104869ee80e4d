/// The one place a model's request ids come from: each request it makes gets the next, so no two
/// requests of one model ever share an id, whichever part of the model makes them (the tail, a
/// re-fetch, a poll; the dump's pages and polls). An answer is then told from a superseded one by
/// its id alone (issue 34: ids were minted by hand in four places).
public struct RequestIDs: Sendable {
    private var last = 0

    public init() {}

    /// A request for `page`, with the next id.
    public mutating func request(page: Int, for purpose: RequestPurpose = .next) -> PageRequest {
        PageRequest(id: next(), page: page, purpose: purpose)
    }

    /// The next id, for a request that is not a page's (`Effect.countRows`).
    public mutating func next() -> RequestID {
        last += 1
        return RequestID(last)
    }
}
