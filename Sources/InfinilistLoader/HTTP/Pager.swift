import InfinilistCore
import Synchronization

/// Everything between "a page arrived" and "here are its items and the next key": the style's
/// decision, then the rules every style shares, each explained in a `-v` note:
/// - a request that would repeat an earlier one (a cursor or link coming back) stops the walk;
/// - a long run of empty pages stops it (`maxEmptyRun`);
/// - `--max-pages` stops it;
/// - a page that repeats the one before stops a page or offset walk (the API ignores the parameter);
/// - items seen on another page are dropped (`--id`, or an id found by `IdDetection` on page and
///   offset APIs).
/// Kept apart from `HTTPSource` so that the fetching code (retries, rate limits) and the paging
/// code change independently.
///
/// The guards' memory describes the walk at the tail. A page below the highest one processed is a
/// re-fetch (the screen dropped its rows and wants them back): it is checked against what is
/// known but changes nothing, so later pages come out as they would have without it. Only
/// `reset()`, called for a real refresh, starts the guards over; fetching page 0 again does not.
struct Pager: Sendable {
    let style: any PaginationStyle
    let shape: ItemShape
    /// `--max-pages N`; nil for no cap.
    let maxPages: Int?
    /// Empty pages in a row that end a cursor or link walk.
    var maxEmptyRun = 10

    private let history: AddressHistory
    private let deduplicator = Deduplicator()
    private let repeatedPages = RepeatedPageGuard()
    /// The highest page index processed since the start or the last `reset()`; nil before any.
    private let highest = HighestPage()

    init(style: any PaginationStyle, shape: ItemShape, maxPages: Int?) {
        self.style = style
        self.shape = shape
        self.maxPages = maxPages
        self.history = AddressHistory(firstAddress: style.url(for: style.firstKey()))
    }

    /// Forgets the walk (addresses, ids, page hashes): a refresh, after which the list may have
    /// changed. The loader calls it before fetching page 0 again for a refresh.
    func reset() {
        history.restart(firstAddress: style.url(for: style.firstKey()))
        deduplicator.reset()
        repeatedPages.reset()
        highest.value.withLock { $0 = nil }
    }

    /// Whether page `index` lies below the highest page processed (and so is a re-fetch), noting
    /// it as the highest otherwise. The tail page itself fetched again (a retry) is not a re-fetch:
    /// recording it again replaces what it recorded, as the first fetch would have.
    private func isRefetch(_ index: Int) -> Bool {
        highest.value.withLock { highest in
            if let top = highest, index < top { return true }
            highest = index
            return false
        }
    }

    func firstKey() -> PageKey { style.firstKey() }

    func url(for key: PageKey) -> String { style.url(for: key) }

    /// `-v` lines said before a page's request line: the style, on the first page.
    func openingNotes(for key: PageKey) -> [String] {
        key.index == 0 ? ["paging by \(style.name)"] : []
    }

    /// The page to hand to the loader for `response`, fetched with `key`.
    func page(for key: PageKey, response: PageResponse) -> FetchedPage {
        let refetch = isRefetch(key.index)
        var notes: [String] = []
        let items = self.items(of: response, page: key.index, refetch: refetch, notes: &notes)
        let total = TotalCount.find(in: response)?.value
        // A re-fetched page is not compared: its hash would displace the tail's, and its
        // neighbour below may be gone from the guard's memory or legitimately equal by now.
        if !refetch, style.repeatReason == nil, repeatedPages.repeatsPrevious(response.items.map(\.compactJSON), page: key.index) {
            let reason = EndReason("page \(key.index + 1) repeats page \(key.index): the API may ignore the paging parameter")
            return FetchedPage(items: items, next: nil, end: reason, total: total, notes: notes + ["stopped: \(reason.text)"])
        }
        switch style.next(after: key, response: response) {
        case .end(let reason, let styleNotes):
            return FetchedPage(items: items, next: nil, end: reason, total: total, notes: notes + styleNotes + ["stopped: \(reason.text)"])
        case .page(var next, let styleNotes):
            notes += styleNotes
            next.emptyRun = response.items.isEmpty ? key.emptyRun + 1 : 0
            if let reason = sharedEnd(for: next, refetch: refetch) {
                return FetchedPage(items: items, next: nil, end: reason, total: total, notes: notes + ["stopped: \(reason.text)"])
            }
            return FetchedPage(items: items, next: next, total: total, notes: notes)
        }
    }

    /// The rules that hold whatever the style: loops, runs of empty pages, the page cap. A
    /// re-fetch skips the loop guard: the loader keeps the next key it learned the first time,
    /// so recording a possibly different address now would only mislead later checks.
    private func sharedEnd(for next: PageKey, refetch: Bool) -> EndReason? {
        if !refetch, let reason = style.repeatReason, !history.record(style.url(for: next), forPage: next.index) {
            return reason
        }
        if next.emptyRun >= maxEmptyRun { return EndReason("\(Counted.text(next.emptyRun, "empty page")) in a row") }
        if let maxPages, next.index >= maxPages { return EndReason("--max-pages \(maxPages) reached") }
        return nil
    }

    /// The page's items as the core stores them, without duplicates. An id found by
    /// `IdDetection` only decides what is a duplicate; `Item.id` stays what `--id` says.
    private func items(of response: PageResponse, page index: Int, refetch: Bool, notes: inout [String]) -> [Item] {
        let items = response.items.map(shape.item(from:))
        var idPath = shape.idPath
        var ids = items.map(\.id)
        if idPath == nil, style.itemsMayShift, let detected = IdDetection.detect(in: response.items) {
            idPath = detected
            ids = response.items.map { $0[detected]?.scalarText }
            if index == 0, !refetch {
                notes.append("dropping items already seen, by \(detected) (auto-detected; --id PATH to choose another field)")
            }
        }
        guard let idPath else { return items }
        let kept = refetch
            ? deduplicator.filterRefetched(items, ids: ids, page: index)
            : deduplicator.filter(items, ids: ids, page: index)
        let skipped = items.count - kept.count
        if skipped > 0 {
            notes.append("skipped \(Counted.text(skipped, "item")) already seen (same \(idPath))")
        }
        return kept
    }
}

/// The highest page a `Pager` processed, in a class so that the `Pager` stays a copyable struct
/// whose copies share one walk (a `Mutex` cannot be copied).
private final class HighestPage: Sendable {
    let value = Mutex<Int?>(nil)
}
