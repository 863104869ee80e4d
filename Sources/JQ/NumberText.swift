/// Numbers as jq reads and prints them: a plain integer literal passes through as written (jq
/// 1.7), every other number goes through a double, and prints with
/// the shortest digits that read back to it (17 at most), in fixed notation unless the decimal
/// exponent is below -4 or more than 15 digits past the last significant one (`1e+17`,
/// `1e-05`, `1234567890123456800`). NaN prints `null`, infinities ±1.7976931348623157e+308.
enum NumberText {
    /// The double a literal stands for. Short integers are parsed by hand: the common case
    /// (`.a > 5`) should not go through the general parser.
    static func double(_ text: String) -> Double {
        var utf8 = text.utf8.makeIterator()
        var value = 0.0
        var negative = false
        var count = 0
        while let c = utf8.next() {
            if c == UInt8(ascii: "-") && count == 0 && !negative { negative = true; continue }
            guard c >= 48 && c <= 57, count < 15 else { return Double(text) ?? .nan }
            value = value * 10 + Double(c - 48)
            count += 1
        }
        if count == 0 { return Double(text) ?? .nan }
        return negative ? -value : value
    }

    /// Text kept inside a `.number` made by arithmetic: already in jq's printed form, except
    /// NaN and infinities, which no JSON text can spell.
    static func internalText(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        // Integers below 1e15 print as themselves (the common case: counts, sums).
        if d == d.rounded(), abs(d) < 1e15, !(d == 0 && d.sign == .minus) { return String(Int(d)) }
        return format(d)
    }

    /// What `jq -c` prints for a number literal: a plain integer as written, whatever its
    /// length (jq 1.7 keeps a literal it did not change: a 64-bit id passes through whole), else
    /// via a double.
    static func output(_ text: String) -> String {
        if isPlainInteger(text) { return text }
        let d = Double(text) ?? .nan
        if d.isNaN { return "null" }
        return format(d)
    }

    /// `-?(0|[1-9][0-9]*)`: an integer written as JSON writes one, no fraction or exponent.
    static func isPlainInteger(_ text: String) -> Bool {
        var digits = 0
        var first: UInt8 = 0
        for (i, c) in text.utf8.enumerated() {
            if i == 0 && c == UInt8(ascii: "-") { continue }
            if c < 48 || c > 57 { return false }
            if digits == 0 { first = c }
            digits += 1
        }
        return digits > 0 && (first != 48 || digits == 1)
    }

    /// Two numbers that are one double, by their exact decimal values: 0 unless one of them is
    /// written with more digits than a double holds (then `13911860366432393` is above
    /// `13911860366432392` and equal to `1.3911860366432393e16`, whatever the spelling).
    static func exactOrder(_ x: String, _ y: String) -> Int {
        guard x.utf8.count > 15 || y.utf8.count > 15, let a = decimal(x), let b = decimal(y) else { return 0 }
        let signA = a.digits.isEmpty ? 0 : (a.negative ? -1 : 1), signB = b.digits.isEmpty ? 0 : (b.negative ? -1 : 1)
        if signA != signB { return signA < signB ? -1 : 1 }
        if signA == 0 { return 0 }
        var magnitude: Int
        if a.exponent != b.exponent {
            magnitude = a.exponent < b.exponent ? -1 : 1
        } else if a.digits == b.digits {
            magnitude = 0
        } else {
            magnitude = a.digits.lexicographicallyPrecedes(b.digits) ? -1 : 1
        }
        if a.negative { magnitude = -magnitude }
        return magnitude
    }

    /// A JSON number as `0.DIGITS × 10^exponent`, without leading or trailing zeros in DIGITS
    /// (none for zero); nil for text that is no JSON number (`nan`, `inf`).
    static func decimal(_ text: String) -> (negative: Bool, digits: [UInt8], exponent: Int)? {
        let bytes = Array(text.utf8)
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i += 1 }
        var digits: [UInt8] = []
        var beforePoint = 0, inFraction = false
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if c >= 48, c <= 57 {
                digits.append(c)
                if !inFraction { beforePoint += 1 }
            } else {
                break
            }
            i += 1
        }
        var exponent = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            guard let written = Int(String(decoding: bytes[i...].filter { $0 != UInt8(ascii: "+") }, as: UTF8.self)), abs(written) < 1 << 40 else { return nil }
            exponent = written
            i = bytes.count
        }
        guard i == bytes.count, !digits.isEmpty else { return nil }
        let leading = digits.prefix { $0 == 48 }.count
        guard leading < digits.count else { return (negative, [], 0) }
        var significant = Array(digits[leading...])
        while significant.last == 48 { significant.removeLast() }
        return (negative, significant, beforePoint - leading + exponent)
    }

    /// jq 1.6's printing of a double (its `jvp_dtoa_fmt`).
    static func format(_ value: Double) -> String {
        if value.isNaN { return "null" }
        var d = value
        if d.isInfinite { d = d < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude }
        if d == 0 { return d.sign == .minus ? "-0" : "0" }
        // Swift's description has the shortest round-trip digits; only the layout differs.
        let description = String(describing: d.magnitude)
        var mantissa = Substring(description)
        var exponent = 0
        if let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = description[..<e]
            exponent = Int(description[description.index(after: e)...]) ?? 0
        }
        var digits: [UInt8] = []
        var pointAt = -1
        for c in mantissa.utf8 {
            if c == UInt8(ascii: ".") { pointAt = digits.count } else { digits.append(c) }
        }
        var decpt = (pointAt < 0 ? digits.count : pointAt) + exponent
        while let f = digits.first, f == UInt8(ascii: "0") { digits.removeFirst(); decpt -= 1 }
        while let l = digits.last, l == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return "0" }
        let n = digits.count
        var out: [UInt8] = d < 0 ? [UInt8(ascii: "-")] : []
        if decpt <= -4 || decpt > n + 15 {
            out.append(digits[0])
            if n > 1 { out.append(UInt8(ascii: ".")); out.append(contentsOf: digits[1...]) }
            out.append(UInt8(ascii: "e"))
            var e = decpt - 1
            out.append(e < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            e = abs(e)
            let text = e < 10 ? "0\(e)" : "\(e)"
            out.append(contentsOf: text.utf8)
        } else if decpt <= 0 {
            out.append(contentsOf: "0.".utf8)
            out.append(contentsOf: [UInt8](repeating: UInt8(ascii: "0"), count: -decpt))
            out.append(contentsOf: digits)
        } else if decpt >= n {
            out.append(contentsOf: digits)
            out.append(contentsOf: [UInt8](repeating: UInt8(ascii: "0"), count: decpt - n))
        } else {
            out.append(contentsOf: digits[0..<decpt])
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: digits[decpt...])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
