/// Where the re-fetch of one dropped page stands. One value per page, so a page cannot be both
/// on its way and failed.
public enum Refetch: Sendable, Equatable {
    /// Asked for by this request; only its answer fills the page.
    case loading(RequestID)
    /// The re-fetch failed with this message; the page's rows say so until `r` asks again.
    case failed(String)

    var isLoading: Bool { request != nil }

    /// The request on its way, if any.
    var request: RequestID? {
        if case .loading(let id) = self { return id }
        return nil
    }
}
