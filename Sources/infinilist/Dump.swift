import CNCursesW
import Glibc
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime

/// `--dump`: no screen; the one event loop runs the `DumpModel`, which writes every item to
/// stdout. SIGINT, SIGTERM, SIGHUP and SIGQUIT reach the loop through the inbox, so what was loaded is
/// flushed before exiting with 128 + signal; a failed write stops at once (141 for a reader that
/// went away, as `yes | head` does; 1 with the error named otherwise).
struct DumpRun {
    let options: CommandOptions
    let source: SourceConfiguration

    func run() throws -> Int32 {
        // Signals were blocked for the process by `ProcessSetup`, before any thread existed.
        CrashTestHook.crashIfAsked()
        Self.keepMemoryFlat()
        let inbox = try Inbox()
        let source = PageSources.make(self.source)
        let watcher = SignalWatcher { number in
            // A resize means nothing to a dump, and neither does being continued after a stop.
            guard number != SIGWINCH, number != SIGCONT else { return }
            // SIGTSTP (Ctrl-Z) is blocked for the process: the dump stops as it would by default.
            if number == SIGTSTP {
                kill(getpid(), SIGSTOP)
                return
            }
            inbox.post(.signal(number))
        }
        // On a terminal, stderr also shows a progress line while the dump runs (issue 33).
        let progress = TerminalProgressOutput.standardErrorIfTerminal()
        let errors: any LineOutput = progress ?? FileLineOutput.standardError()
        var dumper = Dumper(maxItems: options.maxItems, verbose: options.verbose, writesText: options.format != nil,
                            readAhead: ReadAhead(depth: options.parallel ?? 1, itemBudget: options.maxItems),
                            follow: try options.followInterval())
        dumper.outputDescriptor = 1
        dumper.fieldCheck = options.fieldCheck(columns: nil)
        dumper.query = try options.query.query()
        if options.query.slurp { dumper.slurp = Slurp(limit: options.query.slurpLimit) }
        dumper.countField = try options.counting()
        if let note = options.sortIgnoredByDump { errors.write(line: note) }
        if let note = options.filterIgnoredByDump { errors.write(line: note) }
        if let format = options.output {
            var given: [ColumnSpec]?
            if case .given(let specs) = self.source.columns { given = specs }
            // Counts are written as their two fields.
            if dumper.countField != nil { given = [ColumnSpec(path: JSONPath([.key("value")])), ColumnSpec(path: JSONPath([.key("count")]))] }
            dumper.export = Export(format: format, columns: given)
        }
        let outcome = dumper.run(source: source, inbox: inbox, output: FileLineOutput.standardOutput(), errors: errors)
        watcher.stop()
        progress?.clearProgress()
        Blocking.run { await source.close() }
        if case .outputFailed(let failure) = outcome.exit, let message = failure.message {
            errors.write(line: "infinilist: \(message)")
        }
        return outcome.exit.exitCode
    }

    /// A dump's peak memory must not grow with the number of pages (decision 76). A page is
    /// parsed on a loader thread and freed on the loop's, and glibc gives each thread an arena of
    /// its own that keeps what it freed, so every thread that ever parsed a page held a page's
    /// worth; and after a large block is freed, glibc raises its threshold for serving blocks
    /// with mmap, so the next page's buffers come from the heap and stay there. One arena and a
    /// fixed 64 KiB threshold (a page's bodies and arrays are mapped and unmapped whole):
    /// 20 pages of 10,000 items peaked at 82.5 MB, now 53.6 MB, at 43 MB after one page.
    private static func keepMemoryFlat() {
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_MMAP_THRESHOLD, 64 * 1024)
    }
}
