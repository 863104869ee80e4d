/// A page's rows in memory: its items as they arrived, and the rows it no longer fills (a page
/// fetched again that came back shorter or without a row's item, a gap row): none, usually.
///
/// The items stay the array they came in. An array of optionals, as the store kept before,
/// copied every item of every page on its way in (four reference counts up, and down again when
/// the page's array was freed): a tenth of a keystroke at the `|` prompt over 10,000 items.
struct SlotItems: Sendable {
    /// The items, row by row; a hole's place holds `Item.absent`, never shown.
    private(set) var items: [Item]
    /// Offsets with no item.
    private var holes: Set<Int> = []

    init(_ items: [Item]) {
        self.items = items
    }

    init(filling rows: [Item?]) {
        items = rows.indices.map { rows[$0] ?? Item.absent }
        holes = Set(rows.indices.filter { rows[$0] == nil })
    }

    var count: Int { items.count }

    /// Rows holding an item.
    var present: Int { items.count - holes.count }

    /// `body` applied to the item at `offset`, lent; nil for a hole or an offset past the end.
    func withItem<Result>(at offset: Int, _ body: (borrowing Item) -> Result) -> Result? {
        guard items.indices.contains(offset), !holes.contains(offset) else { return nil }
        return body(items[offset])
    }

    /// The item at `offset`; nil for a hole or an offset past the end.
    subscript(offset: Int) -> Item? {
        withItem(at: offset) { copy $0 }
    }

    /// The items, holes left out.
    var presentItems: [Item] {
        holes.isEmpty ? items : items.indices.filter { !holes.contains($0) }.map { items[$0] }
    }

    /// The identities of the items, holes left out.
    var identities: [ItemIdentity] {
        holes.isEmpty ? items.identities : presentItems.identities
    }

    /// Each item replaced by `transform` of it; holes stay holes.
    func map(_ transform: (Item) -> Item) -> SlotItems {
        var mapped = self
        for index in items.indices where !holes.contains(index) { mapped.items[index] = transform(items[index]) }
        return mapped
    }
}

extension Item {
    /// What a hole in a page's rows holds (`SlotItems`): never shown, never asked for.
    static let absent = Item(json: "null", text: "")
}
