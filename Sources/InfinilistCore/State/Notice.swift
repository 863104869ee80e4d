/// A short note for the status line; the next key or mouse event clears it.
///
/// It is data, not text: the core decides what to do with a note by its case (a search that
/// finds its match removes its own "searching page" note but no other), and `text` is the one
/// place that words each case for the screen.
public enum Notice: Sendable, Equatable {
    /// `n` or `N` with no search before it.
    case noPreviousSearch
    /// Esc stopped a search that was loading pages.
    case searchStopped
    /// Esc stopped `G` reading to the end of the input.
    case readToEndStopped
    /// The search went past the end (or the top) and found its match on the other side.
    case searchWrapped
    /// The search looked at every row it could and found nothing.
    case notFound(query: String)
    /// A forward search examined every loaded row, but the tail failed, so rows beyond are unknown.
    case notFoundBeforeFailedPage
    /// The page a forward search was waiting for at the tail failed (0-based page).
    case searchStoppedAtFailedPage(Int)
    /// A dropped page a search waited for could not be fetched again (0-based page).
    case searchStoppedAtFailedRefetch(Int)
    /// A search met a dropped page whose earlier re-fetch failed with `message`.
    case searchStoppedAtUnavailablePage(Int, message: String)
    /// A search is waiting for a dropped page (0-based) to come back.
    case searchingPage(Int)
    /// The filter is fetching a dropped page (0-based) it could not test yet.
    case filterTestingPage(Int)
    /// A dropped page (0-based) came back with a different number of items.
    case pageChanged(Int)
    /// A refresh cleared this many marks that had no id to find their item by.
    case marksWithoutIDCleared(Int)
    /// A page (0-based) loaded but is not whole, as its source says (GraphQL errors beside data).
    case pageWarning(Int, message: String)

    /// The words on the status line.
    public var text: String {
        switch self {
        case .noPreviousSearch: return "no previous search"
        case .searchStopped: return "search stopped"
        case .readToEndStopped: return "stopped reading to the end"
        case .searchWrapped: return "search wrapped"
        case .notFound(let query): return "not found: \(query)"
        case .notFoundBeforeFailedPage: return "not found in the loaded rows (a page failed: r retries)"
        case .searchStoppedAtFailedPage(let page): return "search stopped: page \(page + 1) failed"
        case .searchStoppedAtFailedRefetch(let page): return "search stopped: page \(page + 1) failed (r retries)"
        case .searchStoppedAtUnavailablePage(let page, let message):
            return "search stopped: page \(page + 1): \(message) (r retries)"
        case .searchingPage(let page): return "searching page \(page + 1)… (Esc stops)"
        case .filterTestingPage(let page): return "filter: testing page \(page + 1)…"
        case .pageChanged(let page): return "page \(page + 1) has changed since it was first loaded"
        case .marksWithoutIDCleared(let count): return "\(Counted.text(count, "mark")) without an id cleared"
        case .pageWarning(let page, let message): return "page \(page + 1): \(message)"
        }
    }

    /// Whether this is the filter's progress note, which the filter replaces and removes itself.
    var isFilterProgress: Bool {
        if case .filterTestingPage = self { return true }
        return false
    }

    /// Whether this is a search's progress note, which the search removes once it moves on.
    var isSearchProgress: Bool {
        if case .searchingPage = self { return true }
        return false
    }
}
