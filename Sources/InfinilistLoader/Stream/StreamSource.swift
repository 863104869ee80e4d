import InfinilistCore

/// A list read from standard input or a file, like a pager: JSON lines, JSON values one after
/// another, one (huge) array streamed, or an object holding the list (`kubectl get -o json`).
///
/// `fetch` reads one page (`StreamPages`): at the tail it reads on from the input until the page
/// is full, the input ends, or a quiet pipe has paused for `StreamReader.pause` with at least one
/// item in hand; with none it keeps waiting, telling the loader once ("waiting for input"), until
/// items come or the request is cancelled. Pages read before are read again from the file or the
/// spool (`StreamReader`). The paging half is trivial: the next page starts where this one ended,
/// and the end of the input ends the list.
public final class StreamSource: PageSource, @unchecked Sendable {
    public let name: String
    private let shape: ItemShape
    private let pages: Result<StreamPages, PageLoadError>

    init(_ settings: SourceConfiguration.StreamSettings) {
        name = settings.name
        shape = settings.shape
        pages = Result { () throws(PageLoadError) in
            StreamPages(
                reader: try StreamOpening.open(settings), name: settings.name, pageSize: settings.pageSize,
                problemRows: settings.problemRows, endReason: "end of input")
        }
    }

    public func startWalk() -> Walk { Walk(firstKey: PageKey(page: 1, offset: 0, stream: .start)) }

    public func fetch(_ key: PageKey) async throws -> PageResponse {
        try await pages.get().fetch(key)
    }

    public func page(from response: PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        StreamPages.page(from: response, key: key, kind: kind, walk: &walk, shape: shape, readsOnce: (try? pages.get())?.readsOnce ?? false)
    }
}
