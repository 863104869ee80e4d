import Dispatch
import Glibc
import InfinilistCore
import InfinilistLoader

/// Runs `--dump`: the loader and the source, the `DumpModel`, a `DumpScreen` and the one event
/// loop, wired as the terminal session wires them.
public struct Dumper: Sendable {
    public var maxItems: Int?
    public var verbose: Bool

    /// `--format`: write row text, not JSON.
    public var writesText: Bool
    /// The descriptor `output` writes to, when it may be a pipe whose reader can go away while
    /// nothing is written (a quiet live stream): the dump then stops at once, as a broken pipe.
    public var outputDescriptor: Int32?

    /// Pages fetched before they are asked for: by default the next one as soon as its key is
    /// known (one request at a time still); `--parallel N` predicts more.
    public var readAhead: ReadAhead
    /// `--follow`: once the list is written, poll for new items every this many seconds.
    public var follow: Double?
    /// `--format`'s fields, said on stderr when no item of the first page has one.
    public var fieldCheck = FieldCheck()
    /// `--jq`: the program each item goes through before it is written.
    public var query: (any ItemQuery)?
    /// `--slurp`: the query runs once over every item, when the list has ended.
    public var slurp: Slurp?
    /// `--output`: csv, tsv or one JSON array instead of JSON lines.
    public var export: Export?
    /// `--count FIELD`: the field's values counted, written at the end.
    public var countField: Counting?
    /// How many of the latest items duplicates are looked for among (decision 78).
    public var remembersItems = Loader.itemsRememberedByADump

    public init(maxItems: Int? = nil, verbose: Bool = false, writesText: Bool = false, readAhead: ReadAhead? = nil, follow: Double? = nil) {
        self.maxItems = maxItems
        self.verbose = verbose
        self.writesText = writesText
        self.readAhead = readAhead ?? ReadAhead(depth: 1, itemBudget: maxItems)
        self.follow = follow
    }

    /// How a dump ended: the loop's exit and the items written.
    public struct Outcome: Sendable {
        public let exit: LoopExit
        public let written: Int
    }

    /// Runs the dump on the calling thread until the list ends, `maxItems` is reached, a page
    /// fails, a write fails or a signal arrives through `inbox`. The caller still owns `source`
    /// and closes it afterwards; everything written is flushed.
    public func run(source: any PageSource, inbox: Inbox, output: any LineOutput, errors: any LineOutput) -> Outcome {
        var note: (@Sendable (String) -> Void)?
        if verbose { note = { inbox.post(.note($0)) } }
        let loader = Loader(source: source, deliver: { inbox.post(.message($0)) }, log: note, readAhead: readAhead, remembersItems: remembersItems,
                            keepsTop: follow != nil)
        let driver = LoaderDriver(loader: loader)
        let watched = outputDescriptor.map(OutputReaderWatch.watchable) ?? -1
        var model = DumpModel(maxItems: maxItems, verbose: verbose, writesText: writesText, follow: follow)
        model.fieldCheck = fieldCheck
        model.query = query
        model.slurp = slurp
        model.export = export
        model.countField = countField
        var loop = EventLoop(
            model: model,
            screen: DumpScreen(watching: watched),
            inbox: inbox,
            loader: driver,
            output: output,
            errors: errors
        )
        var exit = loop.run()
        if exit == .signal(SIGHUP), OutputReaderWatch.readerGone(watched) {
            exit = .outputFailed(OutputFailure(code: EPIPE, destination: "stdout"))
        }
        // An answer given only at a whole end (`--slurp`, `--count`) was not given.
        let unanswered = exit.isSignal ? loop.model.answersAtTheEnd : nil
        // A JSON array is closed however the dump ended (a signal, a failed page), unless
        // writing is what failed or nothing was to be written.
        if case .outputFailed = exit {} else if unanswered == nil {
            let closing = loop.model.closingLines()
            for line in closing { output.write(line: line) }
            output.flush()
        }
        if case .signal = exit {
            let nothing = unanswered.map { "; \($0) wrote nothing" } ?? ""
            errors.write(line: "infinilist: interrupted after \(DumpModel.count(loop.model.written, "item"))\(nothing)")
            errors.flush()
        }
        Blocking.run { await driver.shutdown() }
        return Outcome(exit: exit, written: loop.model.written)
    }

    /// The same from async code (the tests): the loop blocks in poll(2), so it runs on a thread of
    /// its own, never on the cooperative pool. Cancelling the calling task stops it as a signal
    /// would. Returns the exit status: 0 complete, 1 after a failure or an interruption.
    public func run(
        source: any PageSource,
        output: any LineOutput = FileLineOutput.standardOutput(),
        errors: any LineOutput = FileLineOutput.standardError()
    ) async -> Int32 {
        guard let inbox = try? Inbox() else { return 1 }
        let outcome = await runOnItsOwnThread(source: source, inbox: inbox, output: output, errors: errors)
        if case .signal = outcome.exit { return 1 }
        return outcome.exit.exitCode
    }

    /// `run(source:inbox:output:errors:)` on a thread of its own, for async callers that post to
    /// the inbox themselves. Called on the cooperative pool instead, two such loops blocked in
    /// poll(2) hold both of a 2-core machine's pool threads, and the loader that would wake them
    /// never runs.
    public func runOnItsOwnThread(source: any PageSource, inbox: Inbox, output: any LineOutput, errors: any LineOutput) async -> Outcome {
        let outputs = OutputPair(output: output, errors: errors)
        let dumper = self
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DetachedThread.start {
                    continuation.resume(returning: dumper.run(source: source, inbox: inbox, output: outputs.output, errors: outputs.errors))
                }
            }
        } onCancel: {
            inbox.post(.signal(SIGINT))
        }
    }
}

/// The outputs handed to the loop's thread: used by that thread alone until the loop ends, then
/// by the caller again, never by both at once.
private struct OutputPair: @unchecked Sendable {
    let output: any LineOutput
    let errors: any LineOutput
}
