/// A value of the TOML infinilist reads (see `TOMLParser`), with the line it was written on kept
/// beside it in `TOMLTable`, so that every later complaint (an unknown setting, a missing
/// environment variable) can point at the line to fix.
public indirect enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// A date, a time or a date-time; no setting takes one, so it is read to be refused by name.
    case dateTime(TOMLDateTime)
    /// An array, or an array of tables (`[[name]]`): one `.table` per header.
    case array([TOMLValue])
    case table(TOMLTable)

    /// What the value is, in words, for error messages: "a string", "a table".
    public var kindName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a number"
        case .boolean: return "a boolean"
        case .dateTime(let dateTime): return dateTime.kindName
        case .array: return "an array"
        case .table: return "a table"
        }
    }

    /// The value as written, for messages that show it: a string in quotes with control
    /// characters escaped (nothing from the file can reach the terminal raw) and cut at 40
    /// characters; an array or a table by its kind.
    public var asWritten: String {
        switch self {
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return shown.debugDescription
        case .integer(let number): return String(number)
        case .float(let number): return String(number)
        case .boolean(let on): return on ? "true" : "false"
        case .dateTime(let dateTime): return dateTime.text
        case .array, .table: return kindName
        }
    }
}

/// A key, its value and the line the key is on.
public struct TOMLEntry: Sendable, Equatable {
    public let key: String
    public let value: TOMLValue
    public let line: Int
}

/// A TOML table: its entries in the order they were written (settings are applied in file order,
/// and errors are reported in it). Lookups by key are linear, for tests and small tables; the
/// parser builds tables with `TOMLTableBuilder`, which indexes its keys.
public struct TOMLTable: Sendable, Equatable {
    public let entries: [TOMLEntry]

    public init(entries: [TOMLEntry] = []) {
        self.entries = entries
    }

    public subscript(key: String) -> TOMLEntry? {
        entries.first { $0.key == key }
    }
}
