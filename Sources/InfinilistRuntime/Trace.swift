import Glibc
import InfinilistCore

/// An opt-in timing trace for `make bench`, which times each page from its arrival to its paint:
/// with `INFINILIST_TRACE=/path/file` set, the program appends one line per event,
/// `<CLOCK_MONOTONIC nanoseconds> <event>`, to that file:
///
///     1234567890123 arrive 7     the loader handed page request #7's result to the inbox
///     1234567990456 painted      the event loop's doupdate() for a frame has returned
///
/// The bench pairs each `arrive` with the first `painted` after it (a page's arrival-to-paint
/// time), and its own spawn time with the first `painted` after an `arrive` (start-up to first
/// rows). CLOCK_MONOTONIC is system-wide, so the bench's clock and this one agree.
///
/// Without the variable every hook is one check of a constant nil: nothing is written, nothing is
/// allocated. Lines are written with one `write(2)` on an `O_APPEND` descriptor, so marks from the
/// loader's thread and the event loop's thread never interleave within a line.
enum Trace {
    /// The open trace file, or nil when tracing is off (the usual case).
    private static let descriptor: Int32? = {
        guard let path = getenv("INFINILIST_TRACE"), path.pointee != 0 else { return nil }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return fd >= 0 ? fd : nil
    }()

    /// Hook in `Inbox.post`: marks a loaded page as it is handed to the event loop.
    static func posted(_ event: LoopEvent) {
        guard descriptor != nil, case .message(.pageLoaded(let result)) = event else { return }
        mark("arrive \(result.request.id.value)")
    }

    /// Hook in `EventLoop.run`, after `screen.paint` (which ends with `doupdate`).
    static func painted() {
        guard descriptor != nil else { return }
        mark("painted")
    }

    private static func mark(_ event: String) {
        guard let descriptor else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let line = "\(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)) \(event)\n"
        var bytes = Array(line.utf8)
        _ = write(descriptor, &bytes, bytes.count)
    }
}
