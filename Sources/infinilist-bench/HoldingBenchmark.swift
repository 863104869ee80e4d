import ProcessSpawn

/// `--holding`: resident memory holding 100,000 items, infinilist beside fzf. infinilist loads
/// the demo feed's first 100,000 items in pages of 1000 and keeps them all (`--keep 100000`);
/// fzf reads the same items, as the JSON lines `infinilist --dump` writes for them, on stdin.
/// Each is measured once everything is loaded and the screen is quiet. The demo's items are
/// partly non-ASCII, which fzf holds as runes (4 bytes a character): on ASCII records like issue
/// 37's, fzf holds 42.5 MB where infinilist holds 79.5 (measured by hand, session 28), so the
/// figure says which items it measured.
enum HoldingBenchmark {
    static let items = 100_000

    struct Figures {
        let infinilist: ProcessStats.Memory
        let fzf: ProcessStats.Memory?
        let jsonMegabytes: Double
    }

    static func run(options: BenchOptions, keys: Terminfo) throws -> Figures {
        Bench.progress("memory holding \(NumberGrouping.grouped(items)) items: infinilist, then fzf")
        let lines = options.workDirectory + "/holding.jsonl"
        let status = try ChildProcess.run(
            options.infinilist, ["--dump", "--demo-items", String(items), "--demo-latency", "0"],
            environment: BenchEnvironment.forPrograms(), output: lines, errors: lines + ".stderr")
        guard status == 0, let text = Files.readText(lines) else {
            throw TracedBenchmarks.Failure(description: "infinilist --dump exited \(status); see \(lines)")
        }
        var traced = TracedBenchmarks(options: options, keys: keys)
        let infinilist = try traced.holding(items: items)
        var fzf: ProcessStats.Memory?
        if options.peers {
            let session = try TerminalSession(
                "fzf", ["--no-sort", "--layout=reverse"], stdin: lines,
                environment: BenchEnvironment.forPrograms(), quitKeys: [3])
            defer { session.quit() }
            // fzf counts the lines it has read in its prompt line until it has read them all.
            _ = session.awaitFirstScreen(quietMs: 1_000)
            fzf = ProcessStats.memory(pid: session.process.pid)
        }
        return Figures(infinilist: infinilist, fzf: fzf, jsonMegabytes: Double(text.utf8.count) / 1_000_000)
    }

    static func markdown(_ figures: Figures) -> String {
        func mebibytes(_ kibibytes: Int) -> String { format(Double(kibibytes) / 1024, 1) }
        let fzf = figures.fzf.map { mebibytes($0.residentKiB) } ?? "–"
        let ratio = figures.fzf.map { "\(format(Double(figures.infinilist.residentKiB) / Double($0.residentKiB), 2))×" } ?? "–"
        return """
            | memory holding \(NumberGrouping.grouped(items)) items (\(format(figures.jsonMegabytes, 0)) MB of JSON lines: the demo's, partly Hindi and Chinese, which fzf keeps as 4-byte runes; on ASCII records fzf holds about half of this, docs/performance.md session 28) | infinilist | fzf | infinilist / fzf |
            |---|---|---|---|
            | RSS, MiB | \(mebibytes(figures.infinilist.residentKiB)) | \(fzf) | \(ratio) |
            """
    }
}
