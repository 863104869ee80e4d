import InfinilistCore
import ProcessSpawn

/// The one list every program shows: the demo feed's first N items, as infinilist's `--dump`
/// prints them, and as row text exactly as infinilist draws it (the core's own formatter and
/// sanitizer), one per line, for fzf's stdin and less's file.
struct SharedRows {
    /// Each item as compact JSON (for the HTTP fixture's pages).
    let jsonLines: [String]
    /// The file of those items, one a line: what infinilist reads where less reads `textPath`.
    let jsonPath: String
    /// The file of row texts.
    let textPath: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func make(options: BenchOptions) throws -> SharedRows {
        let dumpPath = options.workDirectory + "/rows.jsonl"
        let status = try ChildProcess.run(
            options.infinilist,
            ["--dump", "--demo-items", String(options.rows), "--demo-latency", "0"],
            environment: BenchEnvironment.forPrograms(),
            output: dumpPath,
            errors: dumpPath + ".stderr"
        )
        guard status == 0, let dump = Files.readText(dumpPath) else {
            throw Failure(description: "infinilist --dump exited \(status); see \(dumpPath)")
        }
        let lines = dump.split(separator: "\n").map(String.init)
        guard lines.count == options.rows else {
            throw Failure(description: "infinilist --dump wrote \(lines.count) items, not \(options.rows)")
        }
        let formatter = ItemFormatter()
        var text = ""
        for line in lines {
            let value = try JSONParser.parse(line)
            text += TerminalText.sanitize(formatter.text(for: value)) + "\n"
        }
        let textPath = options.workDirectory + "/rows.txt"
        guard Files.write(textPath, text) else { throw Failure(description: "cannot write \(textPath)") }
        return SharedRows(jsonLines: lines, jsonPath: dumpPath, textPath: textPath)
    }
}
