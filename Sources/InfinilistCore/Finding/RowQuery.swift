/// `--jq PROGRAM` on the screen: each item goes through the program as its page arrives, and the
/// program's outputs are the rows (no output drops the item, several make several rows); objects
/// become the table as items do, other values a row of text. Applied in one place, where a page's
/// items become rows (`AppState.rows(of:)`), so the walk's next pages, pages fetched again and a
/// poll's new items are all rows of the same program.
///
/// Duplicates are dropped before, by the loader, on the items as the server sent them, so two
/// items that give the same output both show. A row keeps its item's identity (the first output)
/// or one made from it and its place among the outputs, so following a live list, a refresh and
/// marks find the same rows again whatever the outputs hold.
public struct RowQuery: Sendable, Equatable {
    /// The program as typed, for the status line.
    public let program: String
    let query: any ItemQuery
    /// How an output's row text is made (`--format`, or the guessed field), as the loader makes
    /// an item's.
    let formatter: ItemFormatter?

    public init(program: String, query: any ItemQuery, formatter: ItemFormatter? = ItemFormatter()) {
        self.program = program
        self.query = query
        self.formatter = formatter
    }

    /// The rows `items` make, each with its value (`values`: the items parsed already by the
    /// loader, one for one; nil to parse them here). An item the program fails on stays as one
    /// row saying why, in the error style, holding the item's JSON for Enter: nothing is lost
    /// silently. A row that is not an item of the input (a note about input that could not be
    /// kept) goes through as it is.
    ///
    /// `sources`: the items again, each holding its identity (the rows' identities are made
    /// from it), so that the `|` prompt, which runs each new program on them, hashes an item
    /// once, not on every key.
    ///
    /// `table`: the settled table the rows go in, if any: each object's row is made with its
    /// cells at once, rather than made and then copied with them (`AppState.laidOut`).
    func rows(of items: [Item], values: [JSONValue]?, table: ColumnLayout? = nil, budget: RunBudget = .screen) -> (items: [Item], values: [JSONValue], sources: [Item]) {
        let made = pageRows(of: items, values: values, table: table, budget: budget)
        return (made.items, made.values ?? [], made.sources ?? items)
    }

    /// The rows of a page's `items`, as `rows(of:values:table:budget:)`, saying whether the run
    /// stopped short of some items (their rows say why).
    func pageRows(of items: [Item], values: [JSONValue]?, table: ColumnLayout?, budget: RunBudget) -> PageRows {
        let sources = Self.keepingIdentities(items)
        let made = rows(of: sources, in: sources.indices, values: values?.count == items.count ? values : nil, table: table, budget: budget)
        return PageRows(items: made.rows, values: made.outputs, sources: sources, stopped: made.stopped)
    }

    /// The items, each holding its identity (hashed now when it is the JSON's).
    static func keepingIdentities(_ items: [Item]) -> [Item] {
        var sources = items
        for index in sources.indices where !sources[index].keepsIdentity {
            sources[index] = sources[index].keepingIdentity()
        }
        return sources
    }

    /// The rows of `sources[range]`, each source holding its identity; `values` are all the
    /// sources' values, one for one, or nil.
    ///
    /// The sources are read in place by index (a `for item in` loop or `allSatisfy` copies each
    /// one, four reference counts up and down: a tenth of a keystroke at the `|` prompt).
    /// `stopped`: the program ran out of steps, rows or bytes on some item, and the rest were not
    /// run.
    func rows(of sources: [Item], in range: Range<Int>, values: [JSONValue]?, table: ColumnLayout?, budget: RunBudget) -> (rows: [Item], outputs: [JSONValue], stopped: Bool) {
        query.withinSteps(budget.steps) {
            rows(of: sources, in: range, values: values, table: table, maxRows: budget.rows, maxBytes: budget.bytes)
        }
    }

    private func rows(of sources: [Item], in range: Range<Int>, values: [JSONValue]?, table: ColumnLayout?, maxRows: Int, maxBytes: Int) -> (rows: [Item], outputs: [JSONValue], stopped: Bool) {
        var rows: [Item] = []
        var outputs: [JSONValue] = []
        var bytes = 0
        rows.reserveCapacity(range.count)
        outputs.reserveCapacity(range.count)
        // Once the program runs out of steps on an item, the rest of the page is not run again.
        var outOfSteps: ItemQueryError?
        for index in range {
            guard sources[index].kind != .problem else {
                rows.append(sources[index])
                outputs.append(.null)
                continue
            }
            let value = values?[index] ?? (try? JSONParser.parse(sources[index].json)) ?? .string(sources[index].json)
            do throws(ItemQueryError) {
                if let outOfSteps { throw outOfSteps }
                let made = try query.outputs(for: value)
                guard rows.count + made.count <= maxRows else { throw RunBudget.tooManyRows }
                for (ordinal, output) in made.enumerated() {
                    let json: SharedText
                    if output.sharesStorage(with: value) {
                        json = sources[index].jsonText
                    } else {
                        let written = output.compactJSON
                        bytes += written.utf8.count
                        guard bytes <= maxBytes else { throw RunBudget.tooManyBytes }
                        json = SharedText(written)
                    }
                    rows.append(row(output, json: json, ordinal: ordinal, id: sources[index].id, identity: sources[index].identity, table: table))
                    outputs.append(output)
                }
            } catch {
                if error.outOfSteps { outOfSteps = error }
                let text = TerminalText.sanitize("jq: \(error.message)")
                rows.append(sources[index].asProblem(text))
                outputs.append(.null)
            }
        }
        return (rows, outputs, outOfSteps != nil)
    }

    /// Two settings are the same program when their text is (the configuration is compared
    /// whole in tests; a program's variables come with its text from one command line).
    public static func == (lhs: RowQuery, rhs: RowQuery) -> Bool { lhs.program == rhs.program }

    /// A row of `output`, the `ordinal`th of its item's. `json`: the item's own when the output
    /// is its value passed through (`select`): writing it again was a third of a keystroke at the
    /// `|` prompt over whole items.
    private func row(_ output: JSONValue, json: SharedText, ordinal: Int, id: String?, identity: ItemIdentity, table: ColumnLayout?) -> Item {
        let text = formatter.map { TerminalText.sanitize($0.text(for: output)) } ?? ""
        let cells = table?.rowCells(for: output, text: text) ?? []
        guard ordinal > 0 else { return Item(jsonText: json, text: text, id: id, cells: cells, identity: identity) }
        return Item(jsonText: json, text: text, id: id.map { "\($0)#\(ordinal)" }, cells: cells, identity: identity.output(ordinal))
    }
}

/// A page's rows as the store takes them: the rows, their values when known, and the items they
/// were made of when a program made them (nil when the rows are the items).
struct PageRows: Sendable {
    let items: [Item]
    let values: [JSONValue]?
    let sources: [Item]?
    /// The program stopped short of some items (out of steps, rows or bytes): the same page run
    /// alone, as when it arrives or is read again, may give other rows.
    var stopped = false
}

/// What one run of a program over many items at once may spend on the screen, all the items
/// together: each item has its own step limit (about a second), but a key typed at the `|`
/// prompt runs the program over every item in memory, and a page over each of its items, in the
/// event loop. Without a bound for the whole run, `reduce range(2000000) as $i (0; .+1)` froze
/// the screen for 40 s over 100 items, and `range(100000)` over 6,000 items made rows until the
/// memory ran out (hostile pass of session 30). Past the bound, the items left show why, as
/// when one item runs out of steps.
struct RunBudget: Sendable, Equatable {
    /// Steps of the program (the query's own unit: for jq, calls and the values `range` makes).
    let steps: Int
    /// Rows made.
    let rows: Int
    /// Bytes of the JSON of the values made (an item passed through costs none: its row holds the
    /// item's own).
    let bytes: Int

    init(steps: Int, rows: Int, bytes: Int = RunBudget.screen.bytes) {
        self.steps = steps
        self.rows = rows
        self.bytes = bytes
    }

    /// A key at the prompt, or a page: about two seconds of one core at most, and rows up to a
    /// quarter of a gigabyte.
    static let screen = RunBudget(steps: 10_000_000, rows: 1_000_000, bytes: 1 << 28)

    /// The part of the budget for `count` of `total` items run apart (a piece on another core).
    func share(_ count: Int, of total: Int) -> RunBudget {
        guard total > count, total > 0 else { return self }
        return RunBudget(steps: max(1, steps / total * count), rows: max(1, rows / total * count), bytes: max(1, bytes / total * count))
    }

    static let tooManyBytes = ItemQueryError(
        "stopped: the program made more JSON than the screen allows for all these items together (\(screen.bytes >> 20) MiB; --dump --jq has no such limit)",
        outOfSteps: true)

    static let tooManyRows = ItemQueryError(
        "stopped: the program made more rows than the screen allows for all these items together (\(NumberText.grouped(screen.rows)); --dump --jq has no such limit)",
        outOfSteps: true)
}
