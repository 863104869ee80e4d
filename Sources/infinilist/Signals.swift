import Dispatch
import Glibc
import InfinilistRuntime

/// Observes SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT and SIGTSTP without signal
/// handlers of our own: the screen turns them into inbox events, so that the loop (and only the
/// loop) reacts, restores the terminal and exits with 128 + signal; `--dump` cancels its work and
/// exits the same way. Before the loop runs, a wait for input (a named pipe, the password) uses
/// `InterruptibleWait`, so the same signals end or stop the program there too.
///
/// `blockForProcess()` must run on the main thread before any other thread exists: every later
/// thread inherits the mask, so no thread is ever interrupted by these signals (and ncurses'
/// own handlers, which would call `exit` or touch curses from a signal context, never run).
/// The signals stay pending for the process and libdispatch's signal sources read them.
final class SignalWatcher {
    /// SIGQUIT (Ctrl-\, `kill -QUIT`) is one of them: left alone, the Swift runtime's handler
    /// would catch it as a crash and run its backtracer, which draws over the screen and waits
    /// for a key. Here it ends the program like the others, with status 131.
    ///
    /// SIGCONT too: continued after a stop from outside (`kill -STOP`), the program cannot know
    /// what was drawn over its screen meanwhile, so the loop draws everything.
    ///
    /// And SIGTSTP (`kill -TSTP`; Ctrl-Z is a key in raw mode): the loop suspends as for Ctrl-Z,
    /// terminal restored first. Left at its default it would stop the process with the terminal
    /// raw; ignored (as it was) it did nothing; and curses' own handler redraws curses' picture
    /// of the screen, which the frame writer never draws in (a blank screen).
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT, SIGTSTP]

    /// The signals that end the program (with 128 + signal); the others resize, repaint or stop.
    static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private var sources: [any DispatchSourceSignal] = []

    /// Blocks the watched signals in this thread (and so in every thread it creates) and sets
    /// them to be ignored, so that curses does not install handlers for them (and the Swift
    /// runtime's handler for SIGQUIT is replaced). Done by `ProcessSetup`, first thing in `main`.
    static func blockForProcess() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in watched { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for number in watched { signal(number, SIG_IGN) }
    }

    /// Calls `handler` (on a global queue) with the number of each watched signal that arrives.
    init(handler: @escaping @Sendable (Int32) -> Void) {
        for number in Self.watched {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // @Sendable: runs on a global queue, never on the main actor.
            source.setEventHandler { @Sendable in handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Signals for the event loop: SIGWINCH is a resize, SIGCONT a repaint, SIGTSTP a suspend,
    /// the others end the loop.
    convenience init(inbox: Inbox) {
        self.init { number in
            switch number {
            case SIGWINCH: inbox.post(.terminalResized)
            case SIGCONT: inbox.post(.continued)
            case SIGTSTP: inbox.post(.stopRequested)
            default:
                // A command run with `execute` has the terminal and the loop waits for it: it
                // gets the signal first, so the loop can end when it does.
                ForegroundCommand.forward(number)
                inbox.post(.signal(number))
            }
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }

    deinit { stop() }
}
