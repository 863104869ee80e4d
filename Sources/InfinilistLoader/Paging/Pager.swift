import InfinilistCore

/// The paging rules of an HTTP list, as a pure function over the walk: from an answer, the key it
/// answered, what the request was for and the walk so far, to the page's items, what follows and
/// the walk after it. First the style's decision, then the rules every style shares, each
/// explained in a `-v` note:
/// - a request that would repeat an earlier one (a cursor or link coming back) stops the walk;
/// - a long run of pages that bring nothing new (empty, or only items seen before) stops it;
/// - `--max-pages` stops it;
/// - a page that repeats the one before stops a page or offset walk (the API ignores the parameter);
/// - items seen on another page are dropped, in every style: by `--id`, else by an id found by
///   `IdDetection`, else by their JSON (an API that answers the same item on two pages sent it
///   twice; equal items on one page are kept, as they may both be real).
/// A page read again (a re-fetch, a poll) is checked against the walk but changes nothing, and
/// what follows it is what the walk learnt the first time.
struct Pager: Sendable {
    let style: any PaginationStyle
    let shape: ItemShape
    /// How a key becomes a request (method, headers, body around the style's URL).
    var requests = RequestTemplate()
    /// `--max-pages N`; nil for no cap.
    let maxPages: Int?
    /// Pages in a row bringing nothing new that end the walk.
    var maxBarrenRun = 10

    init(style: any PaginationStyle, shape: ItemShape, maxPages: Int?, requests: RequestTemplate = RequestTemplate()) {
        self.style = style
        self.shape = shape
        self.maxPages = maxPages
        self.requests = requests
    }

    func startWalk() -> Walk {
        let first = style.firstKey()
        return Walk(firstKey: first, firstAddress: request(for: first).address)
    }

    func request(for key: PageKey) -> SourceRequest {
        requests.request(url: style.url(for: key), key: key, limit: style.pageSize)
    }

    /// `-v` lines said before a page's request line: the style, on the first page.
    func openingNotes(for key: PageKey) -> [String] {
        key.index == 0 ? ["paging by \(style.name)"] : []
    }

    /// The key after `key` before its answer is in, when the style can tell (counters); never
    /// past `--max-pages`.
    func predictedKey(after key: PageKey, itemCount: Int?) -> PageKey? {
        guard let next = style.predictedKey(after: key, itemCount: itemCount ?? style.pageSize) else { return nil }
        if let maxPages, next.index >= maxPages { return nil }
        return next
    }

    /// The page to hand to the loader for `response`, the answer to `key`. Everything that reads
    /// the page as a whole (which field identifies items, whether it repeats the page before, what
    /// the style says follows) runs first; then the rows are built, each item's tree freed as its
    /// row is made, so a page is never held twice (decision 82).
    func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        let rereading = walk.rereads(key.index, kind: kind)
        var notes: [String] = []
        let paths = identifyingPaths(of: response.items, page: key.index, rereading: rereading, walk: &walk, notes: &notes)
        let total = style.total(in: response)
        let lastPage = style.lastPageIndex(after: key, response: response)
        var styleNotes: [String] = []
        let verdict = styleVerdict(after: key, response: response, rereading: rereading, walk: &walk, notes: &styleNotes)
        let warning = response.warning
        // The answer goes now, its document with it: the items are then held only here, and each
        // item's tree is freed as its row is built.
        var values = (consume response).items
        let wasEmpty = values.isEmpty
        let (items, kept, broughtNew) = rows(consuming: &values, paths: paths, page: key.index, rereading: rereading, walk: &walk, notes: &notes)
        notes += styleNotes
        var decided = verdict
        if case .next(let next) = verdict, let reason = sharedEnd(for: next, rereading: rereading, broughtNew: broughtNew, wasEmpty: wasEmpty, walk: &walk) {
            decided = .end(reason)
        }
        if case .end(let reason) = decided { notes.append("stopped: \(reason.text)") }
        var continuation = decided
        if rereading {
            continuation = walk.continuation(after: key.index) ?? decided
        } else {
            walk.advance(past: key.index, to: decided)
        }
        var page = FetchedPage(items: items, continuation: continuation, total: total, notes: notes, warning: warning)
        page.lastPage = lastPage
        page.values = kept
        return page
    }

    /// What the answer and the style say follows the page, before the rules that need its rows
    /// (`sharedEnd`).
    private func styleVerdict(
        after key: PageKey,
        response: PageResponse,
        rereading: Bool,
        walk: inout Walk,
        notes: inout [String]
    ) -> FetchedPage.Continuation {
        if let end = response.end { return .end(end) }
        // A page read again is not compared: its digest would displace the tail's, and its
        // neighbour below may be gone from memory or legitimately equal by now.
        if !rereading, style.repeatReason == nil, walk.repeatsPrevious(response.items, page: key.index) {
            return .end(EndReason("page \(key.index + 1) repeats page \(key.index): the API may ignore the paging parameter"))
        }
        switch style.next(after: key, response: response) {
        case .end(let reason, let styleNotes):
            notes += styleNotes
            return .end(reason)
        case .page(let next, let styleNotes):
            notes += styleNotes
            return .next(next)
        }
    }

    /// The rules that hold whatever the style: loops, runs of pages with nothing new, the page
    /// cap. A page read again skips the first two: the walk keeps what it learnt the first time,
    /// so recording anything now would only mislead later checks.
    private func sharedEnd(
        for next: PageKey,
        rereading: Bool,
        broughtNew: Bool,
        wasEmpty: Bool,
        walk: inout Walk
    ) -> EndReason? {
        if !rereading {
            if let reason = style.repeatReason {
                let address = request(for: next).address
                if let earlier = walk.addresses[address], earlier != next.index { return reason }
                walk.addresses[address] = next.index
            }
            walk.barrenRun.record(broughtNew: broughtNew, wasEmpty: wasEmpty)
            if let reason = walk.barrenRun.endReason(limit: maxBarrenRun) { return reason }
        }
        if let maxPages, next.index >= maxPages { return EndReason("--max-pages \(maxPages) reached") }
        return nil
    }

    /// The fields that identify a page's items, chosen from the whole page before any row is
    /// built.
    private struct IdentifyingPaths {
        /// What decides that an item is a duplicate: `--id`, else an id found by `IdDetection`
        /// (nil: the item's JSON, seen on another page).
        var duplicates: JSONPath?
        /// The identity that tells a live list's new items from those it holds, when `--id` is
        /// not given: the walk's id field, chosen on its first page with items.
        var identity: JSONPath?
    }

    private func identifyingPaths(
        of values: PageItems,
        page index: Int,
        rereading: Bool,
        walk: inout Walk,
        notes: inout [String]
    ) -> IdentifyingPaths {
        var paths = IdentifyingPaths(duplicates: shape.idPath)
        guard shape.idPath == nil else { return paths }
        if let detected = IdDetection.detect(in: values) {
            paths.duplicates = detected
            if index == 0, !rereading {
                notes.append("dropping items already seen, by \(detected) (auto-detected; --id PATH to choose another field)")
            }
        }
        // An identity never drops an item; it only decides what a poll calls new.
        if walk.identity == .undecided, !values.isEmpty {
            walk.identity = (paths.duplicates ?? IdDetection.detect(in: values)).map(IdentityChoice.field) ?? .json
        }
        if case .field(let path) = walk.identity { paths.identity = path }
        return paths
    }

    /// The page's items as the core stores them, without duplicates, and whether any of them is
    /// new to the list. An item is parsed only when its row needs a tree (`ItemShape.item(at:of:)`),
    /// and a tree held by the page is released as its row is built, so the page's trees shrink
    /// while its rows grow; unless the shape keeps them for the screen (`ItemShape.keepsValues`):
    /// then the kept items' values are returned too.
    private func rows(
        consuming values: inout PageItems,
        paths: IdentifyingPaths,
        page index: Int,
        rereading: Bool,
        walk: inout Walk,
        notes: inout [String]
    ) -> (items: [Item], values: [JSONValue]?, broughtNew: Bool) {
        var kept: [Item] = []
        kept.reserveCapacity(values.count)
        var keptValues: [JSONValue]?
        if shape.keepsValues { keptValues = []; keptValues?.reserveCapacity(values.count) }
        var broughtNew = false
        var seenHere: Set<ItemIdentity> = []
        var pollIdentitiesHere: Set<ItemIdentity> = []
        for position in 0..<values.count {
            let (built, value) = shape.item(at: position, of: &values)
            var item = built
            // A field of the item: from its tree when it was parsed, else from its compact JSON.
            func field(_ path: JSONPath) -> String? {
                (value.map { $0[path] } ?? values.member(path, at: position))?.idText
            }
            // `Item.id` stays what `--id` says; a detected field only decides what is a duplicate.
            let duplicateID = paths.duplicates.flatMap(field)
            // Usually the same field: read once.
            let identityID = paths.identity == paths.duplicates ? duplicateID : paths.identity.flatMap(field)
            if let id = identityID {
                item = Item(jsonText: item.jsonText, text: item.text, id: item.id, cells: item.cells, identity: .id(id))
            }
            let identity = duplicateID.map(ItemIdentity.id) ?? .json(item.jsonText)
            // Polls know the item by `Item.identity`. Where its page judges duplicates by another
            // key (detection gave up on this page, or found another field), the item is also
            // judged by that identity once polls put items above the list, as the screen did
            // before decision 162 (`SeenItems.judgeApart`), and a kept item is known by it.
            let judgedApart = item.keepsIdentity ? item.identity != identity : duplicateID != nil
            if judgedApart, let news = walk.seen.judgeApart(item.identity, keptOnPage: pollIdentitiesHere) {
                if news { broughtNew = true }
                continue
            }
            let verdict = walk.seen.judge(identity, byID: duplicateID != nil, page: index, rereading: rereading, idsOnPage: &seenHere)
            if verdict.isNew { broughtNew = true }
            if verdict.keep {
                if judgedApart {
                    pollIdentitiesHere.insert(item.identity)
                    if !rereading { walk.seen.rememberForPolls(item.identity) }
                }
                kept.append(item)
                if let value { keptValues?.append(value) }
            }
        }
        let skipped = values.count - kept.count
        if skipped > 0 {
            notes.append("skipped \(Counted.text(skipped, "item")) already seen (same \(paths.duplicates?.description ?? "JSON"))")
        }
        return (kept, keptValues, broughtNew)
    }
}
