import ArgumentParser
import Foundation
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
    /// The config file's source the list was opened from (`@NAME`), nil for a URL or a pipe.
    var sourceName: String?

    /// Returns the exit status: the loop's, unless Enter's lines could not be written to stdout
    /// (141 for a reader that went away, 1 with a message for any other failure).
    func run() throws -> Int32 {
        var output: [String] = []
        let code = try runScreen(output: &output)
        // No pick: stdout gets nothing, the status says why (AppState.exitReport).
        guard !output.isEmpty else { return code }
        let stdout = FileLineOutput.standardOutput()
        for line in ActionSetup.terminalSafe(output) { stdout.write(line: line) }
        stdout.flush()
        guard let failure = stdout.failure else { return code }
        if let message = failure.message { FileLineOutput.standardError().write(line: "infinilist: \(message)") }
        return failure.exitStatus
    }

    /// The screen and everything behind it; `output` receives the lines Enter chose, to be
    /// printed once everything is stopped. Signals were blocked for the process by
    /// `ProcessSetup`, before any thread existed.
    private func runScreen(output: inout [String]) throws -> Int32 {
        let actionSettings = try ActionSetup.Settings(options: options)
        let rowQuery = try options.query.rowQuery(format: options.format)
        let sort = try options.sortField()
        let compiler = try options.query.compiler(format: options.format)
        let environment = ProcessSetup.environment
        let inbox = try Inbox()
        // Last of what can throw: from here on the source (an HTTP client) is always closed.
        let source = PageSources.make(self.source)
        let log: VerboseLog? = options.verbose ? VerboseLog() : nil
        var note: (@Sendable (String) -> Void)?
        if let log { note = { log.note($0) } }
        // A pipe or a file is never polled: nothing keeps its first items for polls.
        let polled = if case .stream = self.source.kind { false } else { true }
        let loader = Loader(source: source, deliver: { inbox.post(.message($0)) }, log: note,
                            parsesItems: self.source.columns != .lines || options.query.program != nil,
                            remembersItems: Loader.itemsRememberedOnScreen, keepsTop: polled)
        let driver = LoaderDriver(loader: loader)
        let watcher = SignalWatcher(inbox: inbox)
        // Runs after the screen is closed (below), on every path out of this function.
        defer {
            watcher.stop()
            Blocking.run {
                await driver.shutdown()
                await source.close()
            }
            log?.flush()
        }

        let exit: LoopExit
        let report: ExitReport
        do {
            let screen = try CursesScreen(color: options.color.wantsColor(noColor: Self.noColor), mouse: options.mouse)
            // Restores the terminal however the loop is left, a thrown error included.
            defer { screen.close() }
            var config = AppConfig(sourceName: loader.sourceName, prefetchPolicy: options.prefetch, keep: options.keep)
            config.insecure = options.insecure && options.url != nil
            config.columns = self.source.columns
            config.fieldCheck = options.fieldCheck(columns: self.source.columns)
            config.preview = options.previewSettings
            config.rowQuery = rowQuery
            config.sort = sort
            config.filter = options.filter
            config.format = options.format
            config.viewName = sourceName
            config.queryCompiler = compiler
            let history = QueryHistoryFile.defaultPath(environment: environment).map(QueryHistoryFile.init)
            config.queryHistory = history?.load() ?? []
            ActionSetup.configure(&config, actionSettings, environment: environment)
            config.follow = try? options.followInterval()
            // A pipe or a file: G reads to the end of the input, as less does.
            if case .stream(let settings) = self.source.kind {
                config.lastReadsToEnd = true
                config.followable = false
                config.countsRows = settings.mayCountRows
            }
            var loop = EventLoop(
                model: AppState(config: config, size: screen.size),
                screen: screen,
                inbox: inbox,
                loader: driver,
                commands: ActionSetup.commandRunner(inbox: inbox, environment: environment)
            )
            loop.queryHistory = history
            if let configPath = ConfigFile.defaultPath(environment: environment) {
                let base = sourceName
                let url = ViewArguments.urlToSave(options.url)
                loop.viewSaver = { ConfigViewWriter.save($0, path: configPath, base: base, url: url) }
            }
            exit = loop.run()
            if case .quit(_, let lines) = exit { output = lines }
            report = loop.model.exitReport(status: exit.exitCode, picked: !output.isEmpty, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
        } catch {
            FileLineOutput.standardError().write(line: error.description)
            return 1
        }
        // The screen is closed: a failed page's message is read whole on stderr.
        let errors = FileLineOutput.standardError()
        for line in report.errors { errors.write(line: line) }
        errors.flush()
        return report.status
    }

    /// The value of `NO_COLOR`, nil when it is not set (https://no-color.org).
    static var noColor: String? {
        getenv("NO_COLOR").map { String(cString: $0) }
    }
}
