import Glibc
import ProcessSpawn

/// `make bench`: measures the figures of the performance goals for infinilist and its peers (fzf,
/// less) in one run and prints them as one table. It prints figures only; it never asserts on
/// times (tests check behaviour, not speed). Method, goals and meaning of each figure:
/// docs/performance.md.
@main
enum Bench {
    static func main() {
        do {
            let options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
            try run(options)
        } catch {
            standardError("infinilist-bench: \(error)")
            exit(1)
        }
    }

    static func run(_ options: BenchOptions) throws {
        if options.simulationOnly {
            for row in simulate() { print("| \(Report.simulationFigure(row)) | \(Report.simulationValue(row)) |") }
            return
        }
        if options.promptOnly {
            print(DumpBenchmarks.table(QueryPromptBenchmark.figures()))
            return
        }
        Files.makeDirectory(options.workDirectory)
        guard Files.exists(options.infinilist) else {
            throw BenchOptions.UsageError(description: "no \(options.infinilist): build it first (swift build -c release)")
        }
        let loadBefore = Report.loadAverage()
        let keys = try Terminfo(term: BenchEnvironment.term, scratch: options.workDirectory)
        if options.layoutsOnly {
            let report = LayoutBenchmark.markdown(try LayoutBenchmark.run(options: options, keys: keys), options: options)
            print(report)
            let saved = options.workDirectory + "/layouts.md"
            if Files.write(saved, report + "\n") { progress("table saved in \(saved); one ↓'s output per layout beside it") }
            return
        }
        if options.holdingOnly {
            print(HoldingBenchmark.markdown(try HoldingBenchmark.run(options: options, keys: keys)))
            return
        }
        if options.streamsOnly {
            var streams = StreamBenchmarks(options: options, keys: keys)
            let figures = try streams.run()
            print("load average (1, 5, 15 min) before: \(loadBefore); after: \(Report.loadAverage())")
            for row in Report.streamRows(figures) { print("| \(row.figure) | \(row.value) | \(row.goal) |") }
            let goal = Goals.streamStartGoal(figures)
            print("- \(goal.verdict): \(goal.text) — \(goal.evidence)")
            return
        }
        progress("writing the shared \(options.rows) rows")
        let rows = try SharedRows.make(options: options)
        if options.dumpOnly {
            print(DumpBenchmarks.table(try DumpBenchmarks(options: options, rows: rows).run()))
            return
        }

        let contenders = Self.contenders(options, rows: rows)
        if options.instructionsOnly {
            let report = InstructionBenchmark.markdown(InstructionBenchmark.run(InstructionBenchmark.contenders(contenders, jsonLinesFile: rows.jsonPath), keys: keys, options: options))
            print(report)
            _ = Files.write(options.workDirectory + "/instructions.md", report + "\n")
            return
        }
        var keyFigures: [KeyFigures] = []
        for contender in contenders {
            progress("keys: \(contender.name) (\(2 * options.keys) keys, ~\(2 * options.keys * options.quietMs / 1000 + options.idleSeconds + 2) s)")
            keyFigures.append(try KeyBenchmark.run(contender, keys: keys, options: options))
        }

        var traced = TracedBenchmarks(options: options, keys: keys)
        progress("infinilist: page arrival to paint")
        let arrival = try traced.arrivalToPaint()
        progress("infinilist: start-up, demo feed")
        let startupDemo = try traced.startup(["--demo-latency", "0", "--demo-items", String(options.rows)])
        progress("infinilist: start-up, HTTP on 127.0.0.1")
        let server = try HTTPFixture(rows: rows, options: options)
        let startupHTTP: TracedBenchmarks.Startup
        do {
            defer { server.stop() }
            startupHTTP = try traced.startup([server.urlTemplate], idleSeconds: options.idleSeconds)
        }
        progress("infinilist: memory after 20 and 300 pages of 1000")
        let memory = try traced.memory()

        let holding = try HoldingBenchmark.run(options: options, keys: keys)
        let dumps = try DumpBenchmarks(options: options, rows: rows).run()
        var streamFigures: StreamBenchmarks.Figures?
        if options.streams {
            var streams = StreamBenchmarks(options: options, keys: keys)
            streamFigures = try streams.run()
        }

        let instructions = options.instructions ? InstructionBenchmark.run(InstructionBenchmark.contenders(contenders, jsonLinesFile: rows.jsonPath), keys: keys, options: options) : []
        let simulation = simulate()

        let results = BenchResults(
            keys: keyFigures, arrivalToPaint: arrival, startupDemo: startupDemo.times,
            startupHTTP: startupHTTP.times, idleHTTP: startupHTTP.idle, memory: memory, simulation: simulation,
            streams: streamFigures)
        let report = Report(results: results, options: options, keys: keys, versions: versions(options, peers: options.peers),
                            load: (loadBefore, Report.loadAverage())).markdown
            + "\n\n" + HoldingBenchmark.markdown(holding)
            + "\n\n" + DumpBenchmarks.table(dumps)
            + (instructions.isEmpty ? "" : "\n\n" + InstructionBenchmark.markdown(instructions))
        print(report)
        let saved = options.workDirectory + "/latest.md"
        if Files.write(saved, report + "\n") { progress("table saved in \(saved)") }
    }

    /// The contender that shows the titles less shows, one a line.
    static let titlesContender = "infinilist, titles"

    /// infinilist on the demo feed, and with peers fzf and less on the same rows.
    private static func contenders(_ options: BenchOptions, rows: SharedRows) -> [Contender] {
        var contenders = [Contender(
            name: "infinilist", program: options.infinilist,
            arguments: ["--demo-latency", "0", "--demo-items", String(options.rows)],
            stdin: nil, quitKeys: Array("q".utf8))]
        if options.peers {
            // The rows less shows (each title on a line), for the bytes per key beside less's:
            // the demo's table writes columns and colours less has not (like with like, issue 37).
            contenders.append(Contender(
                name: Self.titlesContender, program: options.infinilist,
                arguments: ["--demo-latency", "0", "--demo-items", String(options.rows), "--format", "{title}"],
                stdin: nil, quitKeys: Array("q".utf8)))
            contenders.append(Contender(
                name: "fzf", program: "fzf", arguments: ["--no-sort", "--layout=reverse"],
                stdin: rows.textPath, quitKeys: [3]))
            contenders.append(Contender(
                name: "less", program: "less", arguments: ["-S", rows.textPath],
                stdin: nil, quitKeys: Array("q".utf8)))
        }
        return contenders
    }

    /// The prefetch simulation over the goals' grid of latencies and speeds, fixed distance (one
    /// screen) beside auto.
    private static func simulate() -> [BenchResults.SimulationRow] {
        progress("prefetch simulation")
        let screenRows = BenchEnvironment.size.rows - 1
        var simulation: [BenchResults.SimulationRow] = []
        for latency in PrefetchSimulation.latencies {
            for speed in PrefetchSimulation.speeds {
                let sim = PrefetchSimulation(latencyMs: latency, rowsPerSecond: speed)
                simulation.append(BenchResults.SimulationRow(
                    latencyMs: latency, rowsPerSecond: speed, fixedRows: screenRows,
                    fixed: sim.run(.fixed(screenRows)), adaptive: sim.run(.auto)))
            }
        }
        return simulation
    }

    /// First line of each peer's `--version`, so the table says what it compared against.
    private static func versions(_ options: BenchOptions, peers: Bool) -> [String: String] {
        guard peers else { return [:] }
        var versions: [String: String] = [:]
        for program in ["fzf", "less", "jq"] {
            let file = options.workDirectory + "/version-\(program)"
            guard (try? ChildProcess.run(program, ["--version"], environment: BenchEnvironment.forPrograms(), output: file)) == 0,
                  let line = Files.readText(file)?.split(separator: "\n").first else { continue }
            versions[program] = line.hasPrefix(program) ? String(line.dropFirst(program.count + 1)) : String(line)
        }
        return versions
    }

    static func progress(_ text: String) { standardError("bench: " + text) }

    static func standardError(_ text: String) {
        var bytes = Array((text + "\n").utf8)
        _ = write(2, &bytes, bytes.count)
    }
}
