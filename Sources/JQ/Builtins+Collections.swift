import InfinilistCore

/// Arrays and objects: `keys has contains add sort sort_by group_by unique unique_by min max
/// min_by max_by flatten indices join`.
extension Builtins {
    static func array(_ v: JSONValue, _ what: String) throws -> [JSONValue] {
        guard case .array(let a) = v else { throw JQRuntimeError("\(v.typeAndValue) cannot be \(what), as it is not an array") }
        return a
    }

    /// Each element with the array of `f`'s outputs for it, the key jq sorts and groups by.
    /// Not an array: jq 1.6 computes the keys over `.[]` first, so scalars fail to iterate and
    /// objects fail with both values named.
    static func keyed(_ f: Code, _ input: PV, _ env: Env?, _ what: String) throws -> [(JSONValue, JSONValue)] {
        var pairs: [(JSONValue, JSONValue)] = []
        try Access.iterate(input.plain) { item in
            var keys: [JSONValue] = []
            try f(PV(item.value), env) { keys.append($0.value) }
            pairs.append((item.value, JSONValue.array(keys)))
        }
        guard case .array = input.value else {
            let keys = JSONValue.array(pairs.map(\.1))
            if what == "iterated over" { throw JQRuntimeError("\(input.value.typeAndValue) and \(keys.typeAndValue) cannot be iterated over") }
            throw JQRuntimeError("\(input.value.typeAndValue) and \(keys.typeAndValue) cannot be sorted, as they are not both arrays")
        }
        return pairs
    }

    static func minMaxItems(_ v: JSONValue) throws -> [(JSONValue, JSONValue)] {
        guard case .array(let a) = v else { throw JQRuntimeError("\(v.typeAndValue) and \(v.typeAndValue) cannot be iterated over") }
        return a.map { ($0, $0) }
    }

    static func byKey(_ f: @escaping @Sendable ([(JSONValue, JSONValue)]) throws -> JSONValue, _ what: String) -> Native {
        { args in
            let g = args[0]
            return { input, env, emit in try produce(try f(try keyed(g, input, env, what)), input, emit) }
        }
    }

    static func groups(_ items: [(JSONValue, JSONValue)]) -> [[JSONValue]] {
        var out: [[JSONValue]] = []
        var lastKey: JSONValue?
        for (item, key) in Order.stableSorted(items, by: \.1) {
            if let k = lastKey, Order.equal(k, key) { out[out.count - 1].append(item) } else { out.append([item]) }
            lastKey = key
        }
        return out
    }

    static func extreme(_ items: [(JSONValue, JSONValue)], min: Bool) -> JSONValue {
        guard var best = items.first else { return .null }
        for pair in items.dropFirst() {
            let c = Order.compare(pair.1, best.1)
            if min ? c < 0 : c >= 0 { best = pair }
        }
        return best.0
    }

    static func collections(_ t: inout [String: Native]) {
        t["keys/0"] = simple { v in
            switch v {
            case .object(let o): return .array(Order.sortedKeys(o).map { .string($0) })
            case .array(let a): return .array(a.indices.map { .int($0) })
            default: throw JQRuntimeError("\(v.typeAndValue) has no keys")
            }
        }
        t["keys_unsorted/0"] = simple { v in
            switch v {
            case .object(let o): return .array(o.keys.map { .string($0) })
            case .array(let a): return .array(a.indices.map { .int($0) })
            default: throw JQRuntimeError("\(v.typeAndValue) has no keys")
            }
        }
        t["has/1"] = unary { v, k in
            switch (v, k) {
            case (.object(let o), .string(let s)): return .bool(o[s] != nil)
            case (.null, _): return .bool(false)
            case (.array(let a), .number(let n)):
                let d = NumberText.double(n)
                return .bool(d >= 0 && d < Double(a.count))
            default: throw JQRuntimeError("Cannot check whether \(v.jqTypeName) has a \(k.jqTypeName) key")
            }
        }
        t["contains/1"] = unary { a, b in
            // Only the top level must agree in kind; inside, a different kind just does not match.
            guard Order.rank(a) == Order.rank(b) else {
                throw JQRuntimeError("\(a.typeAndValue) and \(b.typeAndValue) cannot have their containment checked")
            }
            return .bool(contains(a, b))
        }
        t["add/0"] = simple { v in
            var acc: JSONValue = .null
            try Access.iterate(PV(v)) { acc = try Arithmetic.add(acc, $0.value) }
            return acc
        }
        t["sort/0"] = simple { .array(Order.stableSorted(try array($0, "sorted"), by: { $0 })) }
        t["sort_by/1"] = byKey({ .array(Order.stableSorted($0, by: \.1).map(\.0)) }, "sorted")
        t["group_by/1"] = byKey({ .array(groups($0).map { .array($0) }) }, "grouped")
        t["unique/0"] = { _ in
            let identity: Code = { input, _, emit in try emit(input) }
            return { input, env, emit in
                let items = try keyed(identity, input, env, "grouped")
                try produce(.array(groups(items).compactMap(\.first)), input, emit)
            }
        }
        t["unique_by/1"] = byKey({ .array(groups($0).compactMap(\.first)) }, "grouped")
        t["min/0"] = simple { extreme(try minMaxItems($0), min: true) }
        t["max/0"] = simple { extreme(try minMaxItems($0), min: false) }
        t["min_by/1"] = byKey({ extreme($0, min: true) }, "iterated over")
        t["max_by/1"] = byKey({ extreme($0, min: false) }, "iterated over")
        t["flatten/0"] = simple { .array(try flatten(try elements($0), depth: 1e9)) }
        t["flatten/1"] = unary { v, d in
            let depth = try number(d)
            if depth < 0 { throw JQRuntimeError("flatten depth must not be negative") }
            return .array(try flatten(try elements(v), depth: depth))
        }
        t["indices/1"] = unary(indices)
        t["index/1"] = unary { v, i in
            guard case .array(let a) = try indices(v, i) else { return .null }
            return a.first ?? .null
        }
        t["rindex/1"] = unary { v, i in
            guard case .array(let a) = try indices(v, i) else { return .null }
            return a.last ?? .null
        }
        t["join/1"] = unary { v, sep in
            var out: JSONValue = .null
            try Access.iterate(PV(v)) { item in
                let prefix: JSONValue = out == .null ? .string("") : try Arithmetic.add(out, sep)
                // jq 1.6: null is empty, numbers and booleans are written, anything else is added
                // as is (so an array fails).
                let text: JSONValue
                switch item.value {
                case .null: text = .string("")
                case .number, .bool: text = .string(JQOutput.compact(item.value))
                default: text = item.value
                }
                out = try Arithmetic.add(prefix, text)
            }
            return out == .null ? .string("") : out
        }
        t["tostream/0"] = { _ in
            { input, _, emit in
                func walk(_ v: JSONValue, _ path: [JSONValue], top: Bool) throws {
                    switch v {
                    case .array(let a) where !a.isEmpty:
                        for (i, x) in a.enumerated() { try walk(x, path + [.int(i)], top: false) }
                        try produce(.array([.array(path + [.int(a.count - 1)])]), input, emit)
                    case .object(let o) where !o.isEmpty:
                        for (k, x) in o { try walk(x, path + [.string(k)], top: false) }
                        try produce(.array([.array(path + [.string(o[o.count - 1].key)])]), input, emit)
                    default:
                        try produce(.array([.array(path), v]), input, emit)
                    }
                }
                try walk(input.value, [], top: true)
            }
        }
    }

    /// `[.[]]`: an object's values too, as jq's `reduce .[]` takes them.
    static func elements(_ v: JSONValue) throws -> [JSONValue] {
        if case .array(let a) = v { return a }
        var out: [JSONValue] = []
        try Access.iterate(PV(v)) { out.append($0.value) }
        return out
    }

    static func flatten(_ items: [JSONValue], depth: Double) throws -> [JSONValue] {
        var out: [JSONValue] = []
        for item in items {
            if case .array(let inner) = item, depth > 0 {
                out += try flatten(inner, depth: depth - 1)
            } else {
                out.append(item)
            }
        }
        return out
    }

    /// jq 1.6's `indices`: sub-array positions, element positions, or byte offsets in strings.
    static func indices(_ v: JSONValue, _ i: JSONValue) throws -> JSONValue {
        switch (v, i) {
        case (.array(let a), .array(let b)): return .array(Access.subarrayPositions(a, b).map { .int($0) })
        case (.array(let a), _): return .array(Access.subarrayPositions(a, [i]).map { .int($0) })
        case (.string(let s), .string(let sub)):
            let bytes = Array(s.utf8), needle = Array(sub.utf8)
            guard !needle.isEmpty, needle.count <= bytes.count else { return needle.isEmpty ? .null : .array([]) }
            return .array((0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.map { .int($0) })
        default: return try Access.index(v, i)
        }
    }

    static func contains(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            for (k, v) in y {
                guard let mine = x[k], contains(mine, v) else { return false }
            }
            return true
        case (.array(let x), .array(let y)):
            for v in y where !x.contains(where: { contains($0, v) }) { return false }
            return true
        case (.string(let x), .string(let y)):
            return y.isEmpty || !Strings.split(x, by: y).dropFirst().isEmpty
        default:
            // jq 1.6 counts true and false as different kinds: `true | contains(false)` fails.
            return Order.rank(a) == Order.rank(b) && Order.equal(a, b)
        }
    }
}
