import Synchronization

/// Answers kept for conditional requests: a page's body as it was read, with its `ETag` and
/// `Last-Modified`, by request address. When a page is asked for again (a re-fetch of rows the
/// screen dropped, a refresh, a poll) the request carries `If-None-Match`/`If-Modified-Since`,
/// and a `304 Not Modified` hands back the kept answer, decoded again, without reading a body. On
/// GitHub a 304 does not count against the rate limit, so scrolling back costs nothing.
///
/// The bytes are kept, not the decoded answer: a parsed page is about two and a half times its
/// bytes, and it shared its items with the pager, which could then free no item's tree while
/// it built the rows (decision 82). Parsing again on a 304 costs what a 200 would, less the
/// network.
///
/// Bounded like the page window, in items: twice `--keep`, or forty of the largest pages seen
/// (the window keeps twenty). Over the budget, the answers for the pages farthest from the one
/// just read go first, as the window drops the pages farthest from the cursor: scrolling reads
/// pages in order, and dropping the least recently used instead would drop, at every step, the
/// very page the scroll reaches next. The first page's answer is the exception: it is never the
/// one dropped, since a followed list asks for it again every interval (and `R` asks for it
/// first); keeping it again for a poll measures distances from the page last read elsewhere, so
/// polling does not push out the answers near the cursor. Shared by concurrent fetches, hence
/// the lock.
final class KeptAnswers: Sendable {
    /// A kept answer and what makes it revalidatable.
    struct Kept: Sendable {
        /// The answer as it was read (a success with a body).
        let body: HTTPBody
        /// How many items it held: what it weighs against the budget.
        let items: Int
        let etag: String?
        let lastModified: String?

        /// The headers that ask the server whether the answer is still current.
        var conditions: [HeaderField] {
            var fields: [HeaderField] = []
            if let etag { fields.append(HeaderField(name: "If-None-Match", value: etag)) }
            if let lastModified { fields.append(HeaderField(name: "If-Modified-Since", value: lastModified)) }
            return fields
        }
    }

    private struct State {
        var entries: [String: (kept: Kept, page: Int)] = [:]
        var items = 0
        var largestPage = 1
        /// The last page kept other than the first: where the reading is.
        var focus = 0
    }

    private let state = Mutex(State())
    /// `--keep`, the window's size in items; nil when the window sizes itself by the pages.
    private let windowItems: Int?

    init(windowItems: Int?) {
        self.windowItems = windowItems
    }

    /// The kept answer for `address`; nil when none is kept.
    func kept(for address: String) -> Kept? {
        state.withLock { $0.entries[address]?.kept }
    }

    /// Keeps `body`, the answer to `address` with `items` items, when its headers make it
    /// revalidatable (an `ETag` or a `Last-Modified`, and no `Cache-Control: no-store`); otherwise
    /// forgets any answer kept for it. Then drops the answers farthest from `page` while over the
    /// budget.
    func keep(_ body: HTTPBody, items: Int, for address: String, page: Int) {
        let etag = body.headers.first(named: "etag")
        let lastModified = body.headers.first(named: "last-modified")
        let noStore = body.headers.first(named: "cache-control")?.lowercased().contains("no-store") == true
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: address) { state.items -= Self.size(of: old.kept) }
            guard etag != nil || lastModified != nil, !noStore else { return }
            let kept = Kept(body: body, items: items, etag: etag, lastModified: lastModified)
            state.largestPage = max(state.largestPage, items)
            state.items += Self.size(of: kept)
            state.entries[address] = (kept, page)
            let budget = windowItems.map { 2 * $0 } ?? 40 * state.largestPage
            if page != 0 { state.focus = page }
            let focus = state.focus
            // Empty pages weigh nothing, but there are never more answers than items allowed.
            while state.items > budget || state.entries.count > budget {
                let others = state.entries.lazy.filter { $0.key != address && $0.value.page != 0 }
                guard let farthest = others.max(by: { abs($0.value.page - focus) < abs($1.value.page - focus) }) else { break }
                state.entries[farthest.key] = nil
                state.items -= Self.size(of: farthest.value.kept)
            }
        }
    }

    /// How many answers are kept (for tests).
    var count: Int { state.withLock { $0.entries.count } }

    private static func size(of kept: Kept) -> Int { kept.items }
}
