import Glibc
import ProcessSpawn

/// `--holding`: resident memory holding 100,000 items, infinilist beside fzf, on two sets:
/// - the demo feed's first 100,000 items, loaded in pages of 1000 and all kept (`--keep`); fzf
///   reads the same items as the JSON lines `infinilist --dump` writes for them. The demo's
///   items are partly non-ASCII, which fzf holds as runes (4 bytes a character);
/// - 100,000 ASCII records like issue 37's (id, title, user, body), from a file given to
///   infinilist through a named pipe (a file's pages would be passed over by End, not read) and
///   to fzf on its standard input: the set where fzf holds least.
/// Each is measured once everything is loaded and the screen is quiet.
enum HoldingBenchmark {
    static let items = 100_000

    struct Figures {
        let demo: Set
        let ascii: Set
    }

    struct Set {
        let infinilist: ProcessStats.Memory
        let fzf: ProcessStats.Memory?
        let jsonMegabytes: Double
    }

    static func run(options: BenchOptions, keys: Terminfo) throws -> Figures {
        Bench.progress("memory holding \(NumberGrouping.grouped(items)) items: infinilist, then fzf (the demo's, then ASCII records)")
        let lines = options.workDirectory + "/holding.jsonl"
        let status = try ChildProcess.run(
            options.infinilist, ["--dump", "--demo-items", String(items), "--demo-latency", "0"],
            environment: BenchEnvironment.forPrograms(), output: lines, errors: lines + ".stderr")
        guard status == 0, let text = Files.readText(lines) else {
            throw TracedBenchmarks.Failure(description: "infinilist --dump exited \(status); see \(lines)")
        }
        var traced = TracedBenchmarks(options: options, keys: keys)
        let demo = Set(infinilist: try traced.holding(items: items), fzf: fzfHolding(lines, options: options),
                       jsonMegabytes: Double(text.utf8.count) / 1_000_000)

        let records = options.workDirectory + "/holding-ascii.jsonl"
        let recordText = (0..<items).map(asciiRecord).joined()
        guard Files.write(records, recordText) else { throw TracedBenchmarks.Failure(description: "could not write \(records)") }
        let ascii = Set(infinilist: try throughPipe(records, options: options) { try traced.holding(["--keep", String(items), $0], items: items, pageSize: 1000) },
                        fzf: fzfHolding(records, options: options), jsonMegabytes: Double(recordText.utf8.count) / 1_000_000)
        return Figures(demo: demo, ascii: ascii)
    }

    /// One of issue 37's small records, ASCII only: about 280 bytes.
    static func asciiRecord(_ number: Int) -> String {
        #"{"id":\#(number),"title":"Issue \#(number): the list stops loading after a slow page","user":{"login":"user\#(number % 997)","id":\#(10_000 + number % 997)},"body":"Steps: open the list, scroll to the bottom while the network is slow, wait. Expected: the next page. Seen: the spinner row stays."}"# + "\n"
    }

    /// `body` given the path of a named pipe that `cat file` writes into.
    private static func throughPipe<Result>(_ file: String, options: BenchOptions, _ body: (String) throws -> Result) throws -> Result {
        let fifo = options.workDirectory + "/holding-ascii.pipe"
        Files.remove(fifo)
        guard mkfifo(fifo, 0o600) == 0 else { throw TracedBenchmarks.Failure(description: "could not make \(fifo)") }
        defer { Files.remove(fifo) }
        // posix_spawn waits for cat to exec, and cat's open of a pipe nobody reads would wait for
        // ever: the bench holds both ends until the measure is taken (so the input never ends;
        // the items are in pages of 1000, the last one full).
        let holder = open(fifo, O_RDWR | O_CLOEXEC)
        guard holder >= 0 else { throw TracedBenchmarks.Failure(description: "could not open \(fifo)") }
        defer { close(holder) }
        let cat = try ChildProcess.spawn("cat", [file], environment: BenchEnvironment.forPrograms(), stdio: ChildProcess.Stdio(output: fifo))
        defer {
            kill(cat.pid, SIGKILL)
            _ = cat.waitForExit(timeoutMs: 5_000)
        }
        return try body(fifo)
    }

    /// fzf holding `lines` read on its standard input, once its screen is quiet.
    private static func fzfHolding(_ lines: String, options: BenchOptions) -> ProcessStats.Memory? {
        guard options.peers, let session = try? TerminalSession(
            "fzf", ["--no-sort", "--layout=reverse"], stdin: lines,
            environment: BenchEnvironment.forPrograms(), quitKeys: [3]) else { return nil }
        defer { session.quit() }
        // fzf counts the lines it has read in its prompt line until it has read them all.
        _ = session.awaitFirstScreen(quietMs: 1_000)
        return ProcessStats.memory(pid: session.process.pid)
    }

    static func markdown(_ figures: Figures) -> String {
        func mebibytes(_ kibibytes: Int) -> String { format(Double(kibibytes) / 1024, 1) }
        func row(_ name: String, _ set: Set) -> String {
            let fzf = set.fzf.map { mebibytes($0.residentKiB) } ?? "–"
            let ratio = set.fzf.map { "\(format(Double(set.infinilist.residentKiB) / Double($0.residentKiB), 2))×" } ?? "–"
            return "| \(name) (\(format(set.jsonMegabytes, 0)) MB of JSON lines) | \(mebibytes(set.infinilist.residentKiB)) | \(fzf) | \(ratio) |"
        }
        return """
            | RSS holding \(NumberGrouping.grouped(items)) items, MiB | infinilist | fzf | infinilist / fzf |
            |---|---|---|---|
            \(row("ASCII records (id, title, user, body), as issue 37's; infinilist reads them from a pipe", figures.ascii))
            \(row("the demo's items, partly Hindi and Chinese, which fzf keeps as 4-byte runes", figures.demo))
            """
    }
}
