/// Issue 5's goals, each checked against this run's figures.
struct Goal {
    let text: String
    /// nil: cannot be judged from this run (a peer did not run, a feature is not there yet).
    let met: Bool?
    /// The figures behind the verdict, in words.
    let evidence: String

    var verdict: String {
        switch met {
        case true?: return "met"
        case false?: return "MISSED"
        case nil: return "n/a"
        }
    }
}

enum Goals {
    static func evaluate(_ results: BenchResults) -> [Goal] {
        var goals: [Goal] = []
        let ours = results.figures("infinilist")
        let fzf = results.figures("fzf")
        let less = results.figures("less")

        if let ours, let fzf {
            let limit = fzf.meanBytesPerDown / 4
            goals.append(Goal(
                text: "bytes per ↓ ≤ ¼ of fzf's",
                met: ours.meanBytesPerDown <= limit,
                evidence: "\(format(ours.meanBytesPerDown, 1)) vs limit \(format(limit, 1)); "
                    + "ours / fzf's: \(percent(ours.meanBytesPerDown, fzf.meanBytesPerDown)) overall, "
                    + "\(percent(KeyFigures.meanBytes(ours.downInScreen), KeyFigures.meanBytes(fzf.downInScreen))) moving in the screen, "
                    + "\(percent(KeyFigures.meanBytes(ours.downScrolling), KeyFigures.meanBytes(fzf.downScrolling))) scrolling"))
        } else {
            goals.append(Goal(text: "bytes per ↓ ≤ ¼ of fzf's", met: nil, evidence: "fzf did not run"))
        }
        // On the rows less shows (the titles), not on the demo's table of columns and colours.
        if let titles = results.figures(Bench.titlesContender), let less {
            let limit = less.meanBytesPerPageDown * 1.2
            goals.append(Goal(
                text: "bytes per PgDn ≤ 1.2 × less's",
                met: titles.meanBytesPerPageDown <= limit,
                evidence: "\(format(titles.meanBytesPerPageDown, 1)) on the titles vs limit \(format(limit, 1))"))
            let downLimit = less.meanBytesPerDown * 1.5
            goals.append(Goal(
                text: "bytes per ↓ ≤ 1.5 × less's on the same rows",
                met: titles.meanBytesPerDown <= downLimit,
                evidence: "\(format(titles.meanBytesPerDown, 1)) on the titles vs limit \(format(downLimit, 1))"))
        } else {
            goals.append(Goal(text: "bytes per PgDn ≤ 1.2 × less's", met: nil, evidence: "less did not run"))
        }
        if let ours, let fzf, let a = ours.downSettle.p99, let b = fzf.downSettle.p99,
           let c = ours.pageDownSettle.p99, let d = fzf.pageDownSettle.p99 {
            goals.append(Goal(
                text: "p99 settle ≤ fzf's (↓ and PgDn)",
                met: a <= b && c <= d,
                evidence: "↓ \(format(a, 2)) vs \(format(b, 2)) ms; PgDn \(format(c, 2)) vs \(format(d, 2)) ms"))
        } else {
            goals.append(Goal(text: "p99 settle ≤ fzf's (↓ and PgDn)", met: nil, evidence: "fzf did not run"))
        }
        let paint = Percentiles(results.arrivalToPaint.map(milliseconds))
        goals.append(Goal(
            text: "page arrival → paint p99 < 2 ms",
            met: paint.p99.map { $0 < 2 },
            evidence: "p99 \(format(paint.p99 ?? .nan, 2)) ms over \(paint.count) pages"))
        if let ours {
            goals.append(Goal(
                text: "zero idle wake-ups",
                met: ours.idle.wakeUpsPerSecond == 0,
                evidence: "\(format(ours.idle.wakeUpsPerSecond, 1))/s over the idle window, \(ours.idle.threads) threads"))
        }
        let ratio = Double(results.memory.late.memory.residentKiB) / Double(max(1, results.memory.early.memory.residentKiB))
        goals.append(Goal(
            text: "RSS after 300 pages ≤ 1.5 × after 20",
            met: ratio <= 1.5,
            evidence: "\(format(ratio, 2))×"))
        if let cell = results.simulation.first(where: { $0.latencyMs == 300 && $0.rowsPerSecond == 30 }) {
            let judged = cell.adaptive ?? cell.fixed
            goals.append(Goal(
                text: "0 stalls at 30 rows/s, 300 ms",
                met: judged.map { $0.stalls == 0 },
                evidence: "\(cell.adaptive == nil ? "fixed \(cell.fixedRows) (no auto yet)" : "auto"): \(judged.map { "\($0.stalls) stalls" } ?? "n/a")"))
        }
        if let streams = results.streams { goals.append(Self.streamStartGoal(streams)) }
        let comparable = results.simulation.compactMap { row -> (BenchResults.SimulationRow, PrefetchSimulation.Outcome, PrefetchSimulation.Outcome)? in
            guard let fixed = row.fixed, let adaptive = row.adaptive else { return nil }
            return (row, fixed, adaptive)
        }
        if comparable.count == results.simulation.count, !comparable.isEmpty {
            // "Fewer stalls" is judged on time stalled: where fixed never stalls auto must not
            // either; elsewhere auto must stall for a smaller share of the 30 s. The counts are
            // shown too (auto may stall more often, but briefly).
            let better = comparable.allSatisfy { _, fixed, auto in
                fixed.stallShare == 0 ? auto.stallShare == 0 : auto.stallShare < fixed.stallShare
            }
            let stalling = comparable.filter { $0.1.stallShare > 0 || $0.2.stallShare > 0 }
            let evidence = stalling.isEmpty ? "no stalls in any cell" : stalling.map { row, fixed, auto in
                "\(row.latencyMs) ms × \(row.rowsPerSecond) rows/s: fixed \(format(fixed.stallShare * 100, 1))% (\(fixed.stalls)) → auto \(format(auto.stallShare * 100, 1))% (\(auto.stalls))"
            }.joined(separator: "; ") + "; 0 in every other cell"
            goals.append(Goal(text: "auto stalls less than fixed in every cell", met: better, evidence: evidence))
        } else {
            goals.append(Goal(text: "auto stalls less than fixed in every cell", met: nil,
                              evidence: "--prefetch auto is not in the core"))
        }
        return goals
    }
}

/// `part` as a percentage of `whole`, e.g. "23%".
func percent(_ part: Double, _ whole: Double) -> String {
    guard whole > 0 else { return "–" }
    return format(part / whole * 100, 0) + "%"
}

/// A number with `decimals` decimals, without Foundation's formatter.
func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled) - whole * Int(scale)
    var text = (value < 0 && scaled > 0 ? "-" : "") + NumberGrouping.grouped(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

/// "12,345": thousands separated, as the table prints byte counts.
enum NumberGrouping {
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return out
    }
}
