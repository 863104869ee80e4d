import InfinilistCore

/// A page's items as a source hands them to the paging rules: parsed values (the demo, pipes and
/// files, GraphQL connections), or an HTTP answer's items array kept as compact JSON, one buffer
/// for the page (decision 88). The rules ask for what they need by position, so compact items are
/// parsed only where a tree is needed (a row's text, a table's values), a field is read from the
/// bytes, and a dump writing JSON parses no item twice.
public struct PageItems: Sendable {
    private enum Storage: Sendable {
        case values([JSONValue])
        case compact(CompactItems)
    }

    private var storage: Storage

    public init(_ values: [JSONValue]) {
        storage = .values(values)
    }

    public init(compact items: CompactItems) {
        storage = .compact(items)
    }

    public var count: Int {
        switch storage {
        case .values(let values): values.count
        case .compact(let items): items.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// Item `position` parsed.
    public func value(at position: Int) -> JSONValue {
        switch storage {
        case .values(let values): values[position]
        case .compact(let items): items.value(at: position)
        }
    }

    /// The last item, parsed: what a style reading a cursor from the last item needs.
    public var last: JSONValue? { isEmpty ? nil : value(at: count - 1) }

    /// Every item parsed: for sources that hold values, and for tests.
    public var values: [JSONValue] {
        switch storage {
        case .values(let values): values
        case .compact(let items): items.values
        }
    }

    /// Item `position` parsed, leaving `null` in its place when the page holds values, so that its
    /// tree is freed once its row is built (decision 82).
    public mutating func take(_ position: Int) -> JSONValue {
        switch storage {
        case .compact(let items):
            return items.value(at: position)
        case .values(var values):
            storage = .values([])   // the array is then held once, and changes in place
            let value = values[position]
            values[position] = .null
            storage = .values(values)
            return value
        }
    }

    /// Item `position`'s compact JSON when the page keeps it so (no parse needed), sharing the
    /// page's buffer; nil otherwise.
    public func compactJSON(at position: Int) -> SharedText? {
        guard case .compact(let items) = storage else { return nil }
        return items.json(at: position)
    }

    /// Whether item `position` is an object; on compact items read from its first byte.
    public func isObject(at position: Int) -> Bool {
        switch storage {
        case .values(let values): values[position].objectValue != nil
        case .compact(let items): items.json(at: position).withUTF8 { $0.first == UInt8(ascii: "{") }
        }
    }

    /// The value at `path` inside item `position`; on compact items read from the bytes.
    public func member(_ path: JSONPath, at position: Int) -> JSONValue? {
        switch storage {
        case .values(let values): values[position][path]
        case .compact(let items): items.member(path, at: position)
        }
    }

    /// A digest of the page, to tell whether it repeats the page before: its trees', or its
    /// bytes'. The two differ for the same items, and that costs nothing: a walk's pages come
    /// one way (compact for a dump writing JSON), and writing trees out to hash them as bytes
    /// took a fifth of a screen's work on large pages.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .values(let values): hasher.combine(values)
        case .compact(let items): items.hash(into: &hasher)
        }
    }
}
