import InfinilistCore

/// jq's binary operators: `+` (null is the identity; strings, arrays concatenate; objects
/// merge), `-` (arrays remove every equal element), `*` (objects merge deeply; a string times
/// n repeats it), `/` (strings split), `%` (on integers, C's sign rules), and the comparisons
/// in jq's total order, as jq 1.7 does them. Messages are jq's.
enum Arithmetic {
    typealias Operation = @Sendable (JSONValue, JSONValue) throws -> JSONValue

    static func operation(_ op: BinaryOp) -> Operation {
        switch op {
        case .add: add
        case .subtract: subtract
        case .multiply: multiply
        case .divide: divide
        case .modulo: modulo
        case .equal: { .bool(Order.equal($0, $1)) }
        case .notEqual: { .bool(!Order.equal($0, $1)) }
        case .less: { .bool(Order.compare($0, $1) < 0) }
        case .lessEqual: { .bool(Order.compare($0, $1) <= 0) }
        case .greater: { .bool(Order.compare($0, $1) > 0) }
        case .greaterEqual: { .bool(Order.compare($0, $1) >= 0) }
        }
    }

    static func failure(_ a: JSONValue, _ b: JSONValue, _ verb: String) -> JQRuntimeError {
        JQRuntimeError("\(a.typeAndValue) and \(b.typeAndValue) cannot be \(verb)")
    }

    static func add(_ a: JSONValue, _ b: JSONValue) throws -> JSONValue {
        switch (a, b) {
        case (.null, _): return b
        case (_, .null): return a
        case (.number(let x), .number(let y)): return .double(NumberText.double(x) + NumberText.double(y))
        case (.string(let x), .string(let y)):
            try Fuel.check(size: x.utf8.count + y.utf8.count, of: .string)
            return .string(x + y)
        case (.array(let x), .array(let y)):
            try Fuel.check(size: x.count + y.count, of: .array)
            return .array(x + y)
        case (.object(var x), .object(let y)):
            for (k, v) in y { x[k] = v }
            return .object(x)
        default: throw failure(a, b, "added")
        }
    }

    static func subtract(_ a: JSONValue, _ b: JSONValue) throws -> JSONValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .double(NumberText.double(x) - NumberText.double(y))
        case (.array(let x), .array(let y)):
            return .array(x.filter { item in !y.contains { Order.equal($0, item) } })
        default: throw failure(a, b, "subtracted")
        }
    }

    static func multiply(_ a: JSONValue, _ b: JSONValue) throws -> JSONValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .double(NumberText.double(x) * NumberText.double(y))
        case (.string(let s), .number(let n)), (.number(let n), .string(let s)):
            // jq 1.7: `Int(n)` (truncated) copies, "" below 1; null for a negative or NaN count.
            // A result past 512 MiB (`"abc" * infinite`) is an error, not an endless allocation.
            let d = NumberText.double(n)
            guard d >= 0 else { return .null }
            if s.isEmpty { return .string("") }
            guard d * Double(s.utf8.count) <= Double(1 << 29) else { throw JQRuntimeError("Repeat string result too long") }
            try Fuel.check(size: Int(d) * s.utf8.count, of: .string)
            return .string(repeated(s, Int(d)))
        case (.object(let x), .object(let y)): return .object(deepMerge(x, y))
        default: throw failure(a, b, "multiplied")
        }
    }

    /// `text` `count` times: its bytes written once, then the written part copied after itself
    /// until the end (`String(repeating:count:)` appends one copy at a time: 10,000,000 copies of
    /// "x" took a tenth of a second, and a key at the `|` prompt ran it over every item).
    static func repeated(_ text: String, _ count: Int) -> String {
        let piece = Array(text.utf8)
        let total = piece.count * count
        guard total > 0 else { return "" }
        return String(unsafeUninitializedCapacity: total) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            piece.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress else { return }
                base.initialize(from: from, count: piece.count)
            }
            var written = piece.count
            while written < total {
                let copy = min(written, total - written)
                (base + written).initialize(from: base, count: copy)
                written += copy
            }
            return total
        }
    }

    static func deepMerge(_ x: JSONObject, _ y: JSONObject) -> JSONObject {
        var out = x
        for (k, v) in y {
            if case .object(let inner) = v, case .object(let existing)? = out[k] {
                out[k] = .object(deepMerge(existing, inner))
            } else {
                out[k] = v
            }
        }
        return out
    }

    static func divide(_ a: JSONValue, _ b: JSONValue) throws -> JSONValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            let dy = NumberText.double(y)
            if dy == 0 { throw JQRuntimeError("\(a.typeAndValue) and \(b.typeAndValue) cannot be divided because the divisor is zero") }
            return .double(NumberText.double(x) / dy)
        case (.string(let x), .string(let y)):
            return .array(Strings.split(x, by: y).map { .string($0) })
        default: throw failure(a, b, "divided")
        }
    }

    static func modulo(_ a: JSONValue, _ b: JSONValue) throws -> JSONValue {
        guard case .number(let x) = a, case .number(let y) = b else { throw failure(a, b, "divided (remainder)") }
        let dx = NumberText.double(x), dy = NumberText.double(y)
        // jq 1.7: NaN on either side is NaN; infinities are the largest integers.
        if dx.isNaN || dy.isNaN { return .double(.nan) }
        let n = toInt(dx), d = toInt(dy)
        if d == 0 {
            throw JQRuntimeError("\(a.typeAndValue) and \(b.typeAndValue) cannot be divided (remainder) because the divisor is zero")
        }
        if d == -1 { return .int(0) }
        return .int(n % d)
    }

    /// jq 1.7's `dtoi`: a double to an integer, clamped to the integers' range.
    static func toInt(_ d: Double) -> Int {
        if d.isNaN { return 0 }
        if d >= 0x1p63 { return Int.max }
        if d < -0x1p63 { return Int.min }
        return Int(d)
    }
}

/// String helpers jq needs on code points rather than Swift's characters.
enum Strings {
    /// `"a,b" / ","`: jq splits on the separator's bytes. An empty separator splits into code
    /// points here; jq 1.6 does so for ASCII but keeps a multi-byte character whole.
    static func split(_ s: String, by separator: String) -> [String] {
        if s.isEmpty { return [] }
        if separator.isEmpty {
            return s.unicodeScalars.map { String($0) }
        }
        var out: [String] = []
        let bytes = Array(s.utf8), sep = Array(separator.utf8)
        var start = 0, i = 0
        while i + sep.count <= bytes.count {
            if bytes[i..<(i + sep.count)].elementsEqual(sep) {
                out.append(String(decoding: bytes[start..<i], as: UTF8.self))
                i += sep.count
                start = i
            } else {
                i += 1
            }
        }
        out.append(String(decoding: bytes[start...], as: UTF8.self))
        return out
    }
}
