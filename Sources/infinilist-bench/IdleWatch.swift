/// Counts a program's wake-ups while it should be asleep: the context switches of every thread,
/// sampled every 50 ms so that a thread that exits during the window (a thread pool reaping an
/// idle worker) still counts up to its last sample.
enum IdleWatch {
    struct Figures {
        let wakeUpsPerSecond: Double
        /// Threads seen during the window.
        let threads: Int
        /// Bytes the program wrote meanwhile (a spinner or clock would show here).
        let bytesWritten: Int
    }

    static func measure(pid: Int32, terminal: PseudoTerminal, seconds: Int) -> Figures {
        let start = Monotonic.now()
        let end = start + Int64(seconds) * 1_000_000_000
        let first = ProcessStats.contextSwitches(pid: pid)
        var latest = first
        var bytes = 0
        while Monotonic.now() < end {
            bytes += terminal.drain(until: min(end, Monotonic.now() + 50_000_000))
            for (tid, count) in ProcessStats.contextSwitches(pid: pid) { latest[tid] = max(latest[tid] ?? 0, count) }
        }
        let elapsed = milliseconds(Monotonic.now() - start) / 1000
        return Figures(
            wakeUpsPerSecond: Double(ProcessStats.wakeUps(from: first, to: latest)) / elapsed,
            threads: latest.count,
            bytesWritten: bytes
        )
    }
}
