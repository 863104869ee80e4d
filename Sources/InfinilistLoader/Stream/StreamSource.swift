import InfinilistCore
import Synchronization

/// A list read from standard input or a file, like a pager: JSON lines, JSON values one after
/// another, one (huge) array streamed, or an object holding the list (`kubectl get -o json`).
///
/// `fetch` reads one page (`StreamPages`): at the tail it reads on from the input until the page
/// is full, the input ends, or a quiet pipe has paused for `StreamReader.pause` with at least one
/// item in hand; with none it keeps waiting, telling the loader once ("waiting for input"), until
/// items come or the request is cancelled. Pages read before are read again from the file or the
/// spool (`StreamReader`). The paging half is trivial: the next page starts where this one ended,
/// and the end of the input ends the list.
///
/// A refresh (`R`) is a new walk: a file named on the command line is then opened and read again
/// as it is now (lines appended since, or a file rewritten or rotated), as `less` reads a file
/// again; a pipe cannot be read twice, so its pages come back from the spool and reading goes on
/// where it was.
public final class StreamSource: PageSource, @unchecked Sendable {
    public let name: String
    private let shape: ItemShape
    private let settings: SourceConfiguration.StreamSettings
    /// The pages of the current walk, and how many walks were started.
    private let current: Mutex<(pages: Result<StreamPages, PageLoadError>, walks: Int)>

    init(_ settings: SourceConfiguration.StreamSettings) {
        self.settings = settings
        name = settings.name
        shape = settings.shape
        current = Mutex((Self.open(settings), 0))
    }

    /// The first walk reads with the reader opened with the source; each later one (a refresh)
    /// opens a file again, so it is read as it is now. The loader has cancelled what was in flight
    /// with the old reader, which goes when its last read returns.
    public func startWalk() -> Walk {
        current.withLock { current in
            if current.walks > 0, StreamOpening.canReopen(settings.input) { current.pages = Self.open(settings) }
            current.walks += 1
        }
        return Walk(firstKey: PageKey(page: 1, offset: 0, stream: .start))
    }

    public func fetch(_ key: PageKey) async throws -> PageResponse {
        var key = key
        // With `--id`, every item is judged against those seen before: none is passed over unread.
        if shape.idPath != nil { key.pass = nil }
        return try await current.withLock { $0.pages }.get().fetch(key)
    }

    public func countItems(isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Int? {
        // With `--id`, repeated items are dropped: lines are not rows.
        guard shape.idPath == nil, let pages = try? current.withLock({ $0.pages }).get() else { return nil }
        return pages.countItems(isCancelled: isCancelled, progress: progress)
    }

    public func page(from response: consuming PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        let readsOnce = (try? current.withLock { $0.pages }.get())?.readsOnce ?? false
        return StreamPages.page(from: response, key: key, kind: kind, walk: &walk, shape: shape, readsOnce: readsOnce)
    }

    private static func open(_ settings: SourceConfiguration.StreamSettings) -> Result<StreamPages, PageLoadError> {
        Result { () throws(PageLoadError) in
            StreamPages(
                reader: try StreamOpening.open(settings), name: settings.name, pageSize: settings.pageSize,
                problemRows: settings.problemRows, endReason: "end of input", readsAhead: settings.readsAhead)
        }
    }
}
