import Glibc
import InfinilistCore

/// How the loop ended.
enum LoopExit: Equatable {
    /// The program asked to quit (q, Enter, Ctrl-C).
    case quit(code: Int32, output: [String])
    /// A signal (or the terminal going away) ended it: exit with 128 + signal.
    case signal(Int32)

    var exitCode: Int32 {
        switch self {
        case .quit(let code, _): return code
        case .signal(let number): return 128 + number
        }
    }
}

/// The one thread that owns the screen. It sleeps in poll(2) on the terminal and the inbox's
/// wake-up pipe, with a timeout only while something animates; when it wakes it gathers every
/// pending key, loader result and signal, applies them all to the program, carries out the
/// effects, and paints once.
struct EventLoop<P: Program> {
    var program: P
    let screen: any Screen
    let inbox: Inbox
    let loader: LoaderDriver
    /// The spinner's frame interval.
    var tickInterval: Duration = .milliseconds(90)

    private let clock = ContinuousClock()
    private let origin = ContinuousClock.now
    private var nextTick: ContinuousClock.Instant?

    init(program: P, screen: any Screen, inbox: Inbox, loader: LoaderDriver) {
        self.program = program
        self.screen = screen
        self.inbox = inbox
        self.loader = loader
    }

    mutating func run() -> LoopExit {
        if let exit = perform(program.start()) { return exit }
        screen.paint(program.frame())
        while true {
            scheduleTick()
            let ready = wait()
            if ready.hangUp { return .signal(SIGHUP) }
            var messages: [Message] = []
            if ready.input { messages += screen.readInput() }
            for event in inbox.takeAll() {
                switch event {
                case .message(let message):
                    messages.append(message)
                case .signal(let number):
                    return .signal(number)
                case .terminalResized:
                    if let size = screen.updateSize() { messages.append(.resized(size)) }
                }
            }
            if let due = nextTick, clock.now >= due {
                messages.append(.tick)
                // Keep the rhythm; after a long stall, start it again from now.
                let next = due + tickInterval
                nextTick = next > clock.now ? next : clock.now + tickInterval
            }
            guard !messages.isEmpty else { continue }
            let now = secondsSinceStart()
            for message in messages {
                if let exit = perform(program.update(message, at: now)) { return exit }
            }
            screen.paint(program.frame())
            Trace.painted()  // bench trace hook, a no-op unless INFINILIST_TRACE is set (Trace.swift)
        }
    }

    /// Starts the spinner clock when animation begins and stops it when it ends.
    private mutating func scheduleTick() {
        if program.isAnimating {
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
        if let due = nextTick {
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

    /// Carries out effects in order; a `.quit` ends the loop.
    private func perform(_ effects: [Effect]) -> LoopExit? {
        for effect in effects {
            switch effect {
            case .load(let request): loader.send(.start(request))
            case .cancel(let id): loader.send(.cancel(id))
            case .quit(let code, let output): return .quit(code: code, output: output)
            case .bell: screen.bell()
            case .redraw: screen.invalidate()
            case .suspend:
                screen.suspend()
                // The terminal may have been resized while we were stopped.
                inbox.post(.terminalResized)
            }
        }
        return nil
    }

    /// Seconds on the loop's monotonic clock: the time the core's scroll speed is measured in.
    private func secondsSinceStart() -> Double {
        let (seconds, attoseconds) = (clock.now - origin).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
