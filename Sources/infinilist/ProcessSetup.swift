import Foundation
import Glibc

/// What the process needs before anything else runs (first thing in `Infinilist.main`, on the
/// main thread, before any other thread exists): descriptors, signals, the crash guard. Done
/// once for every path (the screen, `--dump`, a usage error), so none of them can meet a
/// signal or a crash with the defaults.
enum ProcessSetup {
    static func prepare() {
        StandardDescriptors.reserveClosed()
        // A write to a pipe whose reader went away fails with EPIPE instead of killing the
        // process, so the dump and Enter can stop cleanly (exit 141, as if killed by SIGPIPE).
        signal(SIGPIPE, SIG_IGN)
        SignalWatcher.blockForProcess()
        CrashGuard.install(environment: environment)
    }

    /// The process's environment, read once: `ProcessInfo.environment` makes a new dictionary
    /// of every variable each time it is asked, and a run asked five times.
    static let environment = ProcessInfo.processInfo.environment
}

/// `infinilist >&-`: a closed stdin, stdout or stderr would be handed out again by the next
/// `open` (the tty curses opens, the inbox's pipe, a socket), and the items meant for stdout
/// would go there. Each closed one is taken by /dev/null opened read-only: reading gives end of
/// file and writing fails with EBADF, so the output's failure is reported as it should be.
enum StandardDescriptors {
    static func reserveClosed() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free descriptor: this one, as the lower ones are open.
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }
}
