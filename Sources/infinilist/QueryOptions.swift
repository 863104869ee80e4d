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

    /// The compiled query; nil without `--jq`. Every mistake is a usage error, before any request.
    func query() throws -> JQItemQuery? {
        guard let program else {
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

    /// The program on the screen, its outputs the rows (their text made by `--format` as an
    /// item's is); nil without `--jq`.
    func rowQuery(format: String?) throws -> RowQuery? {
        guard let program, let query = try query() else { return nil }
        return RowQuery(program: program, query: query, formatter: try ItemFormatter(template: format))
    }
}
