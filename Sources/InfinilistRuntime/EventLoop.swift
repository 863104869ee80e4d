import Glibc
import InfinilistCore

/// How the loop ended.
public enum LoopExit: Equatable, Sendable {
    /// The program asked to quit (q, Enter, Ctrl-C, the end of a dump).
    case quit(code: Int32, output: [String])
    /// A signal (or the terminal going away) ended it: exit with 128 + signal.
    case signal(Int32)
    /// Writing the output failed (the reader of a pipe went away, a full disk).
    case outputFailed(OutputFailure)

    /// Whether a signal ended it.
    public var isSignal: Bool {
        if case .signal = self { return true }
        return false
    }

    public var exitCode: Int32 {
        switch self {
        case .quit(let code, _): return code
        case .signal(let number): return 128 + number
        case .outputFailed(let failure): return failure.exitStatus
        }
    }
}

/// The one event loop, whatever the screen: the terminal, `--dump` (a screen that paints
/// nothing) and the tests' screen that types keys all run here. It sleeps in poll(2) on the
/// screen's input and the inbox's wake-up pipe, with a timeout only while something animates or
/// the model asked to be woken at a time (`wakeTime`: a poll of a live list); when it wakes it
/// gathers every pending key, loader result and signal, applies them all to the model, carries
/// out the effects, and paints once.
public struct EventLoop<M: Model> {
    public private(set) var model: M
    let screen: any Screen
    let inbox: Inbox
    let loader: LoaderDriver
    /// Where `.output` lines go (stdout) and `.report` lines and loader notes go (stderr).
    let output: any LineOutput
    let errors: any LineOutput
    /// Opens the browser and runs bound commands; without it those effects ring the bell.
    let commands: (any CommandRunner)?
    /// The spinner's frame interval.
    var tickInterval: Duration = .milliseconds(90)
    /// Where the `|` prompt's programs are kept; nil keeps none.
    public var queryHistory: QueryHistoryFile?
    /// Writes a saved view into the config file (`V`); nil says there is no config file to write.
    public var viewSaver: (@Sendable (SavedView) -> ViewSaveResult)?

    private let clock = ContinuousClock()
    private let origin = ContinuousClock.now
    private var nextTick: ContinuousClock.Instant?

    public init(
        model: M,
        screen: any Screen,
        inbox: Inbox,
        loader: LoaderDriver,
        output: any LineOutput = FileLineOutput.standardOutput(),
        errors: any LineOutput = FileLineOutput.standardError(),
        commands: (any CommandRunner)? = nil
    ) {
        self.model = model
        self.screen = screen
        self.inbox = inbox
        self.loader = loader
        self.output = output
        self.errors = errors
        self.commands = commands
    }

    public mutating func run() -> LoopExit {
        defer { output.flush() }
        return loop()
    }

    private mutating func loop() -> LoopExit {
        // The effects are taken before they are performed: `perform(model.start())` would have
        // the loop copied whole first (the call borrows `self`, its argument changes `self`).
        let started = model.start()
        if let exit = perform(started) { return exit }
        screen.paint(model.frame())
        while true {
            scheduleTick()
            let ready = wait()
            if ready.hangUp { return .signal(SIGHUP) }
            var messages: [Message] = []
            // The terminal was disturbed: paint even when nothing changed.
            var repaint = false
            if ready.input { messages += screen.readInput() }
            for event in inbox.takeAll() {
                switch event {
                case .message(let message):
                    messages.append(message)
                case .note(let text):
                    report(text)
                case .signal(let number):
                    return .signal(number)
                case .terminalResized:
                    if let size = screen.updateSize() { messages.append(.resized(size)) }
                case .continued:
                    screen.continued()
                    repaint = true
                    if let size = screen.updateSize() { messages.append(.resized(size)) }
                case .stopRequested:
                    suspend()
                    repaint = true
                }
            }
            if let due = nextTick, clock.now >= due {
                messages.append(.tick)
                // Keep the rhythm; after a long stall, start it again from now.
                let next = due + tickInterval
                nextTick = next > clock.now ? next : clock.now + tickInterval
            } else if let wake = wakeInstant(), clock.now >= wake {
                // The model's own appointment (a poll due): one tick, at its time.
                messages.append(.tick)
            }
            guard !messages.isEmpty || repaint else { continue }
            // The time of day goes first, so every message of the batch sees it (the core
            // shows dates as ages); it is read here because the core has no clock.
            messages.insert(.wallClock(Self.wallClock()), at: 0)
            let now = secondsSinceStart()
            for message in messages {
                let effects = model.update(message, at: now)
                if let exit = perform(effects) { return exit }
            }
            screen.paint(model.frame())
            Trace.painted()  // bench trace hook, a no-op unless INFINILIST_TRACE is set (Trace.swift)
        }
    }

    /// Starts the spinner clock when animation begins and stops it when it ends.
    private mutating func scheduleTick() {
        if model.isAnimating {
            if nextTick == nil { nextTick = clock.now + tickInterval }
        } else {
            nextTick = nil
        }
    }

    /// Sleeps until input, an inbox event or the next tick.
    private func wait() -> (input: Bool, hangUp: Bool) {
        var fds = [
            pollfd(fd: screen.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let timeout: Int32
        if let due = [nextTick, wakeInstant()].compactMap({ $0 }).min() {
            let left = clock.now.duration(to: due)
            timeout = left <= .zero ? 0 : Int32(min(60_000, Self.milliseconds(left) + 1))
        } else {
            timeout = -1
        }
        let count = poll(&fds, nfds_t(fds.count), timeout)
        guard count > 0 else { return (false, false) }
        let terminal = fds[0].revents
        // A terminal that went away (the window was closed) is a hang-up, as SIGHUP would be.
        let hangUp = terminal & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        return (terminal & Int16(POLLIN) != 0, hangUp)
    }

    /// Carries out effects in order; a `.quit` or a failed write ends the loop.
    private func perform(_ effects: [Effect]) -> LoopExit? {
        for effect in effects {
            switch effect {
            case .load(let request): loader.send(.start(request))
            case .cancel(let id): loader.send(.cancel(id))
            case .countRows(let id): loader.send(.countRows(id))
            case .quit(let code, let output): return .quit(code: code, output: output)
            case .bell: screen.bell()
            case .redraw: screen.invalidate()
            case .suspend:
                suspend()
            case .output(let items, let line):
                for item in items {
                    switch line {
                    case .json: output.write(text: item.jsonText)
                    case .text: output.write(line: item.text)
                    }
                }
                // At once, so a reader that went away (`| head -1`) stops the work now.
                output.flush()
                if let error = output.failure { return .outputFailed(error) }
            case .outputLines(let lines):
                for line in lines { output.write(line: line) }
                output.flush()
                if let error = output.failure { return .outputFailed(error) }
            case .report(let text):
                report(text)
            case .progress(let text):
                errors.showProgress(text)
            case .copyToClipboard(let text):
                screen.setClipboard(text)
            case .writeFile(let path, let lines, let overwrite):
                let result = ViewFileWriter.write(path: path, lines: lines, overwrite: overwrite)
                inbox.post(.message(.fileWritten(result)))
            case .saveView(let view):
                let result = viewSaver?(view) ?? .failed(name: view.name, reason: "there is no config file to save it in (HOME is not set)")
                inbox.post(.message(.viewSaved(result)))
            case .rememberQuery(let program):
                // A history that cannot be written (a read-only home) loses only the history.
                try? queryHistory?.remember(program)
            case .openInBrowser(let address):
                guard let commands else { screen.bell(); continue }
                commands.open(address)
            case .runCommandInBackground(let command):
                guard let commands else { screen.bell(); continue }
                commands.runInBackground(command)
            case .runCommand(let command):
                guard let commands else { screen.bell(); continue }
                // The loop waits here, as for Ctrl-Z: what arrives meanwhile (pages, signals)
                // is in the inbox when it comes back.
                var notice: CommandNotice?
                screen.lendTerminal { notice = commands.runOnTerminal(command) }
                if let notice { inbox.post(.message(.commandReport(notice))) }
                // The terminal may have been resized while the command had it.
                inbox.post(.terminalResized)
            }
        }
        return nil
    }

    /// Ctrl-Z, or SIGTSTP from outside: the screen gives the terminal back and stops the process;
    /// continued (`fg`), the next paint draws everything.
    private func suspend() {
        screen.suspend()
        // The terminal may have been resized while we were stopped.
        inbox.post(.terminalResized)
    }

    /// A line on stderr, after the output written so far, so the two interleave in order.
    private func report(_ text: String) {
        output.flush()
        errors.write(line: text)
        errors.flush()
    }

    /// When the model asked to be woken, on the loop's clock.
    private func wakeInstant() -> ContinuousClock.Instant? {
        guard let seconds = model.wakeTime, seconds.isFinite else { return nil }
        // Clamped to a year: a wake time from a huge interval must not trap converting to Int64.
        return origin + .milliseconds(Int64((min(max(0, seconds), 31_536_000) * 1000).rounded(.up)))
    }

    /// Seconds on the loop's monotonic clock: the time the core's scroll speed is measured in.
    private func secondsSinceStart() -> Double {
        let (seconds, attoseconds) = (clock.now - origin).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The time of day and the local time zone's offset from UTC now.
    static func wallClock() -> WallClock {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        let offset = localtime_r(&seconds, &local) != nil ? Int(local.tm_gmtoff) : 0
        return WallClock(seconds: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9, utcOffset: offset)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

extension EventLoop where M == AppState {
    /// The list's loop, compiled for `AppState` here in the loop's module (a generic is only
    /// specialised where its body is seen). Run as a generic from the app's module, every use of
    /// `self` went through value witnesses that copied the loop and its state and destroyed the
    /// copies: about 7,000 instructions a ↓.
    public mutating func run() -> LoopExit {
        defer { output.flush() }
        return loop()
    }
}
