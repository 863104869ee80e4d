import InfinilistCore

/// `--dump`: the same loader and source as the screen, without a screen. Every item is written as
/// one line of compact JSON, pages are followed to the end (or `maxItems`), progress and errors go
/// to the error output. Useful for scripts, and the simplest proof that the loader works.
public struct Dumper {
    /// Stop after this many items (the last page is cut short); nil follows the list to its end.
    public var maxItems: Int?
    /// Write each page's size and latency, the source's notes and the end reason to `errors`.
    public var verbose: Bool

    public init(maxItems: Int? = nil, verbose: Bool = false) {
        self.maxItems = maxItems
        self.verbose = verbose
    }

    /// Runs until the list ends, `maxItems` is reached, a page fails or the task is cancelled.
    /// Returns the exit status: 0 when complete (or `maxItems` reached), 1 on failure or
    /// cancellation, in both cases after writing and flushing every item loaded so far; when
    /// `output` cannot be written to, it stops at once with the failure's status (141 for a
    /// reader that went away, quietly; 1 with a message otherwise).
    /// The caller still owns `source` and closes it afterwards.
    public func run(
        source: any PageSource,
        output: any LineOutput = FileLineOutput.standardOutput(),
        errors: any LineOutput = FileLineOutput.standardError()
    ) async -> Int32 {
        defer { output.flush() }
        if let maxItems, maxItems <= 0 { return 0 }

        let (events, continuation) = AsyncStream.makeStream(of: DumpEvent.self)
        let deliver: @Sendable (Message) -> Void = { message in continuation.yield(.message(message)) }
        let note: @Sendable (String) -> Void = { text in continuation.yield(.note(text)) }
        let loader = Loader(source: source, deliver: deliver, log: verbose ? note : nil)
        var progress = DumpProgress(maxItems: maxItems)
        var status: Int32 = 1
        var lastWaitReason: String?
        await loader.start(progress.nextRequest())

        loop: for await event in events {
            switch event {
            case .note(let text):
                report(text, errors: errors, output: output)
            case .message(.pageLoaded(let result)):
                let items = progress.accept(result.items)
                for item in items { output.write(line: item.json) }
                // Nobody can read what follows (a closed pipe, a full disk): stop before asking for more.
                if let failure = Self.writeFailure(output) {
                    if let message = failure.message { report("infinilist: \(message)", errors: errors, output: output) }
                    status = failure.exitStatus
                    break loop
                }
                if verbose {
                    report("page \(result.request.page + 1): \(Counted.text(result.items.count, "item")) in \(Self.milliseconds(result.latency)) ms", errors: errors, output: output)
                }
                if progress.reachedMaxItems, let maxItems {
                    if verbose { report("stopped: --max-items \(maxItems) reached", errors: errors, output: output) }
                    status = 0
                    break loop
                }
                if let end = result.end {
                    // How the list ended is always said (on stderr): a script can tell a complete dump from a cut one.
                    report("end: \(end.text) (\(Counted.text(progress.written, "item")))", errors: errors, output: output)
                    status = 0
                    break loop
                }
                await loader.start(progress.nextRequest())
            case .message(.pageFailed(let failure)):
                report(
                    "infinilist: \(failure.message) (page \(failure.request.page + 1); \(Counted.text(progress.written, "item")) written)",
                    errors: errors,
                    output: output
                )
                status = 1
                break loop
            case .message(.pageWaiting(let wait)):
                // Say once why the dump pauses (rate limit, retry); -v has the loader's note instead.
                if !verbose, wait.reason != lastWaitReason {
                    lastWaitReason = wait.reason
                    let action = wait.isRetry ? "retrying" : "next request"
                    report("infinilist: page \(wait.request.page + 1): \(wait.reason); \(action) in \(wait.seconds) s", errors: errors, output: output)
                }
            case .message:
                continue
            }
        }
        if status != 0, Task.isCancelled {
            report("infinilist: interrupted after \(Counted.text(progress.written, "item"))", errors: errors, output: output)
        }
        await loader.shutdown()
        continuation.finish()
        return status
    }

    /// Flushes the items first, so that stdout and stderr interleave in the order things happened.
    private func report(_ text: String, errors: any LineOutput, output: any LineOutput) {
        output.flush()
        errors.write(line: text)
        errors.flush()
    }

    /// Writes the page out (a reader sees each page as it comes) and returns the output's failure.
    private static func writeFailure(_ output: any LineOutput) -> OutputFailure? {
        output.flush()
        return output.failure
    }

    private static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }
}

/// What the dump loop waits for: a loader message, or a `--verbose` note from the source.
private enum DumpEvent: Sendable {
    case message(Message)
    case note(String)
}

/// The dump's position in the list: which page to request next, how many items were written.
private struct DumpProgress {
    let maxItems: Int?
    private(set) var written = 0
    private var page = 0
    private var requestCounter = 0

    init(maxItems: Int?) { self.maxItems = maxItems }

    var reachedMaxItems: Bool { maxItems.map { written >= $0 } ?? false }

    mutating func nextRequest() -> PageRequest {
        requestCounter += 1
        defer { page += 1 }
        return PageRequest(id: RequestID(requestCounter), page: page)
    }

    /// The items of a page that are to be written, cut at `maxItems`.
    mutating func accept(_ items: [Item]) -> ArraySlice<Item> {
        let room = maxItems.map { max(0, $0 - written) } ?? items.count
        let taken = items.prefix(room)
        written += taken.count
        return taken
    }
}
