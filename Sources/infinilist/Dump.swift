import Glibc
import InfinilistLoader
import Synchronization

/// `--dump`: no screen; the loader's `Dumper` writes every item to stdout. SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT cancel the dump, so what was loaded is flushed before exiting with
/// 128 + signal. A write to stdout that fails stops it (see `Dumper`).
struct DumpRun {
    let options: CommandOptions
    let sourceOptions: SourceOptions

    func run() throws -> Int32 {
        // Signals were blocked for the process by `ProcessSetup`, before any thread existed.
        CrashTestHook.crashIfAsked()
        let source = try SourceFactory.make(url: options.url, options: sourceOptions)
        let maxItems = options.maxItems
        let verbose = options.verbose
        let task = Task {
            await Dumper(maxItems: maxItems, verbose: verbose).run(source: source)
        }
        let received = ReceivedSignal()
        let watcher = SignalWatcher { number in
            guard number != SIGWINCH else { return }
            received.number.withLock { $0 = $0 ?? number }
            task.cancel()
        }
        let status = Blocking.run { await task.value }
        watcher.stop()
        Blocking.run { await source.close() }
        if let number = received.number.withLock({ $0 }) { return 128 + number }
        return status
    }
}

/// The first signal that stopped a dump.
private final class ReceivedSignal: Sendable {
    let number = Mutex<Int32?>(nil)
}
