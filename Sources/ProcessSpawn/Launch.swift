import Glibc

/// How a program started by infinilist itself (a bound command, the browser) is placed: where
/// its standard descriptors go, which process group or session it joins, and whether it gets
/// the terminal. The program gets the environment it is given (infinilist's own); every
/// descriptor above 2 is closed in
/// it, so it holds none of infinilist's (the terminal curses draws on, sockets, pipes).
public struct LaunchOptions: Sendable {
    /// Where one standard descriptor goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// This file, opened read and write (the terminal: `/dev/tty`).
        case path(String)
        /// A copy of this descriptor of the parent (a pipe's end).
        case descriptor(Int32)
    }

    /// Which process group the program runs in.
    public enum Group: Sendable {
        /// A new group of its own. With `terminal`, that group becomes the terminal's
        /// foreground group before the program starts, so Ctrl-C and Ctrl-Z at the terminal go
        /// to it and not to infinilist.
        case own(terminal: Int32?)
        /// A new session, away from infinilist's terminal: its signals (Ctrl-C, a hang-up) never
        /// reach the program (a browser that outlives the list).
        case detached
    }

    public var input: Stream
    public var output: Stream
    public var errors: Stream
    public var group: Group

    public init(input: Stream, output: Stream, errors: Stream, group: Group) {
        self.input = input
        self.output = output
        self.errors = errors
        self.group = group
    }
}

extension ChildProcess {
    /// Starts `program` (looked up in PATH when it has no slash) with `arguments`, as `options`
    /// say, with exactly `environment` and a clean signal state (an empty mask, default
    /// dispositions, as `spawn` gives).
    public static func launch(
        _ program: String, _ arguments: [String], environment: [String: String], options: LaunchOptions
    ) throws(Failure) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if case .own(let terminal?) = options.group {
            // Done in the child after it has its group, with signals still blocked there: the
            // program owns the terminal from its first instruction (no SIGTTIN race). Without
            // it (glibc before 2.35) the caller gives the terminal right after the start.
            _ = GNUSpawnActions.setForegroundGroup?(&actions, terminal)
        }
        for (descriptor, stream) in [(Int32(0), options.input), (1, options.output), (2, options.errors)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .path(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDWR, 0)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            }
        }
        GNUSpawnActions.closeAbove2(&actions)

        let ownGroup: Bool
        switch options.group {
        case .own: ownGroup = true
        case .detached: ownGroup = false
        }
        return try Spawn.withCleanSignals(flags: ownGroup ? Int32(POSIX_SPAWN_SETPGROUP) : Spawn.setSessionFlag) { (attributes) throws(Failure) in
            // Group 0: a group of its own, numbered after the child.
            if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
            return try Spawn.start(program, arguments, environment: environment, actions: &actions, attributes: &attributes)
        }
    }

    /// How a child stopped or ended, as `waitpid` with `WUNTRACED` tells.
    public enum Change: Sendable, Equatable {
        /// It ended: 0...255 for an exit, 128 + n when killed by signal n.
        case ended(Int32)
        /// It was stopped by signal n (Ctrl-Z's SIGTSTP, SIGTTIN, SIGTTOU, SIGSTOP).
        case stopped(Int32)
    }

    /// Waits until the child ends or stops.
    public func waitForChange() throws(Failure) -> Change {
        var status: Int32 = 0
        while waitpid(pid, &status, WUNTRACED) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed for \(name): errno \(errno)") }
        }
        // WIFSTOPPED/WSTOPSIG, WIFEXITED/WEXITSTATUS and WTERMSIG are macros.
        if status & 0xff == 0x7f { return .stopped((status >> 8) & 0xff) }
        if status & 0x7f == 0 { return .ended((status >> 8) & 0xff) }
        return .ended(128 + (status & 0x7f))
    }
}
