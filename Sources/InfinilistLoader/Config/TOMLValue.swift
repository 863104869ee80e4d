/// A value of the TOML subset infinilist reads (see `TOMLParser`), with the line it was written
/// on kept beside it in `TOMLTable`, so that every later complaint (an unknown setting, a missing
/// environment variable) can point at the line to fix.
public indirect enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    case table(TOMLTable)

    /// What the value is, in words, for error messages: "a string", "a table".
    public var kindName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a number"
        case .boolean: return "a boolean"
        case .array: return "an array"
        case .table: return "a table"
        }
    }
}

/// A key, its value and the line the key is on.
public struct TOMLEntry: Sendable, Equatable {
    public let key: String
    public internal(set) var value: TOMLValue
    public let line: Int
}

/// A TOML table: its entries in the order they were written (settings are applied in file order,
/// and errors are reported in it). Lookups are linear; config tables hold a handful of keys.
public struct TOMLTable: Sendable, Equatable {
    public internal(set) var entries: [TOMLEntry] = []
    /// Defined by a `[header]` or inline `{...}`: it cannot be defined again.
    var isDefined = false
    /// An inline table is complete once written: no key may be added to it later.
    var isSealed = false

    public init() {}

    public subscript(key: String) -> TOMLEntry? {
        entries.first { $0.key == key }
    }

    func index(of key: String) -> Int? {
        entries.firstIndex { $0.key == key }
    }
}
