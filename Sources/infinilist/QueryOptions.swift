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

    /// `--format` writes row text; `--slurp` and `--count` answer over the items' JSON.
    func checkWholeListAnswers(format: String?) throws {
        guard format != nil else { return }
        if slurp { throw ValidationError("--slurp and --format do not go together: --slurp runs the program over the items' JSON, --format writes each item's text") }
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

extension Export.Format: ExpressibleByArgument {}

extension CommandOptions {
    /// `--count FIELD` as the dump counts it; nil without it.
    func counting() throws -> Counting? {
        guard let count else { return nil }
        guard dump else { throw ValidationError("--count applies with --dump: it writes the counts when the list has ended") }
        guard !query.slurp else { throw ValidationError("--count and --slurp both answer over the whole list: with --slurp, count in the program (group_by(.f) | map({value: .[0].f, count: length}))") }
        guard follow == nil else { throw ValidationError("--count and --follow do not go together: a followed list never ends, and --count writes at its end") }
        guard format == nil else { throw ValidationError("--count and --format do not go together: --count counts a field of the items' JSON, --format writes each item's text") }
        // `.`: the values themselves (a program's outputs, `--jq .state --count .`).
        if count == "." { return Counting(path: JSONPath([]), name: count) }
        do throws(JSONPathError) {
            return Counting(path: try JSONPath(parsing: count), name: count)
        } catch {
            throw ValidationError("--count: \(error.message)")
        }
    }

    /// `--sort` as the screen sorts; nil without it. A dump writes the list as it arrives and
    /// ignores it (a named source's `sort` must not make the source unusable with `--dump`),
    /// saying so: `sortIgnoredByDump`.
    func sortField() throws -> SortField? {
        guard let sort else { return nil }
        do throws(SortFieldError) {
            return try SortField(parsing: sort)
        } catch {
            throw ValidationError("--sort: \(error.message)")
        }
    }

    /// The line a dump writes on stderr when a sort was given; nil without one.
    var sortIgnoredByDump: String? {
        guard dump, sort != nil else { return nil }
        return "infinilist: --sort sorts the rows on the screen and --dump writes them as they arrive: the sort is not applied (a sorted dump: --dump --slurp --jq 'sort_by(.FIELD)[]')"
    }

    /// The line a dump writes on stderr when a filter was given (a view's `filter` must not make
    /// the source unusable with `--dump` either); nil without one.
    var filterIgnoredByDump: String? {
        guard dump, let filter, !filter.isEmpty else { return nil }
        return "infinilist: --filter filters the rows on the screen and --dump writes every item: the filter is not applied (a filtered dump: --dump --jq 'select(...)')"
    }

    /// `--output`, checked once the whole command line is known (a named source may hold it).
    func checkOutput() throws {
        guard let output else { return }
        guard dump else { throw ValidationError("--output applies with --dump: it says what the dump writes") }
        if format != nil, output != .jsonl {
            throw ValidationError("--output \(output.rawValue) and --format both say what a line holds: give --columns for the fields of a csv or tsv, or --format for lines of text")
        }
        if query.rawOutput, output == .csv || output == .tsv || output == .json {
            throw ValidationError("--output \(output.rawValue) writes JSON values or their fields; -r writes raw strings: leave one out")
        }
    }
}
