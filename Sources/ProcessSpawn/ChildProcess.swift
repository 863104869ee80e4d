import Glibc

/// A program started the way a shell would start it, shared by the bench (infinilist, fzf, less,
/// tput, python3's http.server) and the end-to-end tests (tmux).
///
/// Started with posix_spawn rather than fork: the parent never runs Swift code in a forked child.
/// The child gets a clean signal state, an empty mask and default dispositions: Foundation's
/// `Process` would pass on the mask of the thread that starts it, and the threads of a test or of
/// libdispatch block every asynchronous signal, so a tmux server started that way cannot reap its
/// children or be stopped, and the shells in its panes ignore SIGHUP.
///
/// With a terminal, the child becomes a session leader (`POSIX_SPAWN_SETSID`, applied before the
/// file actions) and then opens the pseudo-terminal's slave as stdout, which makes it the child's
/// controlling terminal: /dev/tty works in the child as it does under a real terminal emulator.
public struct ChildProcess: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where the child's standard descriptors go.
    public struct Stdio: Sendable {
        /// Opened read-only as stdin; nil: the terminal, or /dev/null without one.
        public var input: String?
        /// The pseudo-terminal's slave path; it becomes stdout, stderr and the controlling terminal.
        public var terminal: String?
        /// Without a terminal: stdout goes to this file (truncated).
        public var output: String?
        /// Without a terminal: stderr goes to this file; nil: where stdout goes.
        public var errors: String?

        public init(input: String? = nil, terminal: String? = nil, output: String? = nil, errors: String? = nil) {
            self.input = input
            self.terminal = terminal
            self.output = output
            self.errors = errors
        }
    }

    public let pid: pid_t
    public let name: String

    /// Starts `program` (looked up in PATH when it has no slash) with exactly `environment`.
    public static func spawn(_ program: String, _ arguments: [String], environment: [String: String], stdio: Stdio) throws(Failure) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let terminal = stdio.terminal {
            // The first terminal the new session leader opens becomes its controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 1, terminal, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            posix_spawn_file_actions_addopen(&actions, 0, stdio.input ?? terminal, stdio.input == nil ? O_RDWR : O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, stdio.input ?? "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, stdio.output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if let errors = stdio.errors {
                posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            } else {
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            }
        }
        // Nothing else of the parent's: a tmux server or a proxy that outlives its test must not
        // keep the test run's descriptors open (the build lock `flock` passed down, a pipe).
        GNUSpawnActions.closeAbove2(&actions)

        let flags = stdio.terminal != nil ? Spawn.setSessionFlag : 0
        return try Spawn.withCleanSignals(flags: flags) { (attributes) throws(Failure) in
            try Spawn.start(program, arguments, environment: environment, actions: &actions, attributes: &attributes)
        }
    }

    /// The exit status once the child has ended, without waiting; nil while it runs.
    public func exitStatus() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        return Self.decode(status)
    }

    /// Waits as long as it takes for the child to end; returns its status.
    public func waitUntilExit() throws(Failure) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed for \(name): errno \(errno)") }
        }
        return Self.decode(status)
    }

    /// WIFEXITED/WEXITSTATUS are macros: 0...255 for an exit, 128 + signal for a kill.
    private static func decode(_ status: Int32) -> Int32 {
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
