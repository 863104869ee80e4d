/// The infinilist-only figures that need its `INFINILIST_TRACE`: start-up to first rows, page
/// arrival to paint, and memory after many pages. Each runs infinilist in the pseudo-terminal
/// with the trace on; the key figures are taken from separate sessions with the trace off.
struct TracedBenchmarks {
    let options: BenchOptions
    let keys: Terminfo
    private var serial = 0

    init(options: BenchOptions, keys: Terminfo) {
        self.options = options
        self.keys = keys
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts infinilist with a fresh trace file.
    private mutating func session(_ arguments: [String]) throws -> (TerminalSession, String) {
        serial += 1
        let trace = options.workDirectory + "/trace-\(serial).log"
        Files.remove(trace)
        let session = try TerminalSession(
            options.infinilist, arguments,
            environment: BenchEnvironment.forPrograms(extra: ["INFINILIST_TRACE": trace]),
            quitKeys: Array("q".utf8)
        )
        return (session, trace)
    }

    struct Startup {
        /// Spawn to the first paint that shows rows, per run.
        let times: [Int64]
        /// Wake-ups once the last run has settled, when asked for.
        let idle: IdleWatch.Figures?
    }

    /// Spawn to the first paint that shows rows (the first page's), `options.startups` times;
    /// with `idleSeconds`, the last run then stays open that long to count idle wake-ups.
    mutating func startup(_ arguments: [String], idleSeconds: Int? = nil) throws -> Startup {
        var times: [Int64] = []
        var idle: IdleWatch.Figures?
        for run in 0..<options.startups {
            let (session, trace) = try session(arguments)
            defer { session.quit() }
            let deadline = Monotonic.now() + 10_000_000_000
            while Monotonic.now() < deadline {
                session.terminal.drainNow()
                if let painted = TraceLog(path: trace).firstRowsPainted {
                    times.append(painted - session.startedAt)
                    break
                }
            }
            if run == options.startups - 1, let idleSeconds {
                _ = session.terminal.readUntilQuiet(quietMs: 500, limitMs: 5_000)
                idle = IdleWatch.measure(pid: session.process.pid, terminal: session.terminal, seconds: idleSeconds)
            }
        }
        guard times.count == options.startups else {
            throw Failure(description: "infinilist \(arguments.joined(separator: " ")) painted no rows within 10 s")
        }
        return Startup(times: times, idle: idle)
    }

    /// Arrival-to-paint of every page while paging down a feed whose pages take 30 ms: each page
    /// arrives while the loop sleeps, as a network page would.
    mutating func arrivalToPaint() throws -> [Int64] {
        let (session, trace) = try session(["--demo-latency", "30", "--demo-items", String(options.rows)])
        _ = session.awaitFirstScreen(quietMs: max(500, options.quietMs))
        for _ in 0..<options.keys {
            _ = session.press(keys.pageDown, quietMs: options.quietMs)
        }
        session.quit()
        let samples = TraceLog(path: trace).arrivalToPaint
        guard !samples.isEmpty else { throw Failure(description: "no page arrival in \(trace)") }
        return samples
    }

    struct MemoryFigures {
        let pageSize: Int
        let early: (pages: Int, memory: ProcessStats.Memory)
        let late: (pages: Int, memory: ProcessStats.Memory)
    }

    /// Resident memory after `early` and after `late` pages of 1000 demo items, reached by
    /// pressing End until each page has arrived and been painted.
    mutating func memory(early: Int = 20, late: Int = 300, pageSize: Int = 1000) throws -> MemoryFigures {
        let (session, trace) = try session(["--page-size", String(pageSize), "--demo-latency", "0"])
        defer { session.quit() }
        _ = session.awaitFirstScreen(quietMs: max(500, options.quietMs))
        var samples: [Int: ProcessStats.Memory] = [:]
        try pressEnd(session, trace: trace, until: late) { pages in
            for target in [early, late] where pages >= target && samples[target] == nil {
                _ = session.terminal.readUntilQuiet(quietMs: 300, limitMs: 3_000)
                samples[target] = ProcessStats.memory(pid: session.process.pid)
            }
        }
        guard let first = samples[early], let last = samples[late] else {
            throw Failure(description: "could not read /proc/\(session.process.pid)/status")
        }
        return MemoryFigures(pageSize: pageSize, early: (early, first), late: (late, last))
    }

    /// Resident memory holding `items` of the demo feed (pages of 1000, all kept: `--keep`),
    /// the figure set beside fzf holding the same items as JSON lines.
    mutating func holding(items: Int, pageSize: Int = 1000) throws -> ProcessStats.Memory {
        try holding(["--page-size", String(pageSize), "--demo-latency", "0", "--demo-items", String(items), "--keep", String(items)],
                    items: items, pageSize: pageSize)
    }

    /// Resident memory once `arguments` (which keep every item) have loaded `items` items in
    /// pages of `pageSize`, End pressed page after page, and the screen is quiet.
    mutating func holding(_ arguments: [String], items: Int, pageSize: Int) throws -> ProcessStats.Memory {
        let (session, trace) = try session(arguments)
        defer { session.quit() }
        _ = session.awaitFirstScreen(quietMs: max(500, options.quietMs))
        try pressEnd(session, trace: trace, until: (items + pageSize - 1) / pageSize) { _ in }
        _ = session.terminal.readUntilQuiet(quietMs: 300, limitMs: 3_000)
        guard let memory = ProcessStats.memory(pid: session.process.pid) else {
            throw Failure(description: "could not read /proc/\(session.process.pid)/status")
        }
        return memory
    }

    /// Presses End, page after page, until `target` pages have arrived and been painted, calling
    /// `afterPage` with the count after each.
    private func pressEnd(_ session: TerminalSession, trace: String, until target: Int, afterPage: (Int) -> Void) throws {
        var pages = TraceLog(path: trace).arrivals
        while pages < target {
            session.terminal.type(keys.end)
            let deadline = Monotonic.now() + 5_000_000_000
            while Monotonic.now() < deadline {
                session.terminal.drainNow()
                if TraceLog(path: trace).hasPainted(pages: pages + 1) { break }
            }
            let now = TraceLog(path: trace).arrivals
            guard now > pages else { throw Failure(description: "no new page after End at \(pages) pages; see \(trace)") }
            pages = now
            afterPage(pages)
        }
    }
}
