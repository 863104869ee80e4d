import Glibc

/// The bench's command line. Defaults are what `make bench` runs and docs/performance.md reports.
struct BenchOptions {
    /// Where `infinilist` (release build) is.
    var binaryDirectory = ".build/release"
    /// Fixtures, traces and logs go here.
    var workDirectory = ".build/bench"
    /// ↓ presses and PgDn presses per program.
    var keys = 200
    /// "Settled" means no output for this long.
    var quietMs = 100
    /// Rows of the shared list (demo feed, fzf's input, less's file).
    var rows = 20_000
    /// Seconds of idleness over which wake-ups are counted.
    var idleSeconds = 5
    /// Start-ups measured per source.
    var startups = 10
    /// Skip fzf and less (to work on the bench itself).
    var peers = true
    /// Only the prefetch simulation: a second, no terminal (for tuning `--prefetch auto`).
    var simulationOnly = false
    /// Only the `--dump` figures beside curl and jq (about a minute).
    var dumpOnly = false
    /// Only the `|` prompt's keystroke, in process (a few seconds; for profiling it).
    var promptOnly = false
    /// Only the bytes per key of each layout (table, one-line rows, with the preview pane).
    var layoutsOnly = false
    /// Only instructions per ↓ under callgrind, beside fzf and less (about five minutes).
    var instructionsOnly = false
    /// The callgrind figures in the full run; off to work on the rest.
    var instructions = true
    /// Only the memory holding 100,000 items, beside fzf.
    var holdingOnly = false
    /// The stream figures (pipes and files, jq); off to work on the rest.
    var streams = true
    /// Only the stream figures (to work on them).
    var streamsOnly = false
    /// Lines of the NDJSON file the stream figures read (109 bytes each: 10 million is 1.09 GB).
    var streamLines = 10_000_000

    static let usage = """
        usage: infinilist-bench [--bin DIR] [--work DIR] [--keys N] [--quiet-ms N] [--rows N]
                                [--idle-seconds N] [--startups N] [--no-peers] [--simulation-only]
                                [--dump-only] [--prompt-only] [--layouts] [--instructions] [--no-instructions] [--holding]
                                [--no-streams] [--streams-only] [--stream-lines N]
        Prints the performance figures for infinilist, fzf and less as one table (docs/performance.md).
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func number(_ flag: String) throws(UsageError) -> Int {
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                throw UsageError(description: "\(flag) needs a positive number\n\(Self.usage)")
            }
            return value
        }
        func text(_ flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value\n\(Self.usage)") }
            return value
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--bin": binaryDirectory = try text(flag)
            case "--work": workDirectory = try text(flag)
            case "--keys": keys = try number(flag)
            case "--quiet-ms": quietMs = try number(flag)
            case "--rows": rows = try number(flag)
            case "--idle-seconds": idleSeconds = try number(flag)
            case "--startups": startups = try number(flag)
            case "--no-peers": peers = false
            case "--simulation-only": simulationOnly = true
            case "--dump-only": dumpOnly = true
            case "--prompt-only": promptOnly = true
            case "--layouts": layoutsOnly = true
            case "--instructions": instructionsOnly = true
            case "--no-instructions": instructions = false
            case "--holding": holdingOnly = true
            case "--no-streams": streams = false
            case "--streams-only": streamsOnly = true
            case "--stream-lines": streamLines = try number(flag)
            case "-h", "--help": throw UsageError(description: Self.usage)
            default: throw UsageError(description: "unknown argument \(flag)\n\(Self.usage)")
            }
        }
    }

    var infinilist: String { binaryDirectory + "/infinilist" }
}

/// The environment every measured program gets: nothing from the caller's but PATH and HOME, so
/// a user's FZF_DEFAULT_OPTS, LESS or NO_COLOR cannot change the figures.
enum BenchEnvironment {
    static let term = "xterm-256color"
    static let size = (rows: 30, columns: 100)

    static var path: String {
        getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    }

    static func forPrograms(extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": path,
            "HOME": getenv("HOME").map { String(cString: $0) } ?? "/tmp",
            "TERM": term,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            // less: no history file written during the bench.
            "LESSHISTFILE": "-",
        ]
        environment.merge(extra) { $1 }
        return environment
    }
}
