import ArgumentParser
import InfinilistCore
import JQ

/// `--jq PROGRAM` and jq's own flags for it (`-r`, `--arg`, `--argjson`): each item goes through
/// the program; on the screen its outputs are the rows, with `--dump` they are written as
/// `jq -c` writes them. A group of
/// its own so the query's flags and their one check sit together.
struct QueryOptions: ParsableArguments {
    @Option(name: .customLong("jq"), help: ArgumentHelp(
        "Run this jq program on each item as pages arrive: its outputs are the rows (objects make the table, other values a line; zero outputs drop the item, several make several rows), and pages are read on until the screen is full. With --dump its outputs are written as `jq -c PROGRAM` writes them.",
        valueName: "program"))
    var program: String?

    @Flag(name: [.customShort("r"), .customLong("raw-output")], help: "With --jq, write strings without quotes, as `jq -r`.")
    var rawOutput = false

    @Option(name: .customLong("arg"), help: ArgumentHelp("With --jq, $NAME is this string, as `jq --arg NAME VALUE` (repeatable).", valueName: "name value"))
    var arguments: [String] = []

    @Option(name: .customLong("argjson"), help: ArgumentHelp("With --jq, $NAME is this JSON value, as `jq --argjson NAME JSON` (repeatable).", valueName: "name json"))
    var jsonArguments: [String] = []

    @Flag(name: .customLong("slurp"), help: "With --dump --jq, run the program once, when the list has ended, over the array of every item of every page (as `jq -s`): totals, group_by and sort over the whole list. Nothing is written if the list does not end whole.")
    var slurp = false

    @Option(name: .customLong("slurp-max"), help: ArgumentHelp("With --slurp, the most JSON kept for the program, e.g. 512M (default 256M): past it the dump stops and writes nothing.", valueName: "size"))
    var slurpMax: ByteSize?

    /// The bytes of items' JSON `--slurp` keeps: `--slurp-max`, else 256 MiB (the tree the
    /// program reads takes several times its text).
    var slurpLimit: Int { slurpMax?.bytes ?? 256 << 20 }

    /// The compiled query; nil without `--jq`. Every mistake is a usage error, before any request.
    func query() throws -> JQItemQuery? {
        if let slurpMax, slurpMax.bytes < 1 { throw ValidationError("--slurp-max must be at least 1 byte, not \(slurpMax.bytes)") }
        if slurpMax != nil, !slurp { throw ValidationError("--slurp-max applies with --slurp") }
        guard let program else {
            if slurp { throw ValidationError("--slurp applies with --jq: the program runs once over the array of every item (--dump --slurp --jq 'length')") }
            if rawOutput { throw ValidationError("-r/--raw-output applies with --jq") }
            if !arguments.isEmpty || !jsonArguments.isEmpty { throw ValidationError("--arg and --argjson apply with --jq") }
            return nil
        }
        do {
            return try JQItemQuery.make(program: program, raw: rawOutput, arguments: arguments, jsonArguments: jsonArguments)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Checked once the whole command line is known (a named source's `slurp` setting is
    /// checked with its `jq`, without the command line's `--dump`).
    func checkSlurp(dump: Bool, follow: Bool) throws {
        guard slurp else { return }
        guard dump else { throw ValidationError("--slurp applies with --dump: the program's answer over the whole list is written once the list has ended") }
        guard !follow else { throw ValidationError("--slurp and --follow do not go together: a followed list never ends, and --slurp waits for its end") }
    }

    /// How the `|` prompt compiles what is typed, with this command line's `--arg`/`--argjson`.
    func compiler(format: String?) throws -> QueryCompiler {
        JQItemQuery.promptCompiler(arguments: arguments, jsonArguments: jsonArguments, formatter: try ItemFormatter(template: format))
    }

    /// The program on the screen, its outputs the rows (their text made by `--format` as an
    /// item's is); nil without `--jq`.
    func rowQuery(format: String?) throws -> RowQuery? {
        guard let program, let query = try query() else { return nil }
        return RowQuery(program: program, query: query, formatter: try ItemFormatter(template: format))
    }
}
