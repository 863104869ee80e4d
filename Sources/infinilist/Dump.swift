import Glibc
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
        let inbox = try Inbox()
        let source = PageSources.make(self.source)
        let watcher = SignalWatcher { number in
            guard number != SIGWINCH else { return }
            inbox.post(.signal(number))
        }
        let errors = FileLineOutput.standardError()
        var dumper = Dumper(maxItems: options.maxItems, verbose: options.verbose, writesText: options.format != nil,
                            readAhead: ReadAhead(depth: options.parallel ?? 1, itemBudget: options.maxItems),
                            follow: try options.followInterval())
        dumper.outputDescriptor = 1
        let outcome = dumper.run(source: source, inbox: inbox, output: FileLineOutput.standardOutput(), errors: errors)
        watcher.stop()
        Blocking.run { await source.close() }
        if case .outputFailed(let failure) = outcome.exit, let message = failure.message {
            errors.write(line: "infinilist: \(message)")
        }
        return outcome.exit.exitCode
    }
}
