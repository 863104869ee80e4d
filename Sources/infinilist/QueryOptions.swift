import ArgumentParser

/// `--jq PROGRAM` and jq's own flags for it (`-r`, `--arg`, `--argjson`), with `--dump`: each
/// item goes through the program and its outputs are written as `jq -c` writes them. A group of
/// its own so the query's flags and their one check sit together.
struct QueryOptions: ParsableArguments {
    @Option(name: .customLong("jq"), help: ArgumentHelp(
        "With --dump, run this jq program on each item as pages arrive and write its outputs, as `jq -c PROGRAM` writes them (zero outputs drop the item, several write several lines).",
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
        return try JQItemQuery.make(program: program, raw: rawOutput, arguments: arguments, jsonArguments: jsonArguments)
    }

    /// Checked once the whole command line is known (a named source's `jq` setting is checked
    /// on its own, without the command line's `--dump`).
    func checkScreen() throws {
        guard program != nil else { return }
        throw ValidationError("--jq applies with --dump for now (each item's outputs written as JSON lines); on the screen it is still to come")
    }
}
