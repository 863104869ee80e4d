import ArgumentParser
import Glibc
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime

/// Browsing on the terminal: wires the source, the loader, the signal watcher and the screen
/// around the event loop, and takes them down in the order that keeps the terminal sane on every
/// exit path: restore the terminal first, then stop the loader and close the HTTP client, then
/// print the chosen item to stdout.
struct InteractiveSession {
    let options: CommandOptions
    let source: SourceConfiguration

    /// Returns the exit status.
    func run() throws -> Int32 {
        // Before any thread exists, so that every thread inherits the mask (see SignalWatcher).
        SignalWatcher.blockForProcess()
        let inbox = try Inbox()
        // Last of what can throw: from here on the source (an HTTP client) is always closed.
        let source = PageSources.make(self.source)
        let log: VerboseLog? = options.verbose ? VerboseLog() : nil
        var note: (@Sendable (String) -> Void)?
        if let log { note = { log.note($0) } }
        let loader = Loader(source: source, deliver: { inbox.post(.message($0)) }, log: note)
        let driver = LoaderDriver(loader: loader)
        let watcher = SignalWatcher(inbox: inbox)
        // Lines to print once everything is stopped (Enter's item).
        var output: [String] = []
        // Runs after the screen is closed (below), on every path out of this function.
        defer {
            watcher.stop()
            Blocking.run {
                await driver.shutdown()
                await source.close()
            }
            log?.flush()
            if !output.isEmpty {
                let stdout = FileLineOutput.standardOutput()
                for line in output { stdout.write(line: line) }
                stdout.flush()
            }
        }

        let exit: LoopExit
        do {
            let screen = try CursesScreen(color: options.color.wantsColor(noColor: Self.noColor), mouse: options.mouse)
            // Restores the terminal however the loop is left, a thrown error included.
            defer { screen.close() }
            let config = AppConfig(sourceName: loader.sourceName, prefetchPolicy: options.prefetch, keep: options.keep)
            var loop = EventLoop(
                model: AppState(config: config, size: screen.size),
                screen: screen,
                inbox: inbox,
                loader: driver
            )
            exit = loop.run()
        } catch {
            FileLineOutput.standardError().write(line: error.description)
            return 1
        }
        if case .quit(_, let lines) = exit { output = lines }
        return exit.exitCode
    }

    /// The value of `NO_COLOR`, nil when it is not set (https://no-color.org).
    static var noColor: String? {
        getenv("NO_COLOR").map { String(cString: $0) }
    }
}
