import InfinilistCore

/// The paging rules of an HTTP list, as a pure function over the walk: from an answer, the key it
/// answered, what the request was for and the walk so far, to the page's items, what follows and
/// the walk after it. First the style's decision, then the rules every style shares, each
/// explained in a `-v` note:
/// - a request that would repeat an earlier one (a cursor or link coming back) stops the walk;
/// - a long run of pages that bring nothing new (empty, or only items seen before) stops it;
/// - `--max-pages` stops it;
/// - a page that repeats the one before stops a page or offset walk (the API ignores the parameter);
/// - items seen on another page are dropped (`--id`, or an id found by `IdDetection` on page and
///   offset APIs).
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

    /// The page to hand to the loader for `response`, the answer to `key`.
    func page(from response: PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        let rereading = walk.rereads(key.index, kind: kind)
        var notes: [String] = []
        let (items, broughtNew) = self.items(of: response, page: key.index, rereading: rereading, walk: &walk, notes: &notes)
        let total = style.total(in: response)
        let decided = decide(after: key, response: response, rereading: rereading, broughtNew: broughtNew, walk: &walk, notes: &notes)
        if case .end(let reason) = decided { notes.append("stopped: \(reason.text)") }
        guard !rereading else {
            return FetchedPage(items: items, continuation: walk.continuation(after: key.index) ?? decided, total: total, notes: notes, warning: response.warning)
        }
        walk.advance(past: key.index, to: decided)
        return FetchedPage(items: items, continuation: decided, total: total, notes: notes, warning: response.warning)
    }

    private func decide(
        after key: PageKey,
        response: PageResponse,
        rereading: Bool,
        broughtNew: Bool,
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
            if let reason = sharedEnd(for: next, response: response, rereading: rereading, broughtNew: broughtNew, walk: &walk) {
                return .end(reason)
            }
            return .next(next)
        }
    }

    /// The rules that hold whatever the style: loops, runs of pages with nothing new, the page
    /// cap. A page read again skips the first two: the walk keeps what it learnt the first time,
    /// so recording anything now would only mislead later checks.
    private func sharedEnd(
        for next: PageKey,
        response: PageResponse,
        rereading: Bool,
        broughtNew: Bool,
        walk: inout Walk
    ) -> EndReason? {
        if !rereading {
            if let reason = style.repeatReason {
                let address = request(for: next).address
                if let earlier = walk.addresses[address], earlier != next.index { return reason }
                walk.addresses[address] = next.index
            }
            walk.barrenRun.record(broughtNew: broughtNew, wasEmpty: response.items.isEmpty)
            if let reason = walk.barrenRun.endReason(limit: maxBarrenRun) { return reason }
        }
        if let maxPages, next.index >= maxPages { return EndReason("--max-pages \(maxPages) reached") }
        return nil
    }

    /// The page's items as the core stores them, without duplicates, and whether any of them is
    /// new to the list. An id found by `IdDetection` only decides what is a duplicate; `Item.id`
    /// stays what `--id` says.
    private func items(
        of response: PageResponse,
        page index: Int,
        rereading: Bool,
        walk: inout Walk,
        notes: inout [String]
    ) -> (items: [Item], broughtNew: Bool) {
        var items = response.items.map(shape.item(from:))
        var idPath = shape.idPath
        var ids = items.map(\.id)
        if idPath == nil, style.itemsMayShift, let detected = IdDetection.detect(in: response.items) {
            idPath = detected
            ids = response.items.map { $0[detected]?.scalarText }
            if index == 0, !rereading {
                notes.append("dropping items already seen, by \(detected) (auto-detected; --id PATH to choose another field)")
            }
        }
        identify(&items, values: response.items, walk: &walk)
        // The page's own array when nothing is dropped (a page of 10,000 items is not copied);
        // made on the first item dropped.
        var kept: [Item]?
        var broughtNew = false
        var seenHere: Set<String> = []
        for (position, id) in ids.enumerated() {
            let item = items[position]
            // Without an id path nothing is dropped; the JSON only tells whether the page is new.
            let identity: SeenItems.Identity = idPath != nil ? id.map(SeenItems.Identity.id) ?? .json(item.json) : .json(item.json)
            var dropped = false
            if rereading {
                if case .id(let id) = identity {
                    dropped = walk.seen.belongsElsewhere(identity, page: index) || !seenHere.insert(id).inserted
                }
            } else if walk.seen.insert(identity, page: index) {
                broughtNew = true
            } else if case .id = identity {
                dropped = true
            }
            if dropped {
                if kept == nil { kept = Array(items[..<position]) }
            } else {
                kept?.append(item)
            }
        }
        let skipped = items.count - (kept?.count ?? items.count)
        if skipped > 0, let idPath {
            notes.append("skipped \(skipped) item\(skipped == 1 ? "" : "s") already seen (same \(idPath))")
        }
        return (kept ?? items, broughtNew)
    }

    /// The items with the identity that tells a live list's new items from those it holds:
    /// `--id`'s (already each item's `id`), else the walk's id field, chosen on its first page
    /// with items by `IdDetection` whatever the style (an identity never drops an item; it only
    /// decides what a poll calls new), else the item's JSON.
    private func identify(_ items: inout [Item], values: [JSONValue], walk: inout Walk) {
        guard shape.idPath == nil else { return }
        if walk.identity == .undecided, !values.isEmpty {
            walk.identity = IdDetection.detect(in: values).map(IdentityChoice.field) ?? .json
        }
        guard case .field(let path) = walk.identity else { return }
        for (position, value) in zip(items.indices, values) {
            guard let id = value[path]?.scalarText else { continue }
            let item = items[position]
            items[position] = Item(json: item.json, text: item.text, id: item.id, cells: item.cells, identity: .id(id))
        }
    }
}
