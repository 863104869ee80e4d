import Glibc

/// The part of starting a program that `ChildProcess.start` and `ChildProcess.launch` share:
/// the signal state a shell gives a program it starts, and `posix_spawnp` itself.
enum Spawn {
    /// `POSIX_SPAWN_SETSID` (glibc 2.26+), which the Glibc module does not import.
    static let setSessionFlag: Int32 = 0x80

    /// Signals set back to their default in the child: we ignore or catch some of them, and an
    /// ignored signal stays ignored across `exec`, so a program started from the list would not
    /// stop on Ctrl-C or end on a closed pipe.
    private static let defaultSignals = [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGWINCH, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT]

    /// Attributes with no signal blocked and `defaultSignals` at their default, plus `flags`.
    static func withCleanSignals<Result, Failure: Error>(flags extra: Int32, _ body: (inout posix_spawnattr_t) throws(Failure) -> Result) throws(Failure) -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | extra))
        return try body(&attributes)
    }

    /// Starts `program` (looked up in `PATH`) with these actions and attributes.
    static func start(_ program: String, _ arguments: [String], environment: [String: String],
                      actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t) throws(ChildProcess.Failure) -> ChildProcess {
        let argv = ([program] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv + [nil], envp + [nil])
        guard spawned == 0 else {
            throw ChildProcess.Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        return ChildProcess(pid: pid, name: program)
    }
}
