/// What /proc says about a running program: its memory, and how often its threads were put to
/// sleep and woken (context switches), which is how idle wake-ups are counted.
enum ProcessStats {
    /// `VmRSS` and `VmHWM` (peak resident) in KiB.
    struct Memory {
        let residentKiB: Int
        let peakKiB: Int
    }

    static func memory(pid: Int32) -> Memory? {
        guard let status = Files.readText("/proc/\(pid)/status") else { return nil }
        let fields = fieldValues(status)
        guard let rss = fields["VmRSS"], let hwm = fields["VmHWM"] else { return nil }
        return Memory(residentKiB: rss, peakKiB: hwm)
    }

    /// Context switches (voluntary + involuntary) of every thread, by thread id. A thread that
    /// sleeps in poll/epoll/futex and is woken once adds one; a program that does not wake adds 0.
    static func contextSwitches(pid: Int32) -> [Int: Int] {
        var switches: [Int: Int] = [:]
        for tid in threads(pid: pid) {
            guard let status = Files.readText("/proc/\(pid)/task/\(tid)/status") else { continue }
            let fields = fieldValues(status)
            switches[tid] = (fields["voluntary_ctxt_switches"] ?? 0) + (fields["nonvoluntary_ctxt_switches"] ?? 0)
        }
        return switches
    }

    /// Wake-ups between two samples: the growth of every thread, counting threads born meanwhile
    /// from zero.
    static func wakeUps(from before: [Int: Int], to after: [Int: Int]) -> Int {
        after.reduce(0) { total, entry in total + max(0, entry.value - (before[entry.key] ?? 0)) }
    }

    static func threadCount(pid: Int32) -> Int { threads(pid: pid).count }

    private static func threads(pid: Int32) -> [Int] {
        DirectoryListing.names("/proc/\(pid)/task").compactMap { Int($0) }
    }

    /// `Name:\t value kB` lines as numbers.
    private static func fieldValues(_ text: String) -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let number = line[line.index(after: colon)...]
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
                .first.flatMap { Int($0) }
            if let number { fields[String(line[..<colon])] = number }
        }
        return fields
    }
}
