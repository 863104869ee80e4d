import InfinilistCore

/// `getpath`, `setpath` and `delpaths` on values: the primitives under `path(f)`, `del`,
/// `to_entries`-style helpers and every assignment operator.
enum Paths {
    static func elements(_ path: JSONValue) throws -> [JSONValue] {
        guard case .array(let keys) = path else { throw JQRuntimeError("Path must be specified as an array") }
        return keys
    }

    static func get(_ value: JSONValue, _ path: [JSONValue]) throws -> JSONValue {
        var v = value
        for key in path {
            if case .null = v { return .null }
            v = try Access.index(v, key)
        }
        return v
    }

    static func set(_ value: JSONValue, _ path: [JSONValue], _ newValue: JSONValue) throws -> JSONValue {
        try set(value, path[...], newValue)
    }

    private static func set(_ value: JSONValue, _ path: ArraySlice<JSONValue>, _ newValue: JSONValue) throws -> JSONValue {
        guard let key = path.first else { return newValue }
        let rest = path.dropFirst()
        var value = value
        if case .null = value {
            switch key {
            case .string: value = .object(JSONObject())
            case .number, .object: value = .array([])
            default: break
            }
        }
        switch (value, key) {
        case (.object(var o), .string(let k)):
            let child = o[k] ?? .null
            o[k] = .null  // release the child so it is updated in place when possible
            o[k] = try set(child, rest, newValue)
            return .object(o)
        case (.array(var a), .number):
            guard let d = key.doubleValue, !d.isNaN else { throw JQRuntimeError("Cannot set array element at NaN index") }
            guard d.isFinite else { throw JQRuntimeError("Cannot index array with number") }
            var i = Arithmetic.toInt(d)
            if i < 0 {
                i += a.count
                if i < 0 { throw JQRuntimeError("Out of bounds negative array index") }
            }
            if i >= a.count {
                if i > 100_000_000 { throw JQRuntimeError("Array index too large") }
                a.append(contentsOf: repeatElement(JSONValue.null, count: i - a.count + 1))
            }
            let child = a[i]
            a[i] = .null
            a[i] = try set(child, rest, newValue)
            return .array(a)
        case (.array(let items), .object(let o)):
            let range = try Access.sliceRange(o["start"] ?? .null, o["end"] ?? .null, count: items.count)
            let replaced = try set(.array(Array(items[range])), rest, newValue)
            guard case .array(let inserted) = replaced else {
                throw JQRuntimeError("A slice of an array can only be assigned another array")
            }
            var out = items
            out.replaceSubrange(range, with: inserted)
            return .array(out)
        case (.string, .object):
            throw JQRuntimeError("Cannot update string slices")
        case (_, .string(let k)):
            throw JQRuntimeError("Cannot index \(value.jqTypeName) with string \"\(k)\"")
        default:
            throw JQRuntimeError("Cannot index \(value.jqTypeName) with \(key.jqTypeName)")
        }
    }
}
