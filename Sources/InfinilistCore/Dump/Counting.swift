/// `--dump --count FIELD`: how often each value of a field occurs over the whole walk (VisiData's
/// frequency sheet, as JSON lines): `{"value":V,"count":N}`, most common first, equal counts in
/// the order their values were first met. With `--jq` the program's outputs are counted. A
/// missing field counts as null. Written when the list has ended whole; like `--slurp`, a walk
/// that fails or is interrupted writes nothing, and past `maxValues` distinct values the dump
/// stops and says so (a count of ids is a list, not a frequency).
public struct Counting: Sendable {
    public let path: JSONPath
    /// The field as the user wrote it, for messages.
    public let name: String
    /// The most distinct values counted.
    public let maxValues: Int
    /// Each value's compact JSON, with its count and the order it was first met.
    private var counts: [String: (count: Int, first: Int)] = [:]
    private(set) var items = 0

    public init(path: JSONPath, name: String, maxValues: Int = 1_000_000) {
        self.path = path
        self.name = name
        self.maxValues = maxValues
    }

    /// Counts the field of each value; false once there are more than `maxValues` values.
    mutating func count(_ values: [JSONValue]) -> Bool {
        for value in values {
            let key = (value[path] ?? .null).compactJSON
            items += 1
            if let entry = counts[key] {
                counts[key] = (entry.count + 1, entry.first)
            } else {
                guard counts.count < maxValues else { return false }
                counts[key] = (1, counts.count)
            }
        }
        return true
    }

    /// The lines, most common first.
    var lines: [String] {
        counts.sorted { ($0.value.count, -$0.value.first) > ($1.value.count, -$1.value.first) }
            .map { #"{"value":\#($0.key),"count":\#($0.value.count)}"# }
    }
}

extension DumpModel {
    /// `effects` with the items (or the program's outputs) counted instead of written, and the
    /// counts written when the list has ended whole.
    mutating func counting(_ effects: [Effect], into counting: inout Counting) -> [Effect] {
        var applied: [Effect] = []
        for effect in effects {
            let values: [JSONValue]
            switch effect {
            case .output(let items, .json):
                values = items.map { (try? JSONParser.parse($0.json)) ?? .string($0.json) }
            case .outputLines(let lines):
                values = lines.map { (try? JSONParser.parse($0)) ?? .string($0) }
            case .quit(0, let output):
                applied.append(.outputLines(counting.lines))
                applied.append(.quit(code: queryFailures > 0 ? Self.queryFailedStatus : 0, output: output))
                continue
            case .quit(let code, let output):
                wroteNothing = true
                applied.append(.report("infinilist: --count: the list did not end whole; nothing written"))
                applied.append(.quit(code: code, output: output))
                continue
            default:
                applied.append(effect)
                continue
            }
            guard counting.count(values) else {
                wroteNothing = true
                return applied + [
                    .report("infinilist: --count \(counting.name): more than \(NumberText.grouped(counting.maxValues)) different values by item \(NumberText.grouped(counting.items)); nothing written. Count a field with fewer values (a state, a label, an author)"),
                    .quit(code: 1, output: []),
                ]
            }
        }
        return applied
    }
}
