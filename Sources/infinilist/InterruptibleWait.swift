import CPipe
import Glibc

/// A wait for input before the event loop runs: a named pipe's writer (`-d @FIFO`, `--graphql
/// @FIFO`), a body typed on the terminal (`-d @-`), the password (`-u user`).
///
/// Signals are blocked for the whole process from its first line (`SignalWatcher`), so a plain
/// blocking `open` or `read` there could be ended by nothing but SIGKILL. Unblocking them for the
/// wait is no way out: other threads may exist already, and a default action would kill the
/// process with the terminal's echo off. Instead the descriptor is polled together with a pipe
/// that a `SignalWatcher` (libdispatch reads the blocked signals) writes each signal's number
/// to, so the signals mean what they mean in the loop:
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT end the program at once with 128 + signal, the loop's
///   statuses, after `restore` has put back what the waiter changed (the terminal's echo);
/// - SIGTSTP (Ctrl-Z at the prompt, `kill -TSTP`) stops it as the default action would, with
///   `restore` before and `resume` after `fg`.
struct InterruptibleWait {
    /// Puts back what the waiter changed (the terminal's modes), before an exit or a stop.
    var restore: () -> Void = {}
    /// Sets it up again after a stop (echo off again, the prompt written again).
    var resume: () -> Void = {}

    /// Returns once `descriptor` can be read without blocking: data, the end of the input, or an
    /// error that the read reports. Does not return when a signal ends the program.
    func untilReadable(_ descriptor: Int32) {
        // Most reads need no wait (a regular file, the rest of a line typed): no watcher then.
        if Self.isReadable(descriptor) { return }
        let signals = SignalPipe.shared
        signals.drain()
        let watcher = SignalWatcher { number in
            guard SignalWatcher.ending.contains(number) || number == SIGTSTP else { return }
            signals.post(number)
        }
        defer { watcher.stop() }
        while true {
            var entries = [
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let count = poll(&entries, 2, -1)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            if entries[0].revents & Int16(POLLIN) != 0, let number = signals.take() {
                restore()
                if number == SIGTSTP {
                    kill(getpid(), SIGSTOP)
                    resume()
                    continue
                }
                exit(128 + number)
            }
            if entries[1].revents != 0 { return }
        }
    }

    /// Whether `descriptor` has something to read now (or its writer has come and gone).
    static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

/// The pipe the waits' signal watchers write to: one for the process, never closed, so that a
/// handler still running after its watcher stopped never writes to a descriptor reused since.
private final class SignalPipe: Sendable {
    static let shared = SignalPipe()

    let readEnd: Int32
    private let writeEnd: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        _ = cpipe_cloexec(&ends, 1)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func post(_ number: Int32) {
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(writeEnd, &byte, 1)
    }

    /// The next signal's number, if one was posted.
    func take() -> Int32? {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
    }

    /// Forgets what an earlier wait's watcher left behind (a stop it had already acted on).
    func drain() {
        while take() != nil {}
    }
}
