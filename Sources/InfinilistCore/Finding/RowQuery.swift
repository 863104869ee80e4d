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
    func rows(of items: [Item], values: [JSONValue]?) -> (items: [Item], values: [JSONValue], sources: [Item]) {
        let values = values?.count == items.count ? values : nil
        var rows: [Item] = []
        var outputs: [JSONValue] = []
        let sources = items.allSatisfy(\.keepsIdentity) ? items : items.map { $0.keepingIdentity() }
        rows.reserveCapacity(items.count)
        outputs.reserveCapacity(items.count)
        // Once the program runs out of steps on an item, the rest of the page is not run again.
        var outOfSteps: ItemQueryError?
        for index in sources.indices {
            guard sources[index].kind != .problem else {
                rows.append(sources[index])
                outputs.append(.null)
                continue
            }
            let value = values?[index] ?? (try? JSONParser.parse(sources[index].json)) ?? .string(sources[index].json)
            do throws(ItemQueryError) {
                if let outOfSteps { throw outOfSteps }
                for (ordinal, output) in try query.outputs(for: value).enumerated() {
                    rows.append(row(output, ordinal: ordinal, of: sources[index], passedThrough: output.sharesStorage(with: value)))
                    outputs.append(output)
                }
            } catch {
                if error.outOfSteps { outOfSteps = error }
                let text = TerminalText.sanitize("jq: \(error.message)")
                rows.append(sources[index].asProblem(text))
                outputs.append(.null)
            }
        }
        return (rows, outputs, sources)
    }

    /// Two settings are the same program when their text is (the configuration is compared
    /// whole in tests; a program's variables come with its text from one command line).
    public static func == (lhs: RowQuery, rhs: RowQuery) -> Bool { lhs.program == rhs.program }

    /// `passedThrough`: the output is the item's own value (`select`), whose JSON the item holds
    /// already; writing it again was a third of a keystroke at the `|` prompt over whole items.
    private func row(_ output: JSONValue, ordinal: Int, of item: Item, passedThrough: Bool) -> Item {
        let text = formatter.map { TerminalText.sanitize($0.text(for: output)) } ?? ""
        let json = passedThrough ? item.jsonText : SharedText(output.compactJSON)
        guard ordinal > 0 else { return Item(jsonText: json, text: text, id: item.id, identity: item.identity) }
        return Item(jsonText: json, text: text, id: item.id.map { "\($0)#\(ordinal)" }, identity: item.identity.output(ordinal))
    }
}

/// A page's rows as the store takes them: the rows, their values when known, and the items they
/// were made of when a program made them (nil when the rows are the items).
struct PageRows {
    let items: [Item]
    let values: [JSONValue]?
    let sources: [Item]?
}
