/// A deterministic generator of small jq programs and JSON objects for property tests: the
/// forms `InputKeys` allows and forms it refuses, over the members `a`, `b`, `c` and `d`.
enum ProgramGenerator {
    static let names = ["a", "b", "c", "d"]

    static func program(depth: Int, using random: inout SeededRandom) -> String {
        if depth == 0 { return atom(using: &random) }
        let inner = { (random: inout SeededRandom) in program(depth: depth - 1, using: &random) }
        switch random.below(22) {
        case 0: return "\(inner(&random)) | \(inner(&random))"
        case 1: return "\(inner(&random)), \(inner(&random))"
        case 2: return "(\(inner(&random)) // \(inner(&random)))"
        case 3: return "(\(inner(&random)) and \(inner(&random)))"
        case 4: return "(\(inner(&random)) or \(inner(&random)))"
        case 5: return "(\(inner(&random)) == \(inner(&random)))"
        case 6: return "(\(inner(&random)) + \(inner(&random)))"
        case 7: return "(\(inner(&random)) < \(inner(&random)))"
        case 8: return "select(\(inner(&random)))"
        case 9: return "[\(inner(&random))]"
        case 10: return "{\(random.pick(names)): (\(inner(&random)))}"
        case 11: return "{\(random.pick(names)), \(random.pick(names))}"
        case 12: return "if \(inner(&random)) then \(inner(&random)) else \(inner(&random)) end"
        case 13: return "if \(inner(&random)) then \(inner(&random)) end"
        case 14: return "try (\(inner(&random)))"
        case 15: return "try (\(inner(&random))) catch (\(inner(&random)))"
        case 16: return "(\(inner(&random)))?"
        case 17: return "(\(inner(&random))) as $x | [$x, \(inner(&random))]"
        case 18: return "\"<\\(\(inner(&random)))>\""
        case 19: return "(\(inner(&random)) | not)"
        case 20: return "error(\(inner(&random)))"
        default: return "(\(inner(&random)) | \(random.pick(["length", "type", "keys", "tojson", "has(\"a\")", ".[]", "to_entries", "empty"])))"
        }
    }

    static func atom(using random: inout SeededRandom) -> String {
        let name = random.pick(names)
        switch random.below(12) {
        case 0: return "."
        case 1, 2: return ".\(name)"
        case 3: return ".\(name).\(random.pick(names))"
        case 4: return ".\"\(name)\""
        case 5: return ".\(name)?"
        case 6: return ".\(name)[]?"
        case 7: return ".\(name)[0]?"
        case 8: return ".[0]?"
        case 9: return "\(random.below(3))"
        case 10: return "\"\(name)\""
        default: return random.pick(["null", "true", "false", "type", "length", "keys", "empty"])
        }
    }

    /// An object of some of the members (a member may come twice), values of every kind.
    static func object(using random: inout SeededRandom) -> String {
        let count = random.below(6)
        let members = (0..<count).map { _ in "\"\(random.pick(names))\":\(value(depth: 2, using: &random))" }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func value(depth: Int, using random: inout SeededRandom) -> String {
        switch random.below(depth > 0 ? 9 : 6) {
        case 0: return "null"
        case 1: return random.below(2) == 0 ? "true" : "false"
        case 2: return "\(random.below(5))"
        case 3: return "1.5"
        case 4: return "\"\(random.pick(names + ["x y", "é", "q\\\"q", "\\\\"]))\""
        case 5: return "\"\(random.pick(names))\""
        case 6, 7:
            let items = (0..<random.below(3)).map { _ in value(depth: depth - 1, using: &random) }
            return "[" + items.joined(separator: ",") + "]"
        default:
            let members = (0..<random.below(3)).map { _ in "\"\(random.pick(names))\":\(value(depth: depth - 1, using: &random))" }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}

/// SplitMix64: the same numbers on every machine, so a failure can be run again.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
