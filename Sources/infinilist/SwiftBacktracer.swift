/// Whether the Swift runtime's crash handler would stop and wait for a key on the terminal.
///
/// On Linux the runtime installs a handler for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT
/// and SIGQUIT that runs `swift-backtrace`. Its settings come from the `SWIFT_BACKTRACE`
/// environment variable (comma-separated `key=value`), read once when the runtime starts and
/// then write-protected, so a program cannot change them for itself. `interactive` defaults to
/// `tty`: interactive when stdin and stdout are both terminals, and then it draws over the
/// screen and waits (`timeout`, 30 s by default) for a key. `interactive=no`, `timeout=0s` or
/// `timeout=none`, or `enable=no` stop it from prompting; `output-to` a file makes `tty` mean no.
/// (swiftlang/swift docs/Backtracing.rst and stdlib/public/runtime/Backtrace.cpp.)
///
/// infinilist replaces that handler (`CrashGuard`) and calls it after its own only when this
/// says it will not prompt, so a crash in a script keeps its backtrace on stderr. Anything not
/// understood counts as prompting: the safe side is no backtrace, never a hang.
enum SwiftBacktracer {
    static func prompts(setting: String?, stdinIsTerminal: Bool, stdoutIsTerminal: Bool) -> Bool {
        var enabled = true
        var interactive: Bool? = nil   // nil: `tty`
        var waitsForKey = true
        var toFile = false
        for pair in (setting ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " ").lowercased() }
            guard parts.count == 2 else { continue }
            let (key, value) = (parts[0], parts[1])
            switch key {
            case "enable":
                if isOff(value) { enabled = false } else if value == "tty" { enabled = stdoutIsTerminal }
            case "interactive":
                interactive = value == "tty" ? nil : !isOff(value)
            case "timeout":
                if value == "none" || Double(value.trimmingSuffix("s")) == 0 { waitsForKey = false }
            case "output-to":
                toFile = value != "stdout" && value != "stderr" && value != "auto"
            default:
                continue
            }
        }
        guard enabled, waitsForKey else { return false }
        if let interactive { return interactive }
        return !toFile && stdinIsTerminal && stdoutIsTerminal
    }

    private static func isOff(_ value: String) -> Bool {
        ["no", "n", "false", "f", "off", "0"].contains(value)
    }
}

private extension StringProtocol {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }

    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : String(self)
    }
}
