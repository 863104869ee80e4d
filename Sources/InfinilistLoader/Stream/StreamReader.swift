#if canImport(Glibc)
import Glibc
#endif
import InfinilistCore
import Synchronization

/// What one page read from a stream gave.
struct StreamPageRead: Sendable {
    let entries: [StreamEntry]
    /// Where the next page starts.
    let next: StreamPosition
    /// The input ended after these entries.
    let atEnd: Bool
    /// How the list was found in the input (`-v`), with the first page.
    var note: String? = nil
}

/// Reads a stream page by page, like a pager: only when a page is asked for, and only as far as
/// that page.
///
/// A page at the tail (its start is where the last one ended) reads on from the input: only on
/// the source's serial tail queue, which alone touches the input, the splitter and what is split
/// but not handed out. A page read before (dropped from memory, retried, refreshed) is read again
/// from where it started, by `pread` from a regular file or from the spool for a pipe or a `.gz`
/// file, and ends where it ended the first time, so it holds the same items; that can run on any
/// thread, beside a tail read that is waiting for a quiet pipe. What both share (where pages
/// ended, how values become items) is behind `shared`.
final class StreamReader: @unchecked Sendable {
    /// How long a pipe may be quiet before a page with at least one item is handed on: a burst
    /// of output (a program writing a screenful) is one page, and one line that arrives alone is on
    /// screen at once.
    static let pause: Int32 = 10
    /// How long a page with at least one item waits at most for more, however busy the pipe: a
    /// log that never pauses for `pause` (a line every few milliseconds) still shows its lines.
    static let handOnWithin: Int64 = 100_000_000
    /// How long one wait for a pipe with nothing in hand lasts before cancellation is checked.
    static let idleWait: Int32 = 100

    private let input: any ByteInput
    /// A regular file, read again by offset; nil for a pipe or a `.gz` file.
    private let rereadDescriptor: Int32?
    let rereadLabel: String
    /// The copy kept for re-reading when the input cannot be read twice; nil with `--dump`.
    private let spool: Spool?
    private let maxValueBytes: Int
    /// How much of one value too long to keep is scanned for its end before reading
    /// stops (an endless line: `/dev/zero`, a writer that never sends a line break).
    private let maxSkipBytes: Int
    /// How the bytes are cut into items: JSON values and lines, or server-sent events.
    private let framing: StreamFraming
    // Tail queue only:
    private var splitter: any PieceSplitting
    private var maker: StreamEntryMaker
    private var ready: [StreamEntry] = []
    private var inputEnded = false
    /// A failure of the input that came while items were ready: those items are a page first,
    /// and the next read at the tail fails with it.
    private var pendingFailure: PageLoadError?
    /// Reading stopped for good (`maxSkipBytes` passed): every later read at the tail fails with it.
    private var stopped: PageLoadError?
    /// Until the first bytes: whether they are UTF-16 is checked then.
    private var beforeFirstBytes = true
    /// The skip last said (`waiting(.skipping)`): where the value starts and how much was scanned.
    private var skipSaid: (start: Int, scanned: Int)?
    /// The last page read at the tail (what tells a pass whether the input's lines are its items).
    private var lastTailPage: TailPage?

    private struct Shared {
        /// Where the next page at the tail starts.
        var tail = StreamPosition.start
        /// Where each page read so far ended, by where it started.
        var pageEnds = PageEnds()
        /// How values become items, once the first value decided it.
        var maker: StreamEntryMaker
        /// The first page read at the tail, by which a count of the rows checks that the input's
        /// lines are its items (StreamReader+Count.swift).
        var firstPage: TailPage?
        /// Where the count found the pages after the first start, once it is done.
        var counted: CountedPages?
    }

    /// A page read at the tail: where it started and ended, its items, and whether each was a
    /// JSON value, and an object.
    struct TailPage {
        let start: StreamPosition
        let next: StreamPosition
        let atEnd: Bool
        let items: Int
        let allValues: Bool
        let allObjects: Bool
    }
    private let shared: Mutex<Shared>
    /// Passes counting the file's lines right now (tail queue): the background count waits while
    /// one runs, so that `End` at once has both cores (StreamReader+Count.swift).
    private let passesRunning = Mutex(0)

    /// How a page is read.
    enum Plan {
        case tail
        case reread(end: StreamPosition, atEnd: Bool)
    }

    init(input: any ByteInput, rereadDescriptor: Int32?, label: String, spool: Spool?, mode: StreamListMode, maxValueBytes: Int,
         maxSkipBytes: Int = StreamReader.defaultMaxSkip, framing: StreamFraming = .values) {
        self.input = input
        self.rereadDescriptor = rereadDescriptor
        self.rereadLabel = label
        self.spool = spool
        self.maxValueBytes = maxValueBytes
        self.maxSkipBytes = maxSkipBytes
        self.framing = framing
        splitter = framing.splitter(at: .start, maxValueBytes: maxValueBytes)
        maker = StreamEntryMaker(mode: mode, maxValueBytes: maxValueBytes)
        shared = Mutex(Shared(maker: maker))
    }

    /// How the page starting at `start` is read; throws for a place no page started.
    func plan(for start: StreamPosition) throws(PageLoadError) -> Plan {
        let shared = shared.withLock { $0 }
        if let known = shared.pageEnds.end(ofPageAt: start) { return .reread(end: known.end, atEnd: known.atEnd) }
        guard start == shared.tail else {
            if !canReadAgain { throw cannotReadTwice }
            throw PageLoadError(.unknownPage, "this page starts at \(start), which was never read (the input is at \(shared.tail))")
        }
        return .tail
    }

    /// The page starting at `start` read again (any thread).
    func reread(from start: StreamPosition, end: StreamPosition, atEnd: Bool) throws(PageLoadError) -> StreamPageRead {
        let maker = shared.withLock { $0.maker }
        let entries = try reread(from: start, to: end, maker: maker)
        return StreamPageRead(entries: entries, next: end, atEnd: atEnd, note: start == .start ? maker.modeNote : nil)
    }

    /// Reads the page of at most `count` items starting at `start` (tail queue only). Returns nil
    /// when `isCancelled` became true while waiting for input (nothing read is lost: it stays for
    /// the next request). `waiting` is called while a quiet input keeps the page empty, each time
    /// the reason changes (once for a pipe; each second of a countdown to connecting again).
    func read(from start: StreamPosition, count: Int, isCancelled: () -> Bool, waiting: (QuietReason) -> Void) throws(PageLoadError) -> StreamPageRead? {
        if case .reread(let end, let atEnd) = try plan(for: start) { return try reread(from: start, end: end, atEnd: atEnd) }
        guard let page = try readAtTail(count: count, isCancelled: isCancelled, waiting: waiting) else { return nil }
        let maker = self.maker
        // Where pages ended is kept only when they can be read again: a dump of an endless stream
        // keeps nothing per page.
        let kept = canReadAgain
        let tailPage = TailPage(start: start, next: page.next, atEnd: page.atEnd, items: page.entries.count,
                                allValues: page.entries.allSatisfy(\.isValue), allObjects: page.entries.allSatisfy(\.isObject))
        shared.withLock {
            if kept { $0.pageEnds.record(start: start, end: page.next, atEnd: page.atEnd) }
            $0.tail = page.next
            $0.maker = maker
            if start == .start { $0.firstPage = tailPage }
        }
        lastTailPage = tailPage
        return StreamPageRead(entries: page.entries, next: page.next, atEnd: page.atEnd, note: start == .start ? maker.modeNote : nil)
    }

    /// Where a pass may start (tail queue only): at the tail of a regular file of JSON values,
    /// read by lines, nothing failed or held back; with the last page read there, by which the
    /// pass checks that the file's lines are its items. Nil: no pass, the page is read as usual.
    func passStart(at start: StreamPosition) -> (descriptor: Int32, lastPage: (start: StreamPosition, items: Int, allObjects: Bool))? {
        guard framing == .values, let rereadDescriptor, spool == nil, pendingFailure == nil, stopped == nil,
              case .values = maker.mode, !start.inArray, start.skip == 0, start == shared.withLock({ $0.tail }),
              let last = lastTailPage, last.allValues, last.items > 0, !last.start.inArray, last.start.skip == 0 else { return nil }
        return (rereadDescriptor, (last.start, last.items, last.allObjects))
    }

    /// Where a count of the rows reads (any thread): a regular file of JSON values read by lines,
    /// with its first page read. Nil: no count.
    func countStart() -> (descriptor: Int32, firstPage: TailPage)? {
        guard framing == .values, let rereadDescriptor, spool == nil else { return nil }
        let shared = shared.withLock { $0 }
        guard case .values = shared.maker.mode, let first = shared.firstPage, first.allValues, first.items > 0,
              !first.next.inArray, first.next.skip == 0 else { return nil }
        return (rereadDescriptor, first)
    }

    /// Runs `body`, a pass counting lines, with the background count held back meanwhile.
    func passing<Result>(_ body: () throws(PageLoadError) -> Result) throws(PageLoadError) -> Result {
        passesRunning.withLock { $0 += 1 }
        defer { passesRunning.withLock { $0 -= 1 } }
        return try body()
    }

    /// Whether a pass is counting lines now.
    var isPassing: Bool { passesRunning.withLock { $0 > 0 } }

    /// Where the count found the pages after the first start (any thread): kept by the count,
    /// looked up by a pass (StreamReader+Count.swift).
    var countedPages: CountedPages? {
        get { shared.withLock { $0.counted } }
        set { shared.withLock { $0.counted = newValue } }
    }

    /// The pages a pass went over, recorded as if read (tail queue only): each can be read again
    /// by its start, and the tail moves to `next`. What was split past the old tail is let go,
    /// and the input is read on from `next`.
    func passed(_ starts: [StreamPosition], next: StreamPosition) {
        shared.withLock { shared in
            for (index, start) in starts.enumerated() {
                shared.pageEnds.record(start: start, end: index + 1 < starts.count ? starts[index + 1] : next, atEnd: false)
            }
            shared.tail = next
        }
        ready = []
        inputEnded = false
        lastTailPage = nil
        splitter = framing.splitter(at: next, maxValueBytes: maxValueBytes)
        if let rereadDescriptor { lseek(rereadDescriptor, off_t(next.offset), SEEK_SET) }
    }

    private func readAtTail(count: Int, isCancelled: () -> Bool, waiting: (QuietReason) -> Void) throws(PageLoadError) -> StreamPageRead? {
        var told: QuietReason?
        if ready.isEmpty, let failure = pendingFailure {
            pendingFailure = nil
            throw failure
        }
        if ready.isEmpty, let stopped { throw stopped }
        /// Once an item is in hand: when the page is handed on, come what may.
        var handOnAt: Int64?
        while ready.count < count {
            if let piece = splitter.next(atEOF: inputEnded) {
                ready += maker.entries(from: piece)
                if piece.kind == .tooLong, piece.skippedSize == nil, let spool {
                    // Its bytes were dropped: the spool keeps the row's piece instead.
                    do throws(PageLoadError) { try spool.leftOut(piece, rest: splitter.heldBytes(from: piece.end)) } catch {
                        return try failed(error, count: count)
                    }
                }
                continue
            }
            if let skipping = splitter.skipping {
                spool?.leaveOut(from: skipping.start)
                if skipping.scanned > maxSkipBytes {
                    let stop = tooLongToSkip(from: skipping.start, scanned: skipping.scanned)
                    stopped = stop
                    return try failed(stop, count: count)
                }
                if let text = skipProgress(skipping) { waiting(.skipping(text)) }
            }
            if inputEnded { break }
            if isCancelled() { return nil }
            var wait = Self.idleWait
            if !ready.isEmpty {
                let now = Self.monotonicNow()
                let due = handOnAt ?? now + Self.handOnWithin
                handOnAt = due
                guard due > now else { return take(count) }
                wait = min(Self.pause, Int32((due - now + 999_999) / 1_000_000))
            }
            let chunk: ChunkRead
            do {
                chunk = try input.read(waitingAtMost: wait)
            } catch {
                return try failed(error, count: count)
            }
            switch chunk {
            case .bytes(let bytes):
                if beforeFirstBytes {
                    beforeFirstBytes = false
                    if let stop = Self.utf16(bytes, label: rereadLabel) {
                        stopped = stop
                        return try failed(stop, count: count)
                    }
                }
                do throws(PageLoadError) { try spool?.append(bytes) } catch { return try failed(error, count: count) }
                splitter.append(bytes)
            case .end:
                inputEnded = true
            case .quiet:
                if !ready.isEmpty { return take(count) }
                let reason = input.quietReason
                if reason != told {
                    told = reason
                    waiting(reason)
                }
            }
        }
        if inputEnded {
            // One more entry, or none: whether this page is the last.
            while ready.count <= count, let piece = splitter.next(atEOF: true) { ready += maker.entries(from: piece) }
        }
        return take(count)
    }

    /// Fails the read with `error`, or, with items in hand, hands them on first as a page and
    /// fails the next read.
    private func failed(_ error: PageLoadError, count: Int) throws(PageLoadError) -> StreamPageRead {
        guard !ready.isEmpty else { throw error }
        pendingFailure = error
        return take(count)
    }

    /// How much of one value too long to keep is scanned by default before reading stops: a
    /// line of several gigabytes is skipped and the list goes on, while `/dev/zero` stops within
    /// seconds, not never.
    static let defaultMaxSkip = 4 << 30

    /// How much of a value being skipped is scanned before the skip is said as it goes.
    static let firstSaidAfter = 1 << 20

    /// UTF-16 or UTF-32 at the start: every value would be a row of text with NUL bytes in it,
    /// so reading stops at once and says how to convert the input. A byte-order mark says so;
    /// without one, the NULs around the first ASCII characters do (RFC 4627, section 3: JSON
    /// starts with two ASCII characters). NULs alone (`/dev/zero`) are no encoding.
    static func utf16(_ bytes: [UInt8], label: String) -> PageLoadError? {
        guard bytes.count >= 2 else { return nil }
        let (a, b) = (bytes[0], bytes[1])
        let (c, d) = bytes.count >= 4 ? (bytes[2], bytes[3]) : (1, 1)
        let ascii = { (byte: UInt8) in byte != 0 && byte < 0x80 }
        let encoding: String
        let how: String
        switch (a, b, c, d) {
        case (0xFF, 0xFE, 0, 0), (0, 0, 0xFE, 0xFF):
            (encoding, how) = ("UTF-32", "it starts with a byte-order mark")
        case (0xFF, 0xFE, _, _), (0xFE, 0xFF, _, _):
            (encoding, how) = ("UTF-16", "it starts with a byte-order mark")
        case (0, 0, 0, let x) where ascii(x):
            (encoding, how) = ("UTF-32BE", "its first character has three NUL bytes before it")
        case (let x, 0, 0, 0) where ascii(x) && bytes.count >= 4:
            (encoding, how) = ("UTF-32LE", "its first character has three NUL bytes after it")
        case (0, let x, 0, let y) where ascii(x) && ascii(y):
            (encoding, how) = ("UTF-16BE", "a NUL byte comes before each of its first characters")
        case (let x, 0, let y, 0) where ascii(x) && ascii(y):
            (encoding, how) = ("UTF-16LE", "a NUL byte comes after each of its first characters")
        default:
            return nil
        }
        return PageLoadError(.notJSON, "\(label) is \(encoding) (\(how)) and infinilist reads UTF-8: convert it first, e.g. iconv -f \(encoding) -t UTF-8 FILE | infinilist")
    }

    /// What to say of a skip going on, once it has scanned `firstSaidAfter` (a value a little
    /// over the limit is skipped at once, and said once, as skipped), then each time it has gone
    /// another step (a quarter of `maxSkipBytes`, at most 256 MiB) since it was last said.
    private func skipProgress(_ skipping: (start: Int, scanned: Int)) -> String? {
        let step = max(1, min(maxSkipBytes / 4, 256 << 20))
        if let said = skipSaid, said.start == skipping.start {
            if skipping.scanned < said.scanned + step { return nil }
        } else if skipping.scanned < min(step, Self.firstSaidAfter) {
            return nil
        }
        skipSaid = skipping
        return "skipping a value (or line) from byte \(skipping.start) longer than --max-page-bytes (\(ByteCount.text(maxValueBytes))): \(ByteCount.text(skipping.scanned)) so far; reading stops at --max-skip (\(ByteCount.text(maxSkipBytes)))"
    }

    private func tooLongToSkip(from start: Int, scanned: Int) -> PageLoadError {
        PageLoadError(.tooLarge(limit: maxSkipBytes), "stopped reading \(rereadLabel): a value (or line) from byte \(start) is longer than --max-page-bytes (\(ByteCount.text(maxValueBytes))) and was skipped for \(ByteCount.text(scanned)) without ending, past --max-skip (\(ByteCount.text(maxSkipBytes)))")
    }

    static func monotonicNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    private func take(_ count: Int) -> StreamPageRead {
        let entries = Array(ready.prefix(count))
        ready.removeFirst(entries.count)
        let next = entries.last?.after ?? shared.withLock { $0.tail }
        return StreamPageRead(entries: entries, next: next, atEnd: inputEnded && ready.isEmpty)
    }

    /// The entries from `start` up to `end`, read again from the file or the spool.
    private func reread(from start: StreamPosition, to end: StreamPosition, maker: StreamEntryMaker) throws(PageLoadError) -> [StreamEntry] {
        guard start != end else { return [] }
        var splitter = framing.splitter(at: start, maxValueBytes: maxValueBytes)
        var maker = maker
        var offset = start.offset
        var exhausted = false
        var skip = start.skip
        var entries: [StreamEntry] = []
        /// A value the spool left out comes next: every piece before it is in hand, and its own
        /// piece is the one read the first time.
        var leftOut: SplitPiece?
        while true {
            var piece = splitter.next(atEOF: exhausted || leftOut != nil)
            if piece == nil, let gap = leftOut {
                piece = gap
                leftOut = nil
                offset = gap.end
                splitter = framing.splitter(at: StreamPosition(offset: gap.end, inArray: gap.inArrayAfter), maxValueBytes: maxValueBytes)
            }
            if let piece {
                var found = maker.entries(from: piece)
                if skip > 0 {
                    found.removeFirst(min(skip, found.count))
                    skip = 0
                }
                for entry in found {
                    entries.append(entry)
                    if entry.after == end { return entries }
                }
                continue
            }
            if exhausted {
                throw PageLoadError(.unknownPage, "\(rereadLabel) no longer holds this page (it was changed or truncated since it was read)")
            }
            switch try readAgain(at: offset) {
            case .bytes(let bytes):
                if bytes.isEmpty { exhausted = true }
                offset += bytes.count
                splitter.append(bytes)
            case .leftOut(let gap):
                leftOut = gap
            }
        }
    }

    private func readAgain(at offset: Int) throws(PageLoadError) -> Spool.Spooled {
        if let rereadDescriptor { return .bytes(try PositionalRead.read(rereadDescriptor, at: offset, count: 65_536, label: rereadLabel)) }
        if let spool { return try spool.read(at: offset, count: 65_536) }
        throw cannotReadTwice
    }

    /// Whether a page read before can be read again: from the file, or from the spool.
    var canReadAgain: Bool { rereadDescriptor != nil || spool != nil }

    private var cannotReadTwice: PageLoadError {
        PageLoadError(.unknownPage, "\(rereadLabel) cannot be read twice, and nothing was kept of it (--dump reads each page once)")
    }
}
