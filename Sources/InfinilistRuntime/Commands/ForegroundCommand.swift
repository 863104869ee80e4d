import Glibc
import Synchronization

/// The process group of the command `execute` lent the terminal to, while it runs. The event
/// loop waits for that command, so a signal that ends infinilist (`kill`, a supervisor's
/// SIGTERM, a hang-up) would only be acted on once the command ended by itself; the signal
/// watcher passes it on to the command's group through here, as a shell's job control would,
/// and the loop ends as soon as the command does (hostile pass, session 19: `execute(sleep
/// 100)` kept a SIGTERM waiting 100 s).
public enum ForegroundCommand {
    private static let group = Atomic<Int32>(0)

    /// The command in process group `group` has the terminal; 0 when none has.
    static func lent(to group: pid_t) { Self.group.store(group, ordering: .sequentiallyConsistent) }

    /// Passes `signal` on to the command that has the terminal, if one has.
    public static func forward(_ signal: Int32) {
        let group = Self.group.load(ordering: .sequentiallyConsistent)
        if group > 0 { kill(-group, signal) }
    }
}
