import InfinilistCore
import Synchronization

/// The live list an HTTP source's first answer became, when it was a streaming one: the
/// connection (`LiveConnection`) and the pages read from it (`StreamPages`, with the spool), so
/// every later page, and page 1 read again, come from the stream instead of a request. A new
/// walk (a refresh) forgets it: the next first page is requested anew.
final class LiveSession: Sendable {
    /// What the command line says about live lists (checked in `SourceOptions.httpSettings`).
    struct Settings: Sendable {
        /// Which answers are read as streams: by their content type, or every one (`--live`).
        var streaming = StreamingAnswer.byContentType
        /// `--spool-max`; nil when nothing is read twice (`--dump`).
        var spoolMax: Int? = 1 << 30
        var spoolDirectory: String?
        /// Values that could not be kept are rows (the screen), not only warnings (`--dump`).
        var problemRows = true
        var backoff = LiveBackoff()
        /// Bytes read from the network that may wait for the list to take them.
        var highWater = 1 << 20
        /// Items in a page of the stream (`--page-size`).
        var pageSize = 50
    }

    let settings: Settings
    private let current = Mutex<Current?>(nil)

    private struct Current: Sendable {
        let pages: StreamPages
        let connection: LiveConnection
    }

    init(_ settings: Settings) {
        self.settings = settings
    }

    /// The pages of the live stream, for a page of it (every page after the first, and the first
    /// read again); nil when the list is not live (yet).
    func pages(for key: PageKey) -> StreamPages? {
        guard key.stream != nil || key.index == 0 else { return nil }
        return current.withLock { $0?.pages }
    }

    /// Makes `answer`, a streaming answer to the first page's request, the list; returns its pages.
    /// - Parameters:
    ///   - connect: sends the first request again, with these headers added.
    ///   - describe: words a failure of the body.
    func begin(
        _ answer: HTTPBody, stream: StreamingBody, name: String, host: String, mode: StreamListMode, maxValueBytes: Int, pageSize: Int,
        clock: any RetryClock, connect: @escaping LiveConnection.Connect, describe: @escaping LiveConnection.Describe
    ) throws(PageLoadError) -> StreamPages {
        let label = "the stream from \(host)"
        let spool = try settings.spoolMax.map { limit throws(PageLoadError) in try Spool(limit: limit, directory: settings.spoolDirectory) }
        let connection = LiveConnection(
            framing: stream.framing, maxValueBytes: maxValueBytes, label: label, backoff: settings.backoff, clock: clock,
            highWater: settings.highWater, connect: connect, describe: describe)
        let reader = StreamReader(
            input: connection, rereadDescriptor: nil, label: label, spool: spool, mode: mode, maxValueBytes: maxValueBytes,
            framing: stream.framing)
        let pages = StreamPages(
            reader: reader, name: name, pageSize: pageSize, problemRows: settings.problemRows,
            endReason: "the server ended the stream", live: { connection.status })
        let replaced = current.withLock { current in
            defer { current = Current(pages: pages, connection: connection) }
            return current
        }
        replaced?.connection.cancel()
        // A compressed stream is asked for again uncompressed: the client's decompression limit
        // (--max-page-bytes) counts a whole answer, and a stream never ends.
        let compressed = ContentEncodingCheck.decompressed(in: answer.headers) != nil
        connection.start(first: compressed ? nil : answer)
        return pages
    }

    /// Forgets the stream (a refresh): its connection closes, and the first page is requested anew.
    func reset() {
        let old = current.withLock { current in
            defer { current = nil }
            return current
        }
        old?.connection.cancel()
    }

    /// Closes the stream's connection and waits until it is closed (before the client shuts down).
    func close() async {
        let old = current.withLock { current in
            defer { current = nil }
            return current
        }
        await old?.connection.stop()
    }
}

/// What an HTTP source's live list needs to turn values into items, from its settings.
struct LiveReading: Sendable {
    let shape: ItemShape
    /// Where the items are in each value: `--items PATH`, else found in the first value.
    let mode: StreamListMode
    /// `--max-page-bytes`: the longest value (or event) kept.
    let maxValueBytes: Int
    let pageSize: Int

    init(_ settings: SourceConfiguration.HTTPSettings) {
        shape = settings.shape
        mode = settings.itemsPath.map(StreamListMode.itemsAt) ?? .detect
        maxValueBytes = settings.maxPageBytes
        pageSize = settings.live.pageSize
    }
}
