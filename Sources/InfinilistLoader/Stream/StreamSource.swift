import Dispatch
import InfinilistCore
import Synchronization

/// A list read from standard input or a file, like a pager: JSON lines, JSON values one after
/// another, one (huge) array streamed, or an object holding the list (`kubectl get -o json`).
///
/// `fetch` reads one page on the source's own serial queue (reads block in `poll`, which must not
/// hold a thread of Swift's cooperative pool): at the tail it reads on from the input until the
/// page is full, the input ends, or a quiet pipe has paused for `StreamReader.pause` with at least
/// one item in hand; with none it keeps waiting, telling the loader once ("waiting for input"),
/// until items come or the request is cancelled. Pages read before are read again from the file
/// or the spool (`StreamReader`). The paging half is trivial: the next page starts where this one
/// ended, and the end of the input ends the list.
///
/// A refresh (`R`) is a new walk: a file named on the command line is then opened and read again
/// as it is now (lines appended since, or a file rewritten or rotated), as `less` reads a file
/// again; a pipe cannot be read twice, so its pages come back from the spool and reading goes on
/// where it was.
public final class StreamSource: PageSource, @unchecked Sendable {
    public let name: String
    private let pageSize: Int
    private let shape: ItemShape
    /// Whether values that could not be kept are shown as rows (the screen) or only said on
    /// stderr (`--dump`, whose output must stay the input's items).
    private let problemRows: Bool
    /// The only queue that reads at the tail (see `StreamReader`).
    private let queue = DispatchQueue(label: "infinilist.stream")
    private let settings: SourceConfiguration.StreamSettings
    /// The reader of the current walk, and how many walks were started.
    private let readers: Mutex<(current: Result<StreamReader, PageLoadError>, walks: Int)>

    init(_ settings: SourceConfiguration.StreamSettings) {
        self.settings = settings
        name = settings.name
        pageSize = settings.pageSize
        shape = settings.shape
        problemRows = settings.problemRows
        readers = Mutex((Result { () throws(PageLoadError) in try StreamOpening.open(settings) }, 0))
    }

    /// The first walk reads with the reader opened with the source; each later one (a refresh)
    /// opens a file again, so it is read as it is now. The loader has cancelled what was in flight
    /// with the old reader, which goes when its last read returns.
    public func startWalk() -> Walk {
        readers.withLock { readers in
            if readers.walks > 0, StreamOpening.canReopen(settings.input) {
                readers.current = Result { () throws(PageLoadError) in try StreamOpening.open(settings) }
            }
            readers.walks += 1
        }
        return Walk(firstKey: PageKey(page: 1, offset: 0, stream: .start))
    }

    public func fetch(_ key: PageKey) async throws -> PageResponse {
        let reader = try readers.withLock { $0.current }.get()
        let start = key.stream ?? .start
        let count = pageSize
        let reporter = WaitReporting.reporter
        let cancelled = CancelFlag()
        if case .reread(let end, let atEnd) = try reader.plan(for: start) {
            // Beside a tail read that may be waiting for a quiet pipe.
            let read = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { () throws(PageLoadError) in try reader.reread(from: start, end: end, atEnd: atEnd) })
                }
            }
            return response(read, key: key, firstRead: false)
        }
        let read: StreamPageRead? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    let waiting = {
                        guard let reporter else { return }
                        let wait = FetchWait(seconds: 0, reason: "waiting for input", isRetry: false, isFirst: true, waitsForInput: true)
                        Task { await reporter.report(wait) }
                    }
                    do {
                        continuation.resume(returning: try reader.read(from: start, count: count, isCancelled: cancelled.isSet, waiting: waiting))
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            cancelled.set()
        }
        guard let read else { throw CancellationError() }
        return response(read, key: key, firstRead: true)
    }

    /// `firstRead`: the page was read from the input, not again from the file or the spool, so
    /// its text lines are counted for `-v` (once each).
    private func response(_ read: StreamPageRead, key: PageKey, firstRead: Bool) -> PageResponse {
        var items: [JSONValue] = []
        var kinds: [Item.Kind] = []
        var textLines = 0
        var problems: [String] = []
        for entry in read.entries {
            switch entry.content {
            case .value(let value):
                items.append(value)
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
        var notes = read.note.map { [$0] } ?? []
        if firstRead, textLines > 0 { notes.append("page \(key.index + 1): \(Counted.text(textLines, "line")) not JSON, kept as text") }
        var answer = PageResponse(url: name, body: .null, items: items, notes: notes)
        answer.kinds = kinds
        answer.stream = read.next
        if read.atEnd { answer.end = EndReason("end of input") }
        if let first = problems.first {
            answer.warning = problems.count == 1 ? first : "\(first) (and \(problems.count - 1) more on this page)"
        }
        return answer
    }

    /// The next page starts where this one ended; the end of the input is the end of the list.
    public func page(from response: PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        let items = zip(response.items, response.kinds).map { value, kind in
            kind == .value ? shape.item(from: value) : Self.lineItem(value, kind: kind)
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
        return FetchedPage(items: items, continuation: continuation, notes: [], warning: response.warning)
    }
}

extension StreamSource {
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
