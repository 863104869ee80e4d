import Glibc
import ProcessSpawn

/// `--instructions` (and part of the full run): instructions per ↓ for each program, counted by
/// `valgrind --tool=callgrind`, which counts instructions rather than time, so the figure is the
/// same on a busy machine as on a quiet one.
///
/// Each program runs twice under callgrind in the pty, alike but for the number of ↓ presses
/// (`short`, then `long`); the difference of the two totals over the difference of the presses is
/// the cost of one ↓, start-up and quitting cancelled out. Both runs press past the first screen,
/// so the measured presses all scroll (less scrolls on every ↓; infinilist and fzf move the
/// cursor within the first screen first). Every thread counts: infinilist's loader building the
/// pages the cursor comes near is part of the cost of moving down, as less reading its file is.
///
/// infinilist is measured from a copy without debug information (`objcopy --strip-debug`):
/// valgrind 3.19 cannot read DWARF 5.
///
/// fzf is not measured here: Go's runtime (its timers, the scheduler's monitor, the collector)
/// runs between keys whatever the keys do, and under valgrind each key waits 0.4 s, so the two
/// runs differ by that background work, not by the keys (its "per ↓" came out -30 M in one
/// run, between 13.7 M and 117 M in others). Its cost per key is compared by time and bytes.
enum InstructionBenchmark {
    struct Figure {
        let name: String
        /// Instructions per ↓, nil when a run failed (the reason is in `problem`).
        let perDown: Double?
        let problem: String?
    }

    /// Presses in the short and the long run: both past the first screen (29 rows).
    static let short = 40
    static let long = 140
    /// Valgrind runs programs about 50 times slower: each key gets this long to settle.
    static let quietMs = 400

    /// The programs measured: infinilist three times, as the demo shows (a table of five
    /// columns), showing what less and fzf show (each item's title on a line of its own, the same
    /// rows), and showing those titles read from a file of the items as JSON lines (as less reads
    /// its file of titles: what a real source costs, parsing included), in pages of 50 as the
    /// demo's (a file is read 1,000 items a page after the first hundred, so the presses measured
    /// would load ten items each, not one); then the peers.
    static func contenders(_ contenders: [Contender], jsonLinesFile: String) -> [Contender] {
        contenders.filter { $0.name != "fzf" && $0.name != Bench.titlesContender }.flatMap { contender -> [Contender] in
            guard contender.name == "infinilist" else { return [contender] }
            let table = Contender(name: "infinilist, table (demo)", program: contender.program, arguments: contender.arguments,
                                  stdin: contender.stdin, quitKeys: contender.quitKeys)
            let lines = Contender(name: "infinilist, titles (as less)", program: contender.program,
                                  arguments: contender.arguments + ["--format", "{title}"],
                                  stdin: contender.stdin, quitKeys: contender.quitKeys)
            let file = Contender(name: "infinilist, titles from a JSON-lines file", program: contender.program,
                                 arguments: ["--page-size", "50", "--format", "{title}", jsonLinesFile],
                                 stdin: nil, quitKeys: contender.quitKeys)
            return [table, lines, file]
        }
    }

    static func run(_ contenders: [Contender], keys: Terminfo, options: BenchOptions) -> [Figure] {
        contenders.map { contender in
            Bench.progress("instructions per ↓ under callgrind: \(contender.name) (two runs, \(short) and \(long) × ↓)")
            do {
                let program = try measurable(contender.program, options: options)
                let few = try total(contender, program: program, presses: short, keys: keys, options: options)
                let many = try total(contender, program: program, presses: long, keys: keys, options: options)
                return Figure(name: contender.name, perDown: Double(many - few) / Double(long - short), problem: nil)
            } catch {
                return Figure(name: contender.name, perDown: nil, problem: "\(error)")
            }
        }
    }

    /// The program as valgrind can read it: infinilist's binary without its DWARF 5 debug
    /// information; peers (Debian's, already stripped) as they are.
    private static func measurable(_ program: String, options: BenchOptions) throws -> String {
        guard program.contains("/") else { return program }
        let stripped = options.workDirectory + "/callgrind-" + (program.split(separator: "/").last.map(String.init) ?? "program")
        let status = try ChildProcess.run(
            "objcopy", ["--strip-debug", program, stripped],
            environment: BenchEnvironment.forPrograms(), output: options.workDirectory + "/objcopy.log")
        guard status == 0 else { throw Failure(description: "objcopy --strip-debug \(program) failed (exit \(status))") }
        return stripped
    }

    /// Callgrind's total instruction count for one session with `presses` × ↓.
    private static func total(_ contender: Contender, program: String, presses: Int, keys: Terminfo, options: BenchOptions) throws -> Int {
        let slug = String(contender.name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let output = options.workDirectory + "/callgrind-\(slug)-\(presses).out"
        Files.remove(output)
        let session = try TerminalSession(
            "valgrind",
            ["--tool=callgrind", "--callgrind-out-file=" + output, program] + contender.arguments,
            stdin: contender.stdin,
            environment: BenchEnvironment.forPrograms(),
            quitKeys: contender.quitKeys)
        guard session.awaitFirstScreen(quietMs: 3_000, limitMs: 120_000) != nil else {
            session.quit(timeoutMs: 60_000)
            throw Failure(description: "no first screen under valgrind")
        }
        for _ in 0..<presses { _ = session.press(keys.down, quietMs: quietMs) }
        // Callgrind writes its counts as the program exits: give it time, never kill it early.
        session.quit(timeoutMs: 60_000)
        guard let text = Files.readText(output), let total = totalInstructions(in: text) else {
            throw Failure(description: "callgrind wrote no totals to \(output)")
        }
        return total
    }

    /// The `summary:` (or `totals:`) line of a callgrind output file: instructions executed.
    static func totalInstructions(in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let value = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return value }
        }
        return nil
    }

    /// The figures as table rows: instructions per ↓, each program beside infinilist.
    static func markdown(_ figures: [Figure]) -> String {
        var rows = [
            "instructions per ↓ (callgrind, runs of \(short) and \(long) × ↓, difference over \(long - short); every thread counted;"
                + " fzf not measured: Go's runtime works between keys, so its two runs differ by that, not by the keys)",
            "",
            "| program | instructions per ↓ | × less |",
            "|---|---|---|",
        ]
        let less = figures.first { $0.name == "less" }?.perDown
        for figure in figures {
            guard let value = figure.perDown else {
                rows.append("| \(figure.name) | – (\(figure.problem ?? "failed")) | – |")
                continue
            }
            let ratio = less.map { "\(format(value / $0, 1))×" } ?? "–"
            rows.append("| \(figure.name) | \(NumberGrouping.grouped(Int(value.rounded()))) | \(ratio) |")
        }
        return rows.joined(separator: "\n")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
