/// What is happening at the end of the list; the footer row shows it.
public enum TailState: Sendable, Equatable {
    /// More pages may exist; none is being fetched (the cursor is far from the end).
    case idle
    /// The next page is being fetched by this request. `wait` is the loader's latest countdown
    /// while it holds this request back (rate limit, retry backoff, pacing): it lives here so a
    /// wait exists only while its request loads, and goes with it.
    case loading(PageRequest, wait: PageWait? = nil)
    /// The next page failed; `r` asks for it again.
    case failed(page: Int, message: String)
    /// The source has no more pages.
    case ended(EndReason)
}

extension TailState {
    /// Whether the source has no more pages.
    public var isEnded: Bool {
        if case .ended = self { return true }
        return false
    }
}
