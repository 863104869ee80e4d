import CPipe
import Glibc
import InfinilistCore
import InfinilistLoader
import ProcessSpawn

/// The real `CommandRunner`: starts the browser and shell commands as processes, never through
/// a shell of our own except `sh -c` for the bound command itself (whose values the core has
/// already quoted). Background work reports its failure through `report` (the inbox).
public struct ProcessCommands: CommandRunner {
    let environment: [String: String]
    let report: @Sendable (CommandNotice) -> Void
    /// The shell that runs bound commands.
    var shell = "/bin/sh"
    /// The terminal `execute` commands get.
    var terminal = "/dev/tty"

    public init(environment: [String: String], report: @escaping @Sendable (CommandNotice) -> Void) {
        self.environment = environment
        self.report = report
    }

    public func open(_ address: String) {
        let options = LaunchOptions(input: .null, output: .null, errors: .null, group: .detached)
        // BROWSER's commands in turn, until one starts; the last one's failure is reported.
        var started: (program: String, child: ChildProcess)?
        var failure = ""
        for words in BrowserCommand.candidates(for: address, browser: environment["BROWSER"]) {
            guard let program = words.first else { continue }
            do {
                started = (program, try ChildProcess.launch(program, Array(words.dropFirst()), environment: environment, options: options))
                break
            } catch {
                failure = error.description
            }
        }
        guard let (program, child) = started else {
            report(.browserFailed("\(failure) (BROWSER names the browser)"))
            return
        }
        // Reaped on a thread of its own: a browser may run for as long as it is open.
        let report = self.report
        DetachedThread.start {
            guard let status = try? child.waitUntilExit(), status != 0 else { return }
            report(.browserFailed("\(program) failed (exit \(status))"))
        }
    }

    public func runInBackground(_ command: String) {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec from the start (`pipe2`): another command spawned in between must not
        // inherit the write end, or the reader would wait for that command to end too.
        guard cpipe_cloexec(&ends, 0) == 0 else {
            report(.commandNotStarted("cannot make a pipe (errno \(errno))"))
            return
        }
        let options = LaunchOptions(input: .null, output: .null, errors: .descriptor(ends[1]), group: .own(terminal: nil))
        let child: ChildProcess
        do {
            child = try ChildProcess.launch(shell, ["-c", command], environment: environment, options: options)
        } catch {
            close(ends[0])
            close(ends[1])
            report(.commandNotStarted(error.description))
            return
        }
        close(ends[1])
        let report = self.report
        let errors = ends[0]
        DetachedThread.start {
            let (status, message) = ErrorsOfCommand.collect(from: errors, of: child)
            close(errors)
            if status != 0 { report(.commandFailed(status: status, message: message)) }
        }
    }

    public func runOnTerminal(_ command: String) -> CommandNotice? {
        let tty = Glibc.open(terminal, O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return .commandNotStarted("cannot open \(terminal) (errno \(errno))") }
        defer { close(tty) }
        var modes = termios()
        let hasModes = tcgetattr(tty, &modes) == 0
        let options = LaunchOptions(input: .path(terminal), output: .path(terminal), errors: .path(terminal), group: .own(terminal: tty))
        let child: ChildProcess
        do {
            child = try ChildProcess.launch(shell, ["-c", command], environment: environment, options: options)
        } catch {
            return .commandNotStarted(error.description)
        }
        // Already so when posix_spawn could do it in the child; a command that touched the
        // terminal before this is stopped, and `wait` continues it.
        TerminalHandover.setForeground(child.pid, of: tty)
        ForegroundCommand.lent(to: child.pid)
        let status = TerminalHandover.wait(for: child, terminal: tty, modes: hasModes ? modes : nil)
        ForegroundCommand.lent(to: 0)
        // Whatever the command did to the terminal's modes (killed in raw mode), the screen
        // comes back to the modes it was lent with.
        TerminalHandover.setForeground(getpgrp(), of: tty)
        if hasModes { tcsetattr(tty, TCSADRAIN, &modes) }
        switch status {
        case 0: return nil
        case 128 + SIGINT: return .commandInterrupted
        default: return .commandFailed(status: status, message: nil)
        }
    }
}
