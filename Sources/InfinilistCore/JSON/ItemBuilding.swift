/// Builds the compact, display-ready `Item` the core stores for one JSON item. The parsed tree is
/// dropped afterwards (bounded memory), so everything the rows and the detail view need is
/// computed here once: the exact JSON, a sanitized one-line text, and the de-duplication id.
/// `idPath` `nil` means "no id" (no de-duplication); an id that is null, missing, an array or an
/// object also gives `nil`. Without a formatter the text is empty: a dump writing JSON shows none.
/// `json` is the value's compact JSON when the caller holds it already (`CompactItems`).
public func makeItem(_ value: JSONValue, json: String? = nil, formatter: ItemFormatter?, idPath: JSONPath?) -> Item {
    Item(
        json: json ?? value.compactJSON,
        text: formatter.map { TerminalText.sanitize($0.text(for: value)) } ?? "",
        id: idPath.flatMap { value[$0]?.idText }
    )
}
