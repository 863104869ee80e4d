import Dispatch
import InfinilistCore
import Synchronization

/// Reads the pages of one stream (standard input, a file, a streaming HTTP answer) through its
/// `StreamReader`: a page at the tail on the stream's own serial queue (reads block in `poll` or
/// on the network channel, which must not hold a thread of Swift's cooperative pool), a page read
/// before on any thread, beside a tail read that may be waiting. While the tail is quiet it tells
/// the loader why (waiting for input, or the countdown to connecting again), in order.
///
/// The paging half is the same for every stream: the next page starts where this one ended, and
/// the end of the input ends the list.
final class StreamPages: Sendable {
    let name: String
    private let pageSize: Int
    /// Whether values that could not be kept are shown as rows (the screen) or only said on
    /// stderr (`--dump`, whose output must stay the input's items).
    private let problemRows: Bool
    /// Why the list ends when the input does: `end of input`, `the server ended the stream`.
    private let endReason: String
    /// The state of a live stream's connection, for every page and wait; nil for pipes and files.
    private let live: (@Sendable () -> LiveStatus)?
    private let reader: StreamReader
    /// The only queue that reads at the tail (see `StreamReader`).
    private let queue = DispatchQueue(label: "infinilist.stream")
    /// Reads the next page while one is written (`--dump` of a file); nil otherwise.
    private let readAhead: PageReadAhead?

    init(reader: StreamReader, name: String, pageSize: Int, problemRows: Bool, endReason: String,
         live: (@Sendable () -> LiveStatus)? = nil, readsAhead: Bool = false) {
        self.reader = reader
        self.readAhead = readsAhead ? PageReadAhead() : nil
        self.name = name
        self.pageSize = pageSize
        self.problemRows = problemRows
        self.endReason = endReason
        self.live = live
    }

    /// The most items of the first page: it is on screen as soon as it is read (a page of 1000
    /// costs some 15 ms to read, parse and lay out in a release build; 100 fill a screen and
    /// still show the table's columns what the items hold), and later pages are read ahead.
    static let firstPageSize = 100

    func fetch(_ key: PageKey) async throws -> PageResponse {
        let reader = self.reader
        let start = key.stream ?? .start
        // Reading ahead, the tail is past the page asked for, which the queue has in hand.
        let readAhead = key.pass == nil ? self.readAhead : nil
        if readAhead == nil, case .reread(let end, let atEnd) = try reader.plan(for: start) {
            // Beside a tail read that may be waiting for a quiet input.
            let read = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { () throws(PageLoadError) in try reader.reread(from: start, end: end, atEnd: atEnd) })
                }
            }
            return response(read, key: key, firstRead: false)
        }
        let count = key.index == 0 ? min(pageSize, Self.firstPageSize) : pageSize
        let cancelled = CancelFlag()
        // Waits go to the loader through one ordered stream, so a countdown is never overtaken by
        // an older one.
        let (waits, reporting) = AsyncStream.makeStream(of: FetchWait.self)
        let reporter = WaitReporting.reporter
        let forwarding = Task {
            for await wait in waits { await reporter?.report(wait) }
        }
        defer {
            reporting.finish()
            forwarding.cancel()
        }
        let pageSize = self.pageSize
        let waiting = Self.waiting(reporting, live: live)
        readAhead?.listen(waiting, cancelled: cancelled)
        let read: (StreamPageRead, StreamPass?)? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    do {
                        if let readAhead {
                            let read = try readAhead.read(from: start, count: count, reader: reader, waiting: waiting, cancelled: cancelled)
                            continuation.resume(returning: read.map { ($0, nil) })
                            if let read { readAhead.readNext(after: read, count: pageSize, reader: reader) }
                            return
                        }
                        // A pass goes over pages first; the page read is the one after them.
                        let pass = try key.pass.flatMap { target throws(PageLoadError) in try reader.pass(from: start, to: target, pageSize: pageSize, isCancelled: cancelled.isSet, waiting: waiting) }
                        let read = try reader.read(from: pass?.next ?? start, count: count, isCancelled: cancelled.isSet, waiting: waiting)
                        continuation.resume(returning: read.map { ($0, pass) })
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            cancelled.set()
        }
        guard let (read, pass) = read else { throw CancellationError() }
        var answer = response(read, key: key, firstRead: true)
        answer.pass = pass
        return answer
    }

    /// How a reason the tail read is quiet reaches the loader: as a wait, through `reporting`.
    private static func waiting(_ reporting: AsyncStream<FetchWait>.Continuation, live: (@Sendable () -> LiveStatus)?) -> @Sendable (QuietReason) -> Void {
        { reason in
            var wait: FetchWait
            switch reason {
            case .waitingForInput:
                wait = FetchWait(seconds: 0, reason: "waiting for input", isRetry: false, isFirst: true, waitsForInput: true)
            case .reconnecting(let seconds, let why, let isFirst):
                wait = FetchWait(seconds: seconds, reason: why, isRetry: true, isFirst: isFirst)
            case .waitingForWriter(let path):
                wait = FetchWait(seconds: 0, reason: "waiting for a writer on the named pipe \(path)", isRetry: false, isFirst: true, waitsForInput: true)
                wait.waitsForWriter = true
            case .skipping(let what):
                wait = FetchWait(seconds: 0, reason: what, isRetry: false, isFirst: true)
                wait.skips = true
            case .passing(let what):
                wait = FetchWait(seconds: 0, reason: what, isRetry: false, isFirst: true)
                wait.passes = true
            }
            wait.live = live?()
            reporting.yield(wait)
        }
    }

    /// `firstRead`: the page was read from the input, not again from the file or the spool, so
    /// its text lines are counted for `-v` (once each).
    private func response(_ read: StreamPageRead, key: PageKey, firstRead: Bool) -> PageResponse {
        if let compact = Self.compactItems(read.entries) {
            return response(read, items: PageItems(compact: compact), kinds: [], eventIDs: eventIDs(read.entries), key: key, firstRead: firstRead)
        }
        var items: [JSONValue] = []
        var kinds: [Item.Kind] = []
        var textLines = 0
        var problems: [String] = []
        for entry in read.entries {
            switch entry.content {
            case .value(let value):
                items.append(value)
                kinds.append(.value)
            case .json(let json):
                // Parses: it was checked to be JSON.
                items.append((try? JSONParser.parse(json)) ?? .null)
                kinds.append(.value)
            case .text(let line):
                textLines += 1
                items.append(.string(line))
                kinds.append(.text)
            case .problem(let message):
                problems.append(message)
                guard problemRows else { continue }
                items.append(.string("✗ " + message))
                kinds.append(.problem)
            }
        }
        return response(read, items: PageItems(items), kinds: kinds, eventIDs: eventIDs(read.entries), key: key, firstRead: firstRead,
                        textLines: textLines, problems: problems)
    }

    private func response(
        _ read: StreamPageRead, items: PageItems, kinds: [Item.Kind], eventIDs: [String?], key: PageKey, firstRead: Bool,
        textLines: Int = 0, problems: [String] = []
    ) -> PageResponse {
        var notes = read.note.map { [$0] } ?? []
        if firstRead, textLines > 0 { notes.append("page \(key.index + 1): \(Counted.text(textLines, "line")) not JSON, kept as text") }
        var answer = PageResponse(url: name, body: .null, items: items, notes: notes)
        answer.kinds = kinds
        answer.eventIDs = eventIDs
        answer.stream = read.next
        answer.live = live?()
        if read.atEnd { answer.end = EndReason(endReason) }
        if !problems.isEmpty {
            // Each named with its byte, up to a few: a pipe's page is 1000 items, and naming only
            // the first left most damage unlocated.
            let named = problems.prefix(Self.problemsNamed).joined(separator: "; ")
            let more = problems.count - Self.problemsNamed
            answer.warning = more > 0 ? "\(named) (and \(more) more on this page)" : named
        }
        return answer
    }

    /// A page whose entries are all items (no line of text, no problem) as compact JSON in one
    /// buffer, as an HTTP answer's items are kept (decision 88): items whose compact JSON was
    /// found without a tree go in as they are, so a dump never builds one (decision 144).
    static func compactItems(_ entries: [StreamEntry]) -> CompactItems? {
        var bytes = 0
        for entry in entries {
            switch entry.content {
            case .json(let json): bytes += json.count
            case .value: bytes += 64
            case .text, .problem: return nil
            }
        }
        var items = CompactItems(reserving: bytes)
        for entry in entries {
            switch entry.content {
            case .json(let json): items.append(compactJSON: json)
            case .value(let value): items.append(value)
            case .text, .problem: break
            }
        }
        return items
    }

    /// The ids server-sent events named for the page's rows (nil for rows without one); empty
    /// when none named one.
    private func eventIDs(_ entries: [StreamEntry]) -> [String?] {
        guard entries.contains(where: { $0.eventID != nil }) else { return [] }
        var ids: [String?] = []
        for entry in entries {
            if case .problem = entry.content, !problemRows { continue }
            ids.append(entry.eventID)
        }
        return ids
    }

    /// How many problems of one page its warning names.
    static let problemsNamed = 5

    /// Whether no page can be read twice (`--dump`: no spool).
    var readsOnce: Bool { !reader.canReadAgain }

    /// The items of the whole input, counted by its line breaks (`StreamReader.countItems`).
    func countItems(isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Int? {
        reader.countItems(pageSize: pageSize, isCancelled: isCancelled, progress: progress)
    }

    /// The next page starts where this one ended; the end of the input is the end of the list.
    /// A stream read once forgets each page's key once it is read.
    static func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk, shape: ItemShape, readsOnce: Bool) -> FetchedPage {
        var key = key
        let pass = response.pass
        if let pass { key = walkPassed(pass, from: key, walk: &walk) }
        // Items kept as compact JSON are parsed only where a row needs a tree (`ItemShape`).
        var values = response.items
        let kinds = response.kinds.count == values.count ? response.kinds : []
        var items: [Item] = []
        items.reserveCapacity(values.count)
        for position in 0..<values.count {
            let kind = kinds.isEmpty ? .value : kinds[position]
            items.append(kind == .value ? shape.item(at: position, of: &values).item : lineItem(values.value(at: position), kind: kind))
        }
        var notes: [String] = []
        if let pass {
            notes.append("pages \(key.index - pass.starts.count + 1)–\(key.index): passed over unread, \(Counted.text(pass.starts.count * pass.rowsEach, "line")) counted by their line breaks")
        }
        let byEventID = shape.idPath == nil && response.eventIDs.count == items.count
        if byEventID {
            items = zip(items, response.eventIDs).map { item, id in id.map(item.identified(by:)) ?? item }
        }
        if let idName = shape.idPath.map(String.init(describing:)) ?? (byEventID ? "event id" : nil) {
            items = droppingRepeats(items, page: key.index, rereading: walk.rereads(key.index, kind: kind), seen: &walk.seen)
            let skipped = response.items.count - items.count
            if skipped > 0 { notes.append("skipped \(Counted.text(skipped, "item")) already seen (same \(idName))") }
        }
        let continuation: FetchedPage.Continuation
        if let end = response.end {
            continuation = .end(end)
        } else {
            var next = key.advanced(by: items.count)
            next.stream = response.stream
            continuation = .next(next)
        }
        if !walk.rereads(key.index, kind: kind) { walk.advance(past: key.index, to: continuation) }
        if readsOnce { walk.forgetKeys(before: key.index + 1) }
        var page = FetchedPage(items: items, continuation: continuation, notes: notes, warning: response.warning)
        page.live = response.live
        page.passed = pass.map { PassedPages(pages: $0.starts.count, rowsEach: $0.rowsEach) }
        return page
    }

    /// Moves the walk past the pages a pass went over, as if each had been read with `rowsEach`
    /// items; returns the key of the page read after them.
    private static func walkPassed(_ pass: StreamPass, from key: PageKey, walk: inout Walk) -> PageKey {
        var key = key
        key.pass = nil
        for index in pass.starts.indices {
            var next = key.advanced(by: pass.rowsEach)
            next.stream = index + 1 < pass.starts.count ? pass.starts[index + 1] : pass.next
            walk.advance(past: key.index, to: .next(next))
            key = next
        }
        return key
    }
}

extension StreamPages {
    /// With `--id` (or server-sent events that name their `id:`), an item whose id came before is
    /// not kept again: a server-sent event stream that sends its events again after a
    /// reconnection, a log replayed. Within what the walk
    /// remembers (`SeenItems`: the latest 20,000 items with `--dump`, 100,000 on screen). Rows
    /// without the id (text lines, problems) are all kept; without `--id` nothing is dropped, as
    /// two equal lines of a log may both be real.
    static func droppingRepeats(_ items: [Item], page: Int, rereading: Bool, seen: inout SeenItems) -> [Item] {
        var idsOnPage: Set<ItemIdentity> = []
        return items.filter { item in
            guard let id = item.id else { return true }
            return seen.judge(.id(id), byID: true, page: page, rereading: rereading, idsOnPage: &idsOnPage).keep
        }
    }

    /// A row for a line that is not JSON, or a note about input that could not be kept: its JSON
    /// is the line (or the note) as a string, and the row shows that text whatever `--format`
    /// says, since it has none of the fields a template names.
    static func lineItem(_ value: JSONValue, kind: Item.Kind) -> Item {
        Item(json: value.compactJSON, text: TerminalText.sanitize(value.scalarText ?? value.compactJSON), kind: kind)
    }
}

/// Set when a fetch's task is cancelled; read by the reader between waits.
final class CancelFlag: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    func isSet() -> Bool { flag.withLock { $0 } }
}
