import InfinilistCore

/// Indexing as jq does it: `.[k]` on objects, arrays (fractional indices floor, negative ones
/// count from the end), null (always null), slices (`{"start":…,"end":…}` keys) and
/// `array[array]` (the positions where a sub-array starts).
enum Access {
    static func index(_ value: JSONValue, _ key: JSONValue) throws -> JSONValue {
        switch (value, key) {
        case (.object(let o), .string(let k)):
            return o[k] ?? .null
        case (.array(let a), .number):
            guard let i = arrayIndex(key, count: a.count) else { return .null }
            return a[i]
        case (.null, .string), (.null, .number), (.null, .object):
            return .null
        case (.array, .object(let o)), (.string, .object(let o)):
            guard let start = o["start"], let end = o["end"] else {
                throw JQRuntimeError("Start and end indices of an array slice must be numbers")
            }
            return try slice(value, start, end)
        case (.array(let a), .array(let b)):
            return .array(subarrayPositions(a, b).map { .int($0) })
        case (_, .string(let k)):
            throw JQRuntimeError("Cannot index \(value.jqTypeName) with string \"\(k)\"")
        default:
            throw JQRuntimeError("Cannot index \(value.jqTypeName) with \(key.jqTypeName)")
        }
    }

    /// The array position `key` names, or nil when it is outside the array.
    static func arrayIndex(_ key: JSONValue, count: Int) -> Int? {
        // jq truncates a fractional index toward zero (`.[1.5]` is `.[1]`, `.[-0.5]` is `.[0]`).
        guard let d = key.doubleValue?.rounded(.towardZero), d.isFinite, abs(d) < 1e15 else { return nil }
        var i = Int(d)
        if i < 0 { i += count }
        return i >= 0 && i < count ? i : nil
    }

    static func subarrayPositions(_ a: [JSONValue], _ b: [JSONValue]) -> [Int] {
        guard !b.isEmpty, b.count <= a.count else { return [] }
        var out: [Int] = []
        for i in 0...(a.count - b.count) where (0..<b.count).allSatisfy({ Order.equal(a[i + $0], b[$0]) }) {
            out.append(i)
        }
        return out
    }

    /// The clamped range a slice selects; bounds may be null (the ends) or fractional.
    static func sliceRange(_ from: JSONValue, _ to: JSONValue, count: Int) throws -> Range<Int> {
        func bound(_ v: JSONValue, _ otherwise: Int, roundUp: Bool) throws -> Int {
            if case .null = v { return otherwise }
            guard let d = v.doubleValue else { throw JQRuntimeError("Start and end indices of an array slice must be numbers") }
            if d.isNaN { return otherwise }   // jq 1.7: a NaN bound is the end it stands for
            var x = d < 0 ? d + Double(count) : d
            x = roundUp ? x.rounded(.up) : x.rounded(.down)
            return Int(max(0, min(Double(count), x)))
        }
        let s = try bound(from, 0, roundUp: false)
        let e = try bound(to, count, roundUp: true)
        return s..<max(s, e)
    }

    static func slice(_ value: JSONValue, _ from: JSONValue, _ to: JSONValue) throws -> JSONValue {
        switch value {
        case .null: return .null
        case .array(let a):
            return .array(Array(a[try sliceRange(from, to, count: a.count)]))
        case .string(let s):
            // jq slices strings by code points.
            let scalars = Array(s.unicodeScalars)
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[try sliceRange(from, to, count: scalars.count)])
            return .string(String(out))
        default:
            throw JQRuntimeError("Cannot index \(value.jqTypeName) with object")
        }
    }

    static func iterate(_ pv: PV, _ emit: Emit) throws {
        if pv.madeUp {
            throw JQRuntimeError("Invalid path expression near attempt to iterate through \(truncatedDump(pv.value, bufferSize: 30))")
        }
        switch pv.value {
        case .array(let a):
            for (i, v) in a.enumerated() { try emit(pv.appending(.int(i), v)) }
        case .object(let o):
            for (k, v) in o { try emit(pv.appending(.string(k), v)) }
        default:
            throw JQRuntimeError("Cannot iterate over \(pv.value.typeAndValue)")
        }
    }
}
