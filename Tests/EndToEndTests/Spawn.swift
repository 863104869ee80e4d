import ProcessSpawn

/// Starts a program with a clean signal mask and default signal dispositions, and waits for it.
///
/// The test's threads (libdispatch workers) block every asynchronous signal, and a child started
/// with that mask (as Foundation's `Process` would) breaks tmux: its server cannot reap its
/// children or be stopped, and the shells in its panes ignore SIGHUP. `ChildProcess` starts it as
/// a shell would.
enum Spawn {
    /// Runs `path arguments…` with stdin from /dev/null and stdout and stderr into `outputFile`;
    /// returns the exit status.
    static func run(_ path: String, _ arguments: [String], environment: [String: String], outputFile: String) throws -> Int32 {
        let child = try ChildProcess.spawn(path, arguments, environment: environment, stdio: ChildProcess.Stdio(output: outputFile))
        return try child.waitUntilExit()
    }
}
