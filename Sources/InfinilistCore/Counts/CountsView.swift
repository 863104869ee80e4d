/// The counts view (`#`): how often each value of a field occurs among the rows shown (after the
/// filter), most common first, with its share and a bar, as VisiData's frequency sheet. It
/// counts the rows in memory and goes on counting as pages arrive (`count(rows:in:)`); rows of
/// pages no longer in memory are said, not counted. Enter filters the list to the value under
/// the cursor.
public struct CountsView: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let value: FieldValue
        public fileprivate(set) var count: Int
        /// The order the value was first met: ties keep it.
        fileprivate let first: Int
    }

    public let path: JSONPath
    /// Most common first.
    public private(set) var entries: [Entry] = []
    /// Rows counted, and rows shown but not in memory (so not counted).
    public private(set) var counted = 0
    public private(set) var notInMemory = 0
    /// Store rows below this have been looked at.
    private(set) var scanned = 0
    public internal(set) var cursor = 0
    public internal(set) var top = 0
    private var index: [String?: Int] = [:]

    /// The most different values kept: past it the rest are counted as one "(other values)"
    /// would hide what the view is for; a field of ids is a list, not a frequency.
    static let maxValues = 10_000
    public private(set) var valuesLeftOut = 0

    public init(path: JSONPath) {
        self.path = path
    }

    /// Counts `rows` (store rows, ascending) from the store, then orders the values.
    mutating func count(rows: some Sequence<Int>, in store: PageStore) {
        let cursorValue = entries.indices.contains(cursor) ? entries[cursor].value : nil
        for row in rows {
            guard let item = store.item(at: row) else {
                notInMemory += 1
                continue
            }
            guard let value = FieldValue.of(item, path: path) else { continue }
            counted += 1
            if let at = index[value.json] {
                entries[at].count += 1
            } else if entries.count < Self.maxValues {
                index[value.json] = entries.count
                entries.append(Entry(value: value, count: 1, first: entries.count))
            } else {
                valuesLeftOut += 1
            }
        }
        entries.sort { ($0.count, -$0.first) > ($1.count, -$1.first) }
        index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.value.json, $0) })
        // The cursor stays on its value as the order changes.
        if let cursorValue, let at = index[cursorValue.json] { cursor = at }
    }

    /// Counts the store rows `scanned..<end` that `shown` keeps (the filter), and moves on.
    mutating func countNew(upTo end: Int, in store: PageStore, shown: (Int) -> Bool) {
        guard scanned < end else { return }
        count(rows: (scanned..<end).filter(shown), in: store)
        scanned = end
    }

    /// The share of the counted rows a count is, in percent.
    func percent(_ count: Int) -> Double { counted > 0 ? Double(count) * 100 / Double(counted) : 0 }

    mutating func moveCursor(to row: Int) {
        cursor = min(max(0, row), max(0, entries.count - 1))
    }
}
