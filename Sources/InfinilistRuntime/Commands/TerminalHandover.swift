import Glibc
import ProcessSpawn

/// Lending the terminal to a command under `execute`, as a shell does for a foreground job:
/// the command's process group is the terminal's foreground group while it runs (so Ctrl-C
/// interrupts the command, not infinilist, which is then a background group and receives
/// nothing), and infinilist takes the terminal back when it ends.
enum TerminalHandover {
    /// Waits until the command ends; returns its status (128 + n when killed by signal n).
    ///
    /// A command stopped by Ctrl-Z (SIGTSTP) stops infinilist too, with the terminal given back
    /// in the modes it was lent with, so the shell that started infinilist takes over; `fg`
    /// continues infinilist, which hands the terminal to the command again and continues it.
    /// A command stopped for reading or writing the terminal from the background (SIGTTIN,
    /// SIGTTOU) is given the terminal and continued.
    static func wait(for child: ChildProcess, terminal: Int32, modes: termios?) -> Int32 {
        while true {
            let change: ChildProcess.Change
            do {
                change = try child.waitForChange()
            } catch {
                return 127
            }
            switch change {
            case .ended(let status):
                return status
            case .stopped(let signal):
                if signal == SIGTSTP || signal == SIGSTOP {
                    setForeground(getpgrp(), of: terminal)
                    if var modes { tcsetattr(terminal, TCSADRAIN, &modes) }
                    kill(getpid(), SIGSTOP)
                }
                setForeground(child.pid, of: terminal)
                kill(-child.pid, SIGCONT)
            }
        }
    }

    /// Makes `group` the terminal's foreground process group. SIGTTOU is blocked meanwhile in
    /// this thread: a background process that sets the foreground group is otherwise stopped.
    static func setForeground(_ group: pid_t, of terminal: Int32) {
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        var old = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &old)
        tcsetpgrp(terminal, group)
        pthread_sigmask(SIG_SETMASK, &old, nil)
    }
}
