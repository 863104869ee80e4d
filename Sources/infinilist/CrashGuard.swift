import CNCursesW

/// Restores the terminal when the process dies of a fatal signal while the screen is up (SIGSEGV,
/// SIGBUS, SIGILL and SIGTRAP for Swift traps, SIGFPE, SIGABRT): the saved terminal modes are put
/// back and the terminal's reset sequences written, then the signal is re-raised with its default
/// action. The handler is C (shim.h), so it runs only async-signal-safe code.
///
/// Every call into the C side is in this file on purpose: its state is `static` in the header,
/// one copy per object file, so the calls must all come from one.
enum CrashGuard {
    /// Remembers the terminal's modes; call before curses changes them.
    static func saveModes(of descriptor: Int32) {
        _ = shim_crash_guard_save(descriptor)
    }

    /// Installs the handlers; call once curses is set up (its reset sequences are read from terminfo).
    static func arm() {
        shim_crash_guard_arm()
    }

    /// Puts the previous handlers back; call when the terminal has been restored normally.
    static func disarm() {
        shim_crash_guard_disarm()
    }
}
