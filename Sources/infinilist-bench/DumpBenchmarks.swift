/// The `--dump` figures, beside the tools a user would script instead, in the same run:
/// - 50 pages behind 100 ms of latency: `--dump` (one request at a time), `--dump --parallel 4`,
///   and `curl -Z --parallel-max 4` fetching the same 50 URLs;
/// - a bulk dump, 20 pages of 10,000 items served at once: infinilist's wall time against its CPU
///   time (below it when fetching and parsing overlap), alone and with `--parallel 4`, beside
///   `jq -c '.[]'` reading the same bytes from a file; a jq program over that file (`--dump
///   --jq`) beside jq running the same program on it; `--dump --output csv` beside jq's `@csv` of
///   the same fields; and peak RSS after 1 page and after 20.
struct DumpBenchmarks {
    let options: BenchOptions
    let rows: SharedRows

    struct Figure {
        let name: String
        let infinilist: String
        let peer: String
    }

    func run() throws -> [Figure] {
        var figures: [Figure] = []
        Bench.progress("dump: 50 pages at 100 ms, serial, --parallel 4 and curl -Z (about 30 s)")
        figures += try latencyFigures()
        Bench.progress("dump: 20 pages of 10,000 items, and jq on the same bytes (about 30 s)")
        figures += try bulkFigures()
        Bench.progress("jq: the | prompt's keystroke over 10,000 items in memory")
        figures += QueryPromptBenchmark.figures()
        Bench.progress("sort: s over 100,000 rows in memory")
        figures += SortBenchmark.figures()
        return figures
    }

    private func latencyFigures() throws -> [Figure] {
        let directory = options.workDirectory + "/dump-latency"
        try writePages(directory, pages: 50) { page in
            rows.jsonLines.dropFirst((page * 100) % max(1, rows.jsonLines.count - 100)).prefix(100).joined(separator: ",")
        }
        let server = try SlowServer(directory: directory, latencyMs: 100, options: options)
        defer { server.stop() }
        let url = server.url("page{page}.json")
        let serial = try TimedRun.median(3, options.infinilist, ["--dump", url])
        let parallel = try TimedRun.median(3, options.infinilist, ["--dump", "--parallel", "4", url])
        let curl = try TimedRun.median(3, "curl", ["-s", "-Z", "--parallel-max", "4", server.url("page[1-50].json")])
        return [
            Figure(name: "`--dump`, 50 pages at 100 ms, one request at a time: wall s", infinilist: seconds(serial.wallMs), peer: "–"),
            Figure(name: "`--dump --parallel 4`, the same: wall s (peer: `curl -Z --parallel-max 4`)",
                   infinilist: seconds(parallel.wallMs), peer: seconds(curl.wallMs)),
        ]
    }

    private func bulkFigures() throws -> [Figure] {
        let directory = options.workDirectory + "/dump-bulk"
        var all: [String] = []
        try writePages(directory, pages: 20) { page in
            let items = (0..<10_000).map { Self.bulkItem(page * 10_000 + $0) }.joined(separator: ",")
            all.append("[" + items + "]")
            return items
        }
        let concatenated = directory + "/all.json"
        guard Files.write(concatenated, all.joined(separator: "\n")) else { throw TimedRun.Failure(description: "cannot write \(concatenated)") }
        let server = try SlowServer(directory: directory, latencyMs: 0, options: options)
        defer { server.stop() }
        let url = server.url("page{page}.json")
        let whole = try TimedRun.median(3, options.infinilist, ["--dump", url])
        let parallel = try TimedRun.median(3, options.infinilist, ["--dump", "--parallel", "4", url])
        let onePage = try TimedRun.median(3, options.infinilist, ["--dump", "--max-pages", "1", url])
        let jq = try TimedRun.median(3, "jq", ["-c", ".[]", concatenated])
        // The same program over the same items: ours from the file, jq's with `.[] |` in front
        // (the file holds one array a line; both write the same lines).
        let program = "select(.comments > 6) | {id, title, login: .user.login}"
        let ourProgram = try TimedRun.median(3, options.infinilist, ["--dump", "--jq", program, concatenated])
        let jqProgram = try TimedRun.median(3, "jq", ["-c", ".[] | " + program, concatenated])
        // Export: the same five fields of the same items as csv. jq quotes every string (`@csv`),
        // infinilist only the fields that need it (RFC 4180), so the bytes differ, the rows not.
        let columns = "number,title,user.login,state,comments"
        let ourCSV = try TimedRun.median(3, options.infinilist, ["--dump", "--output", "csv", "--columns", columns, concatenated])
        let jqCSV = try TimedRun.median(3, "jq", ["-r", ".[] | [.number, .title, .user.login, .state, .comments] | @csv", concatenated])
        let megabytes = Double(all.reduce(0) { $0 + $1.utf8.count }) / 1_000_000
        return [
            Figure(name: "bulk `--dump`, 20 × 10,000 items (\(format(megabytes, 0)) MB): wall / CPU s (peer: `jq -c '.[]'` on a file)",
                   infinilist: "\(seconds(whole.wallMs)) / \(seconds(whole.cpuMs))", peer: "\(seconds(jq.wallMs)) / \(seconds(jq.cpuMs))"),
            Figure(name: "bulk `--dump --parallel 4`, the same: wall / CPU s",
                   infinilist: "\(seconds(parallel.wallMs)) / \(seconds(parallel.cpuMs))", peer: "–"),
            Figure(name: "`--dump --jq '\(program)'` on that file: wall / CPU s (peer: `jq -c '.[] | …'`, the same file)",
                   infinilist: "\(seconds(ourProgram.wallMs)) / \(seconds(ourProgram.cpuMs))", peer: "\(seconds(jqProgram.wallMs)) / \(seconds(jqProgram.cpuMs))"),
            Figure(name: "`--dump --output csv --columns \(columns)` on that file: wall / CPU s (peer: `jq -r '.[] | [.number, .title, .user.login, .state, .comments] | @csv'`, the same file)",
                   infinilist: "\(seconds(ourCSV.wallMs)) / \(seconds(ourCSV.cpuMs))", peer: "\(seconds(jqCSV.wallMs)) / \(seconds(jqCSV.cpuMs))"),
            Figure(name: "bulk `--dump` peak RSS, 1 page → 20 pages, MiB (peer: jq)",
                   infinilist: "\(mebibytes(onePage.peakRSSKiB)) → \(mebibytes(whole.peakRSSKiB))", peer: mebibytes(jq.peakRSSKiB)),
        ]
    }

    /// The figures as a markdown table.
    static func table(_ figures: [Figure]) -> String {
        "| `--dump` and jq figure | infinilist | peer |\n|---|---|---|\n"
            + figures.map { "| \($0.name) | \($0.infinilist) | \($0.peer) |" }.joined(separator: "\n")
    }

    /// `/pageN.json` (N from 1) as root arrays of the items `items(page)` returns, comma-joined.
    private func writePages(_ directory: String, pages: Int, _ items: (Int) -> String) throws {
        Files.makeDirectory(directory)
        for page in 0..<pages {
            let path = directory + "/page\(page + 1).json"
            guard Files.write(path, "[" + items(page) + "]") else { throw TimedRun.Failure(description: "cannot write \(path)") }
        }
    }

    /// About 280 bytes, shaped like an issue.
    static func bulkItem(_ number: Int) -> String {
        let body = String(repeating: "Steps to reproduce, what happened and what was expected. ", count: 2)
        return #"{"id":\#(1_000_000 + number),"number":\#(number),"title":"Item \#(number): a title of a usual length","user":{"login":"user\#(number % 97)"},"state":"open","comments":\#(number % 13),"created_at":"2026-01-01T00:00:00Z","body":"\#(body)"}"#
    }

    private func seconds(_ milliseconds: Double) -> String { format(milliseconds / 1000, 2) }
    private func mebibytes(_ kibibytes: Int) -> String { format(Double(kibibytes) / 1024, 1) }
}
