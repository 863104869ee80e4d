import Glibc

/// CLOCK_MONOTONIC in nanoseconds: the clock infinilist's `INFINILIST_TRACE` uses, so times taken
/// here (a key sent, a process spawned) and times in the trace are on one axis.
enum Monotonic {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Sleeps without spinning.
    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&request, &left) != 0, errno == EINTR { request = left }
    }
}

/// Durations in the table are milliseconds with two decimals: sub-millisecond paint times matter.
func milliseconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }
