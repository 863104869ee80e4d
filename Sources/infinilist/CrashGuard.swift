import CNCursesW
import Glibc

/// Restores the terminal when the process dies of a fatal signal while the screen is up (SIGSEGV,
/// SIGBUS, SIGILL and SIGTRAP for Swift traps, SIGFPE, SIGABRT): the saved terminal modes are put
/// back and the terminal's reset sequences written, then the signal is re-raised with its default
/// action. The handler is C (shim.h), so it runs only async-signal-safe code.
///
/// It is installed when the process starts, for every path, because it also stands in for the
/// Swift runtime's crash handler, whose backtracer would otherwise prompt on the terminal (see
/// `SwiftBacktracer`); that handler still runs after ours when it would not prompt.
///
/// Every call into the C side is in this file on purpose: its state is `static` in the header,
/// one copy per object file, so the calls must all come from one.
enum CrashGuard {
    /// Installs the handlers for the life of the process; call first thing in `main`.
    static func install(environment: [String: String]) {
        let prompts = SwiftBacktracer.prompts(
            setting: environment["SWIFT_BACKTRACE"],
            stdinIsTerminal: isatty(0) == 1,
            stdoutIsTerminal: isatty(1) == 1
        )
        shim_crash_guard_install(prompts ? 0 : 1)
    }

    /// Remembers the terminal's modes; call before curses changes them.
    static func saveModes(of descriptor: Int32) {
        _ = shim_crash_guard_save(descriptor)
    }

    /// Makes a crash restore the terminal; call once curses is set up (its reset sequences are
    /// read from terminfo).
    static func arm() {
        shim_crash_guard_arm()
    }

    /// The terminal has been restored normally: a crash from now on leaves it alone.
    static func disarm() {
        shim_crash_guard_disarm()
    }
}
