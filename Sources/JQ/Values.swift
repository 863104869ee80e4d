import InfinilistCore

/// jq's view of `JSONValue`: type names, truth, numbers as doubles, and the total order. Numbers
/// stay literal text until arithmetic or comparison needs their value, so untouched input costs
/// no conversion.
extension JSONValue {
    /// The name `type` returns and error messages use.
    var jqTypeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// jq's truth: everything but `null` and `false`.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        default: true
        }
    }

    /// The number as a double; `nil` when this is not a number.
    var doubleValue: Double? {
        if case .number(let text) = self { return NumberText.double(text) }
        return nil
    }

    /// A number made by arithmetic, as text jq 1.6 would print (NaN and infinities keep a
    /// private spelling, "nan"/"inf", that the output writer turns into `null` / ±DBL_MAX).
    static func double(_ d: Double) -> JSONValue { .number(NumberText.internalText(d)) }

    static func int(_ i: Int) -> JSONValue { .number(String(i)) }

    /// How the value appears inside error messages: compact JSON cut at 11 bytes with `...`,
    /// as jq 1.6's 15-byte buffer does.
    var errorDump: String {
        let bytes = Array(JQOutput.compact(self).utf8)
        if bytes.count <= 14 { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[0..<11], as: UTF8.self) + "..."
    }

    /// `number (5)`: the type and truncated value, as in jq's type errors.
    var typeAndValue: String { "\(jqTypeName) (\(errorDump))" }
}

/// jq's ordering and equality: null < false < true < numbers < strings < arrays < objects;
/// strings by their UTF-8 bytes (not Swift's Unicode ordering), numbers as doubles (so `1 == 1.0`),
/// objects by their sorted keys first, then their values in key order.
enum Order {
    static func rank(_ v: JSONValue) -> Int {
        switch v {
        case .null: 0
        case .bool(let b): b ? 2 : 1
        case .number: 3
        case .string: 4
        case .array: 5
        case .object: 6
        }
    }

    static func compare(_ a: JSONValue, _ b: JSONValue) -> Int {
        let ra = rank(a), rb = rank(b)
        if ra != rb { return ra < rb ? -1 : 1 }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if x == y { return 0 }
            let dx = NumberText.double(x), dy = NumberText.double(y)
            // jq: NaN sorts below every number (two NaNs tie here, so sorting stays a total order).
            if dx.isNaN || dy.isNaN { return dx.isNaN ? (dy.isNaN ? 0 : -1) : 1 }
            if dx != dy { return dx < dy ? -1 : 1 }
            // Equal as doubles: numbers of more digits than a double holds compare exactly, as
            // jq 1.7 compares literals (13911860366432393 is not 13911860366432392).
            return NumberText.exactOrder(x, y)
        case (.string(let x), .string(let y)):
            return compareStrings(x, y)
        case (.array(let x), .array(let y)):
            for (u, v) in zip(x, y) {
                let c = compare(u, v)
                if c != 0 { return c }
            }
            return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
        case (.object(let x), .object(let y)):
            let kx = sortedKeys(x), ky = sortedKeys(y)
            let c = compare(.array(kx.map { .string($0) }), .array(ky.map { .string($0) }))
            if c != 0 { return c }
            for key in kx {
                let c = compare(x[key] ?? .null, y[key] ?? .null)
                if c != 0 { return c }
            }
            return 0
        default:
            return 0
        }
    }

    /// jq's `==`: as `compare`, except that NaN equals nothing, itself included.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .number(let x) = a, NumberText.double(x).isNaN { return false }
        return compare(a, b) == 0
    }

    static func compareStrings(_ x: String, _ y: String) -> Int {
        var i = x.utf8.makeIterator(), j = y.utf8.makeIterator()
        while true {
            switch (i.next(), j.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
            }
        }
    }

    static func sortedKeys(_ o: JSONObject) -> [String] {
        o.keys.sorted { compareStrings($0, $1) < 0 }
    }

    /// A stable sort by jq's order (Swift's `sort` is not guaranteed stable, jq's is).
    static func stableSorted<T>(_ items: [T], by key: (T) -> JSONValue) -> [T] {
        let indexed = items.enumerated().map { ($0.offset, $0.element, key($0.element)) }
        return indexed.sorted { l, r in
            let c = compare(l.2, r.2)
            return c != 0 ? c < 0 : l.0 < r.0
        }.map(\.1)
    }
}
