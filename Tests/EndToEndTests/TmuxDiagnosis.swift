import Foundation
import Glibc

extension TmuxSession {
    /// Why a pane does not show what a test waits for, said with the timeout's message: how long
    /// the session ran, whether the pane's script and the program started, whether the program is
    /// still there and what it is doing (its state and kernel wait channel), what tmux says of its
    /// pane, and how loaded the machine is. An empty pane is then never a mystery (issue 32.1).
    func diagnosis() -> String {
        var lines = ["session ran \(ContinuousClock.now - started) after waiting \(waitedForSlot) for a slot"]
        if directory.read("stty.before") == nil { lines.append("the pane's script has not run (no stty.before)") }
        if let text = directory.read("app.pid"), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            lines.append("infinilist is pid \(pid): " + Self.processState(pid))
        } else {
            lines.append("infinilist was not started (no app.pid)")
        }
        if let status = directory.read("exit.code") { lines.append("exit status \(status.trimmingCharacters(in: .whitespacesAndNewlines))") }
        let pane = (try? query(["list-panes", "-a", "-F", "pane pid #{pane_pid}, dead #{pane_dead}, command #{pane_current_command}"])) ?? "(tmux did not answer)"
        lines.append("tmux: " + pane.trimmingCharacters(in: .whitespacesAndNewlines))
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            lines.append("load average: \(load.trimmingCharacters(in: .whitespacesAndNewlines)) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        }
        return lines.joined(separator: "\n")
    }

    /// `running (R), 1.23 s of CPU, waiting in do_select` or `gone`.
    private static func processState(_ pid: Int32) -> String {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return "gone" }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13 else { return "running" }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let cpu = ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / max(1, ticks)
        let channel = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
        return "state \(fields[0]), \(String(format: "%.2f", cpu)) s of CPU, waiting in \(channel.isEmpty ? "-" : channel)"
    }
}
