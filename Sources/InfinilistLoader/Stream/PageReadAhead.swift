import InfinilistCore
import Synchronization

/// `--dump` of a file or a pipe (decision 156): the stream's tail queue reads the next page as
/// soon as it has handed one on, so splitting and checking the bytes (the reader's work, the
/// dump's longest) goes on while the page before is made into items and written, instead of
/// waiting for the loader to ask. Each page is still read once, in order: the page read ahead is
/// the one asked for next. While it is read, the request that asks for it hears why it waits
/// (a quiet pipe, a value too long being skipped) and can cancel it, as if it read it itself.
final class PageReadAhead: Sendable {
    private struct State {
        /// The page read ahead: where it starts, how many items it was read for, and how it went.
        var stash: (start: StreamPosition, count: Int, read: Result<StreamPageRead?, PageLoadError>)?
        /// The request waiting for the page being read ahead: it hears the waits and may cancel.
        var listener: (hear: @Sendable (QuietReason) -> Void, cancelled: CancelFlag)?
        /// The last wait said while no request listened: told to the next one.
        var unheard: QuietReason?
    }
    private let state = Mutex(State())

    /// A request for the next page is on its way to the tail queue: what the page being read
    /// ahead says is said to it, and its cancellation stops that read.
    func listen(_ hear: @escaping @Sendable (QuietReason) -> Void, cancelled: CancelFlag) {
        let unheard = state.withLock { state in
            state.listener = (hear, cancelled)
            defer { state.unheard = nil }
            return state.unheard
        }
        if let unheard { hear(unheard) }
    }

    /// The page of at most `count` items at `start` for the request that listens with
    /// `cancelled` (tail queue only): the one read ahead when it is that page, else read now.
    /// Nil when the request was cancelled. The request no longer listens afterwards: it is
    /// answered before the next one can listen.
    func read(from start: StreamPosition, count: Int, reader: StreamReader, waiting: (QuietReason) -> Void,
              cancelled: CancelFlag) throws(PageLoadError) -> StreamPageRead? {
        let stashed = state.withLock { state in
            defer { state.stash = nil }
            return state.stash.flatMap { $0.start == start && $0.count == count ? $0.read : nil }
        }
        defer {
            state.withLock { state in
                if state.listener?.cancelled === cancelled { state.listener = nil }
            }
        }
        // A read ahead that was cancelled left nothing: read it now (cancelled too, it says so).
        if let stashed, let read = try stashed.get() { return read }
        return try reader.read(from: start, count: count, isCancelled: cancelled.isSet, waiting: waiting)
    }

    /// Reads the page of `count` items after `page` (tail queue only, once `page` was handed
    /// on), unless `page` was the last.
    func readNext(after page: StreamPageRead, count: Int, reader: StreamReader) {
        guard !page.atEnd else { return }
        let next = Result { () throws(PageLoadError) in
            try reader.read(from: page.next, count: count, isCancelled: isCancelled, waiting: { self.say($0) })
        }
        state.withLock { $0.stash = (page.next, count, next) }
    }

    private func isCancelled() -> Bool {
        state.withLock { $0.listener?.cancelled }?.isSet() ?? false
    }

    private func say(_ reason: QuietReason) {
        let hear = state.withLock { state in
            if state.listener == nil { state.unheard = reason }
            return state.listener?.hear
        }
        hear?(reason)
    }
}
