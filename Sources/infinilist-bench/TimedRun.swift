import Glibc
import ProcessSpawn

/// One program run to its end with what it cost: wall time, CPU time (user + system) and peak
/// RSS, from `wait4`'s resource usage of that child alone.
struct TimedRun {
    let wallMs: Double
    let cpuMs: Double
    let peakRSSKiB: Int
    let status: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `program` with stdout and stderr into `output` (e.g. /dev/null); SIGKILL after
    /// `timeoutMs`.
    static func run(_ program: String, _ arguments: [String], output: String = "/dev/null", timeoutMs: Int = 120_000) throws -> TimedRun {
        let started = Monotonic.now()
        let child = try ChildProcess.spawn(program, arguments, environment: BenchEnvironment.forPrograms(),
                                           stdio: ChildProcess.Stdio(output: output))
        let deadline = started + Int64(timeoutMs) * 1_000_000
        var status: Int32 = 0
        var usage = rusage()
        // Peak RSS from /proc while it runs: wait4's `ru_maxrss` starts from the bench's own
        // size, which the kernel carries across the child's exec.
        var peak = 0
        while true {
            peak = max(peak, ProcessStats.memory(pid: child.pid)?.peakKiB ?? 0)
            let result = wait4(child.pid, &status, WNOHANG, &usage)
            if result == child.pid { break }
            if result < 0, errno != EINTR { throw Failure(description: "wait4 failed for \(program): errno \(errno)") }
            if Monotonic.now() > deadline { kill(child.pid, SIGKILL) }
            Monotonic.sleep(milliseconds: 1)
        }
        let wall = Double(Monotonic.now() - started) / 1e6
        let cpu = Self.milliseconds(usage.ru_utime) + Self.milliseconds(usage.ru_stime)
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return TimedRun(wallMs: wall, cpuMs: cpu, peakRSSKiB: peak, status: code)
    }

    /// The run with the median wall time of `count` runs (failures are reported, not hidden).
    static func median(_ count: Int, _ program: String, _ arguments: [String], output: String = "/dev/null") throws -> TimedRun {
        var runs: [TimedRun] = []
        for _ in 0..<count {
            let run = try run(program, arguments, output: output)
            guard run.status == 0 else {
                throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(run.status); see \(output)")
            }
            runs.append(run)
        }
        return runs.sorted { $0.wallMs < $1.wallMs }[runs.count / 2]
    }

    private static func milliseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
}
