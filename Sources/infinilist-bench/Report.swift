import Glibc

/// Formats a run as one Markdown table (readable on a terminal, pasteable into
/// docs/performance.md), then the goals with their verdicts.
struct Report {
    let results: BenchResults
    let options: BenchOptions
    let keys: Terminfo
    let versions: [String: String]
    /// /proc/loadavg before and after the run: other work on the machine skews the times.
    let load: (before: String, after: String)

    private static let peers = ["infinilist", "fzf", "less"]

    private static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The first three fields of /proc/loadavg.
    static func loadAverage() -> String {
        (Files.readText("/proc/loadavg") ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The row name of one simulation cell.
    static func simulationFigure(_ row: BenchResults.SimulationRow) -> String {
        "prefetch sim \(row.latencyMs) ms, \(row.rowsPerSecond) rows/s: fixed \(row.fixedRows) · auto"
    }

    /// Both settings of one simulation cell: stall share (stalls), spinner share.
    static func simulationValue(_ row: BenchResults.SimulationRow) -> String {
        func cell(_ outcome: PrefetchSimulation.Outcome?) -> String {
            guard let outcome else { return "n/a" }
            return "stall \(format(outcome.stallShare * 100, 1))% (\(outcome.stalls)), spinner \(format(outcome.spinnerShare * 100, 1))%"
        }
        return "\(cell(row.fixed)) · \(cell(row.adaptive))"
    }

    var markdown: String {
        var lines: [String] = []
        lines.append("infinilist bench: \(BenchEnvironment.size.columns)x\(BenchEnvironment.size.rows) pty, TERM=\(BenchEnvironment.term), LANG=C.UTF-8, "
            + "\(NumberGrouping.grouped(options.rows)) rows; \(options.keys) × ↓ (\(Terminfo.describe(keys.down))) then \(options.keys) × PgDn (\(Terminfo.describe(keys.pageDown))); "
            + "settled = no output for \(options.quietMs) ms; idle window \(options.idleSeconds) s")
        lines.append("programs: infinilist --demo-latency 0 --demo-items \(options.rows) (and with --format {title}: the rows less shows) · fzf --no-sort --layout=reverse < rows · less -S rows"
            + (versions.isEmpty ? "" : " (" + versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"))
        lines.append("load average (1, 5, 15 min) before: \(load.before); after: \(load.after); \(Self.cores) cores")
        lines.append("")
        lines.append("| figure | infinilist | fzf | less | goal | today |")
        lines.append("|---|---|---|---|---|---|")
        let goals = Dictionary(Goals.evaluate(results).map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        func verdict(_ text: String) -> String { goals[text]?.verdict ?? "" }
        func peerRow(_ figure: String, goal: String = "", judged: String = "", _ cell: (KeyFigures) -> String) {
            let cells = Self.peers.map { name in results.figures(name).map(cell) ?? "–" }
            lines.append("| \(figure) | " + cells.joined(separator: " | ") + " | \(goal) | \(judged.isEmpty ? "" : verdict(judged)) |")
        }
        func oursRow(_ figure: String, _ value: String, goal: String = "", judged: String = "") {
            lines.append("| \(figure) | \(value) | – | – | \(goal) | \(judged.isEmpty ? "" : verdict(judged)) |")
        }

        peerRow("bytes per ↓, mean (p50)", goal: "≤ ¼ fzf", judged: "bytes per ↓ ≤ ¼ of fzf's") { f in
            "\(format(f.meanBytesPerDown, 1)) (\(format(Percentiles(f.down.map { Double($0.bytes) }).median ?? .nan, 0)))"
        }
        peerRow("… ↓ moving in the screen (keys 1–25), mean") { f in format(KeyFigures.meanBytes(f.downInScreen), 1) }
        peerRow("… ↓ scrolling the list (keys 31–\(options.keys)), mean") { f in format(KeyFigures.meanBytes(f.downScrolling), 1) }
        peerRow("bytes per PgDn, mean (p50)") { f in
            "\(format(f.meanBytesPerPageDown, 1)) (\(format(Percentiles(f.pageDown.map { Double($0.bytes) }).median ?? .nan, 0)))"
        }
        if let titles = results.figures(Bench.titlesContender) {
            let less = results.figures("less")
            lines.append("| … infinilist on the titles less shows (`--format {title}`): bytes per ↓ · per PgDn, mean | "
                + "\(format(titles.meanBytesPerDown, 1)) · \(format(titles.meanBytesPerPageDown, 1)) | – | "
                + "\(less.map { "\(format($0.meanBytesPerDown, 1)) · \(format($0.meanBytesPerPageDown, 1))" } ?? "–") | "
                + "≤ 1.5 × less (↓), ≤ 1.2 × less (PgDn) | \(verdict("bytes per ↓ ≤ 1.5 × less's on the same rows")) · \(verdict("bytes per PgDn ≤ 1.2 × less's")) |")
        }
        peerRow("settle after ↓, p50 / p99 ms", goal: "p99 ≤ fzf", judged: "p99 settle ≤ fzf's (↓ and PgDn)") { f in
            "\(format(f.downSettle.median ?? .nan, 2)) / \(format(f.downSettle.p99 ?? .nan, 2))"
        }
        peerRow("settle after PgDn, p50 / p99 ms", goal: "p99 ≤ fzf", judged: "p99 settle ≤ fzf's (↓ and PgDn)") { f in
            "\(format(f.pageDownSettle.median ?? .nan, 2)) / \(format(f.pageDownSettle.p99 ?? .nan, 2))"
        }
        peerRow("keys with no output (of \(2 * options.keys))") { f in String(f.silentKeys) }
        peerRow("idle wake-ups per s (threads)", goal: "0", judged: "zero idle wake-ups") { f in
            "\(format(f.idle.wakeUpsPerSecond, 1)) (\(f.idle.threads))"
        }
        peerRow("bytes written while idle") { f in String(f.idle.bytesWritten) }
        peerRow("spawn → first screen settled, ms") { f in f.firstScreen.map { format(milliseconds($0), 1) } ?? "–" }
        peerRow("RSS after the key run, MiB") { f in f.memory.map { format(Double($0.residentKiB) / 1024, 1) } ?? "–" }

        let paint = Percentiles(results.arrivalToPaint.map(milliseconds))
        oursRow("page arrival → paint, p50 / p99 ms (pages)",
                "\(format(paint.median ?? .nan, 3)) / \(format(paint.p99 ?? .nan, 3)) (\(paint.count))",
                goal: "p99 < 2 ms", judged: "page arrival → paint p99 < 2 ms")
        let demo = Percentiles(results.startupDemo.map(milliseconds))
        oursRow("spawn → first rows painted, demo 0 ms, p50 / max ms",
                "\(format(demo.median ?? .nan, 1)) / \(format(demo.maximum ?? .nan, 1))")
        let http = Percentiles(results.startupHTTP.map(milliseconds))
        oursRow("spawn → first rows painted, HTTP 127.0.0.1, p50 / max ms",
                "\(format(http.median ?? .nan, 1)) / \(format(http.maximum ?? .nan, 1))")
        if let idle = results.idleHTTP {
            oursRow("idle wake-ups per s (threads), HTTP source",
                    "\(format(idle.wakeUpsPerSecond, 1)) (\(idle.threads))", goal: "0")
        }
        let memory = results.memory
        func mib(_ m: ProcessStats.Memory) -> String {
            "\(format(Double(m.residentKiB) / 1024, 1)) (peak \(format(Double(m.peakKiB) / 1024, 1)))"
        }
        oursRow("RSS after \(memory.early.pages) pages × \(memory.pageSize), MiB", mib(memory.early.memory))
        oursRow("RSS after \(memory.late.pages) pages × \(memory.pageSize), MiB", mib(memory.late.memory))
        let ratio = Double(memory.late.memory.residentKiB) / Double(max(1, memory.early.memory.residentKiB))
        oursRow("RSS ratio \(memory.late.pages) / \(memory.early.pages) pages", "\(format(ratio, 2))×",
                goal: "≤ 1.5×", judged: "RSS after 300 pages ≤ 1.5 × after 20")

        if let streams = results.streams { Self.streamRows(streams).forEach { oursRow($0.figure, $0.value, goal: $0.goal, judged: $0.judged) } }

        for row in results.simulation {
            let isGoalCell = row.latencyMs == 300 && row.rowsPerSecond == 30
            oursRow(Self.simulationFigure(row), Self.simulationValue(row),
                    goal: isGoalCell ? "0 stalls; auto < fixed" : "auto < fixed",
                    judged: isGoalCell ? "0 stalls at 30 rows/s, 300 ms" : "auto stalls less than fixed in every cell")
        }

        lines.append("")
        lines.append("Goals:")
        for goal in Goals.evaluate(results) {
            lines.append("- \(goal.verdict): \(goal.text) — \(goal.evidence)")
        }
        return lines.joined(separator: "\n")
    }
}
