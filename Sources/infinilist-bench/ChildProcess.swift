import Glibc
import ProcessSpawn

/// The bench's ways of waiting for a child (ProcessSpawn starts it): never longer than a deadline,
/// so one program that hangs cannot hang the whole bench.
extension ChildProcess {
    /// Waits for the child to end: up to `timeoutMs`, then SIGKILL. Returns its status.
    @discardableResult
    func waitForExit(timeoutMs: Int, whileWaiting: () -> Void = {}) -> Int32 {
        let deadline = Monotonic.now() + Int64(timeoutMs) * 1_000_000
        while Monotonic.now() < deadline {
            if let status = exitStatus() { return status }
            whileWaiting()
            Monotonic.sleep(milliseconds: 5)
        }
        kill(pid, SIGKILL)
        // After SIGKILL the child ends; only a failed waitpid (no such child) is left, reported as a kill.
        return (try? waitUntilExit()) ?? 128 + SIGKILL
    }

    /// Runs a program to completion (stdout into `output`, stderr into `errors` or `output`) and
    /// returns its status.
    static func run(_ program: String, _ arguments: [String], environment: [String: String], output: String, errors: String? = nil, timeoutMs: Int = 600_000) throws(Failure) -> Int32 {
        let child = try spawn(program, arguments, environment: environment, stdio: Stdio(output: output, errors: errors))
        return child.waitForExit(timeoutMs: timeoutMs)
    }
}
