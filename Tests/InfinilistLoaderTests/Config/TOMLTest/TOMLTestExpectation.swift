import Foundation
import InfinilistLoader
@testable import TOML

/// Compares a parsed document with toml-test's expected JSON, in which every scalar is an object
/// `{"type": "integer", "value": "42"}` (types: string, integer, float, bool, datetime,
/// datetime-local, date-local, time-local), and tables and arrays are JSON objects and arrays.
enum TOMLTestExpectation {
    /// What differs, or nil when the document is what `json` describes.
    static func mismatch(_ document: TOMLTable, json: String) -> String? {
        guard let expected = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else {
            return "the expected JSON does not parse"
        }
        return mismatch(.table(document), expected, at: "(root)")
    }

    private static func mismatch(_ value: TOMLValue, _ expected: Any, at path: String) -> String? {
        if let object = expected as? [String: Any], object.count == 2,
           let type = object["type"] as? String, let text = object["value"] as? String {
            return scalarMismatch(value, type: type, text: text) ? "\(path): \(value), expected \(type) \(text)" : nil
        }
        switch value {
        case .table(let table):
            guard let object = expected as? [String: Any] else { return "\(path): a table, expected \(expected)" }
            let keys = table.entries.map(\.key)
            guard keys.count == object.count, Set(keys) == Set(object.keys) else {
                return "\(path): keys \(keys.sorted()), expected \(object.keys.sorted())"
            }
            for entry in table.entries {
                guard let inner = object[entry.key] else { return "\(path): unexpected key \(entry.key)" }
                if let found = mismatch(entry.value, inner, at: path + "." + entry.key) { return found }
            }
            return nil
        case .array(let items):
            guard let array = expected as? [Any], array.count == items.count else {
                return "\(path): an array of \(items.count), expected \(expected)"
            }
            for (offset, (item, inner)) in zip(items, array).enumerated() {
                if let found = mismatch(item, inner, at: path + "[\(offset)]") { return found }
            }
            return nil
        default:
            return "\(path): \(value), expected \(expected)"
        }
    }

    /// True when `value` is not the scalar `text` of toml-test type `type`.
    private static func scalarMismatch(_ value: TOMLValue, type: String, text: String) -> Bool {
        switch (type, value) {
        case ("string", .string(let string)):
            return string != text
        case ("integer", .integer(let number)):
            return Int(text) != number
        case ("bool", .boolean(let on)):
            return text != (on ? "true" : "false")
        case ("float", .float(let number)):
            switch text {
            case "nan", "+nan", "-nan": return !number.isNaN
            case "inf", "+inf": return number != .infinity
            case "-inf": return number != -.infinity
            default: return Double(text) != number
            }
        case ("datetime", .dateTime(let found)), ("datetime-local", .dateTime(let found)),
             ("date-local", .dateTime(let found)), ("time-local", .dateTime(let found)):
            // The expected text is read by the parser too: its parts are compared, not its spelling.
            guard case .dateTime(let wanted)? = try? TOMLParser.parse("v = \(text)")["v"]?.value else { return true }
            let kinds: [String: TOMLDateTime.Kind] = [
                "datetime": .offsetDateTime, "datetime-local": .localDateTime,
                "date-local": .localDate, "time-local": .localTime,
            ]
            return found.kind != kinds[type] || found != wanted
        default:
            return true
        }
    }
}
