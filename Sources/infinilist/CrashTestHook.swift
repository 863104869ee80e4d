import Glibc

/// A deliberate crash, for the end-to-end tests that check the terminal is restored after one.
/// With `INFINILIST_TEST_CRASH` set in the environment the program crashes right after its first
/// paint, with the terminal in curses' modes (with `--dump`: before its first request): `trap`
/// (or any other value) by a Swift `fatalError` (SIGILL on x86_64, SIGTRAP on arm64), `abort` by
/// abort(3) (SIGABRT), `segv` by SIGSEGV.
/// Undocumented in `--help` on purpose; described in docs/architecture.md.
enum CrashTestHook {
    static func afterFirstPaint() { crashIfAsked() }

    /// The crash itself; `--dump` asks before its first request, with no screen to restore.
    static func crashIfAsked() {
        guard let raw = getenv("INFINILIST_TEST_CRASH") else { return }
        let value = String(cString: raw)
        switch value {
        case "": return
        case "abort": abort()
        case "segv": _ = raise(SIGSEGV)
        default: fatalError("INFINILIST_TEST_CRASH=\(value): a deliberate crash")
        }
    }
}
