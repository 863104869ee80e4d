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
        let sources = Self.keepingIdentities(items)
        let made = rows(of: sources, in: sources.indices, values: values?.count == items.count ? values : nil, table: table, budget: budget)
        return (made.rows, made.outputs, sources)
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
    func rows(of sources: [Item], in range: Range<Int>, values: [JSONValue]?, table: ColumnLayout?, budget: RunBudget) -> (rows: [Item], outputs: [JSONValue]) {
        query.withinSteps(budget.steps) {
            rows(of: sources, in: range, values: values, table: table, maxRows: budget.rows)
        }
    }

    private func rows(of sources: [Item], in range: Range<Int>, values: [JSONValue]?, table: ColumnLayout?, maxRows: Int) -> (rows: [Item], outputs: [JSONValue]) {
        var rows: [Item] = []
        var outputs: [JSONValue] = []
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
                    let json = output.sharesStorage(with: value) ? sources[index].jsonText : SharedText(output.compactJSON)
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
        return (rows, outputs)
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

    init(items: [Item], values: [JSONValue]?, sources: [Item]?) {
        self.items = items
        self.values = values
        self.sources = sources
    }

    init(_ made: (items: [Item], values: [JSONValue], sources: [Item])) {
        self.init(items: made.items, values: made.values, sources: made.sources)
    }
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

    /// A key at the prompt, or a page: about two seconds of one core at most, and rows of some
    /// hundred bytes each up to a few hundred megabytes.
    static let screen = RunBudget(steps: 10_000_000, rows: 1_000_000)

    /// The part of the budget for `count` of `total` items run apart (a piece on another core).
    func share(_ count: Int, of total: Int) -> RunBudget {
        guard total > count, total > 0 else { return self }
        return RunBudget(steps: max(1, steps / total * count), rows: max(1, rows / total * count))
    }

    static let tooManyRows = ItemQueryError(
        "stopped: the program made more rows than the screen allows for all these items together (\(NumberText.grouped(screen.rows)); --dump --jq has no such limit)",
        outOfSteps: true)
}
