import InfinilistCore

/// How a JSON item becomes an `Item`: the row text (`--format` or a guessed field) and the id used
/// for de-duplication (`--id`). Shared by every source so that all of them honour the same flags.
public struct ItemShape: Sendable {
    /// How the row text is made; nil when no row is shown (a dump writing JSON, `SourceOptions.rowText`):
    /// `Item.text` is then empty.
    public var formatter: ItemFormatter?
    public var idPath: JSONPath?
    /// Hand each page's parsed items on with its rows (`FetchedPage.values`), for a screen that
    /// may lay them out as a table: the paging rules hold them already, so the loader does not
    /// parse the rows' JSON again.
    public var keepsValues = false

    public init(formatter: ItemFormatter? = ItemFormatter(), idPath: JSONPath? = nil) {
        self.formatter = formatter
        self.idPath = idPath
    }

    /// From the command line's `--format TEMPLATE` and `--id PATH`; malformed ones are usage errors.
    public init(format: String?, idPath: String?) throws(SourceOptionError) {
        do throws(JSONPathError) {
            self.formatter = try ItemFormatter(template: format)
            if let idPath {
                self.idPath = try JSONPath(parsing: idPath)
            } else {
                self.idPath = nil
            }
        } catch {
            throw SourceOptionError(error.message)
        }
    }

    /// Whether a row is made from its item's parsed tree (its text, a table's values). When not
    /// (a dump writing JSON), an HTTP answer's items are kept as compact JSON and never parsed
    /// into trees (decision 88); when so, they are parsed once, as trees, as before: keeping them
    /// compact would parse every item twice.
    public var needsTrees: Bool { formatter != nil || keepsValues }

    public func item(from value: JSONValue) -> Item {
        makeItem(value, formatter: formatter, idPath: idPath)
    }

    /// Item `position` of `items`, with its tree when the row needed one (its text, a table's
    /// values). A dump writing JSON needs none: its JSON stays in the page's buffer, shared by the
    /// page's rows until they are written (decision 90), its id is read from the bytes, and no
    /// tree of it is ever built.
    func item(at position: Int, of items: inout PageItems) -> (item: Item, value: JSONValue?) {
        if !needsTrees, let json = items.compactJSON(at: position) {
            return (Item(jsonText: json, text: "", id: idPath.flatMap { items.member($0, at: position)?.idText }), nil)
        }
        let value = items.take(position)
        return (makeItem(value, json: items.compactJSON(at: position)?.string, formatter: formatter, idPath: idPath), value)
    }
}
