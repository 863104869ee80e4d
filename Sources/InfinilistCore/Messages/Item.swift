/// One entry of the list, stored compactly: the rows only ever need a line of text (or a table
/// row's cells), and Enter needs the exact JSON, so no parsed tree is kept: memory stays small
/// however many items are loaded.
public struct Item: Sendable, Equatable {
    /// The item as compact JSON, keys in the server's order, numbers as the server wrote them.
    public var json: String { jsonText.string }
    /// The row text: one line, already sanitized (no control characters), not yet clipped. In a
    /// table the cells are shown and matched instead. Empty in a dump that writes JSON, which
    /// shows no row (`ItemShape.formatter`).
    public let text: String
    /// The identity used to drop duplicates and to find an item again after a refresh.
    public let id: String?
    /// The table row's values, one per column of the layout; empty when rows are single lines.
    public let cells: [Cell]
    /// Which item this is for following a live list (items new at the top are those whose
    /// identity the list does not hold yet): `id`'s by default, else the JSON's; the loader
    /// gives a detected id's when `--id` is not given. The JSON's is hashed when asked for, not
    /// when the item is made: most lists never ask (a file, a pipe, a dump without `--follow`),
    /// and hashing every byte of every item was about 8% of the reading thread's time.
    public var identity: ItemIdentity { givenDigest == 0 ? .json(jsonText) : ItemIdentity(digest: givenDigest) }
    /// The identity's digest when it is not the JSON's (an id's, or one given), else 0, which no
    /// identity's digest is (an optional would make an item 80 bytes).
    private let givenDigest: Int
    /// `json` as it is held: its own string, or a range of its page's buffer in a dump writing
    /// JSON (`SharedText`), which is written out from there without a string being made. Kept
    /// beside `kind` so that an item stays 72 bytes.
    public let jsonText: SharedText
    /// What the row holds, so the screen can set apart what is not an item of the input.
    public let kind: Kind

    /// What a row holds. Input from a pipe or a file may have lines that are not JSON, and values
    /// that could not be kept; each still gets a row (nothing is lost silently), shown apart.
    public enum Kind: UInt8, Sendable, Equatable {
        /// A JSON value: an item of the list.
        case value
        /// A line of input that is not JSON; its JSON is the line as a string. Shown dimmed.
        case text
        /// In the place of input that could not be kept (a value longer than the limit, input
        /// that stops in the middle of a value): what happened, in the error style.
        case problem
    }

    public init(json: String, text: String, id: String? = nil, cells: [Cell] = [], identity: ItemIdentity? = nil, kind: Kind = .value) {
        self.init(jsonText: SharedText(json), text: text, id: id, cells: cells, identity: identity, kind: kind)
    }

    public init(jsonText: SharedText, text: String, id: String? = nil, cells: [Cell] = [], identity: ItemIdentity? = nil, kind: Kind = .value) {
        self.jsonText = jsonText
        self.text = text
        self.id = id
        self.cells = cells
        givenDigest = (identity ?? id.map(ItemIdentity.id))?.digest ?? 0
        self.kind = kind
    }

    private init(_ item: Item, text: String, cells: [Cell], kind: Kind, digest: Int? = nil) {
        jsonText = item.jsonText
        self.text = text
        id = item.id
        self.cells = cells
        givenDigest = digest ?? item.givenDigest
        self.kind = kind
    }

    /// Whether the item holds its identity (an id's, one given, or one kept).
    public var keepsIdentity: Bool { givenDigest != 0 }

    /// The same item holding its identity, hashed now if it is the JSON's: for an item whose
    /// identity is asked for again and again (a `|` program's rows are made anew on each key).
    public func keepingIdentity() -> Item {
        givenDigest != 0 ? self : Item(self, text: text, cells: cells, kind: kind, digest: identity.digest)
    }

    /// The same item with these cells (a table's row of it).
    public func withCells(_ cells: [Cell]) -> Item { Item(self, text: text, cells: cells, kind: kind) }

    /// The same item shown as a problem row with this text (a program failed on it).
    public func asProblem(_ text: String) -> Item { Item(self, text: text, cells: [], kind: .problem) }

    /// Two items are the same when all they hold is, their identities included (however each
    /// was made: given, or the JSON's; the JSON is hashed only when one holds its digest and the
    /// other does not).
    public static func == (lhs: Item, rhs: Item) -> Bool {
        lhs.jsonText == rhs.jsonText && lhs.text == rhs.text && lhs.id == rhs.id && lhs.cells == rhs.cells
            && lhs.kind == rhs.kind && (lhs.givenDigest == rhs.givenDigest || lhs.identity == rhs.identity)
    }

    /// The same item identified by `id` (a server-sent event's own id, when `--id` names none).
    public func identified(by id: String) -> Item {
        Item(jsonText: jsonText, text: text, id: id, cells: cells, kind: kind)
    }
}

extension Array where Element == Item {
    /// Each item's identity, read in place: `map(\.identity)` copies every item to read one
    /// field (four reference counts up and down), which was a tenth of a `|` keystroke.
    public var identities: [ItemIdentity] {
        indices.map { self[$0].identity }
    }
}
