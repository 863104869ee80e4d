import InfinilistCore
import Synchronization

/// `--dump` of a file (decision 156): the stream's tail queue reads the next page as soon as it
/// has handed one on, so splitting and checking the bytes (the reader's work, the dump's longest)
/// goes on while the page before is made into items and written, instead of waiting for the
/// loader to ask. Only where a read never waits for input (a regular file, `.gz` or not) and
/// each page is read once, in order: the page read ahead is the one asked for next.
final class PageReadAhead: Sendable {
    /// The page read ahead: where it starts, how many items it was read for, and how it went.
    private let stash = Mutex<(start: StreamPosition, count: Int, read: Result<StreamPageRead?, PageLoadError>)?>(nil)

    /// The page of at most `count` items at `start` (tail queue only): the one read ahead when
    /// it is that page, else read now.
    func read(from start: StreamPosition, count: Int, reader: StreamReader, waiting: (QuietReason) -> Void) throws(PageLoadError) -> StreamPageRead? {
        let stashed = stash.withLock { stash in
            defer { stash = nil }
            return stash.flatMap { $0.start == start && $0.count == count ? $0.read : nil }
        }
        if let stashed { return try stashed.get() }
        return try reader.read(from: start, count: count, isCancelled: { false }, waiting: waiting)
    }

    /// Reads the page of `count` items after `page` (tail queue only, once `page` was handed on),
    /// unless `page` was the last. What a skip of a value too long says meanwhile is not heard.
    func readNext(after page: StreamPageRead, count: Int, reader: StreamReader) {
        guard !page.atEnd else { return }
        let next = Result { () throws(PageLoadError) in try reader.read(from: page.next, count: count, isCancelled: { false }, waiting: { _ in }) }
        stash.withLock { $0 = (page.next, count, next) }
    }
}
