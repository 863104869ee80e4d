import Glibc

/// Starts a program with a clean signal mask and default signal dispositions, and waits for it.
///
/// Foundation's `Process` passes on the mask of the thread that starts it, and the test's threads
/// (libdispatch workers) block every asynchronous signal: a tmux server started that way cannot
/// reap its children or be stopped, and the shells in its panes ignore SIGHUP. posix_spawn with
/// an explicit empty mask starts tmux as a shell would.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `path arguments…` with stdin from /dev/null and stdout and stderr into `outputFile`;
    /// returns the exit status.
    static func run(_ path: String, _ arguments: [String], environment: [String: String], outputFile: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGWINCH, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let argvTerminated = argv + [nil]
        let envpTerminated = envp + [nil]
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argvTerminated, envpTerminated)
        guard spawned == 0 else { throw Failure(description: "cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS are macros.
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
